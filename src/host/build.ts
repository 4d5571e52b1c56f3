// The second half of `npm run build` (after `next build`): each entry point of src/host/entries.ts,
// with everything it imports from the project (host, services, endpoints, jobs, collections, the
// Payload config), bundled by esbuild into one ES module, dist/<name>.js, so production starts
// plain Node on JavaScript instead of compiling TypeScript at every start. Bundling resolves the
// `@/…` path aliases and the extension-less relative imports, which Node's own ES module loader
// would not; packages stay outside (Node resolves them from node_modules, as under tsx).
// Usage: tsx src/host/build.ts
import { build } from 'esbuild'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { BUNDLE_OPTIONS, DIST_DIR, ENTRIES, ROOT } from './entries'

rmSync(DIST_DIR, { recursive: true, force: true })
await build({
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(ROOT, file)])),
  outdir: DIST_DIR,
  ...BUNDLE_OPTIONS,
  sourcemap: true,
  logLevel: 'warning',
})
console.log(`✓ Compiled ${Object.keys(ENTRIES).length} entry points to ${path.relative(ROOT, DIST_DIR)}/`)
