// docs/architecture.md §2: dependencies point one way. The services (src/server) never import the
// host, an endpoint, a public page's code or the Payload config; nothing but the host and the
// tests imports the host; React components, the admin views and the isomorphic library never
// import server code; product code never imports the tests (a test's seam is injected). Imports
// are resolved through tsconfig's path aliases (`@/…`) as well.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(__dirname, '../..')

/** tsconfig's `paths` (`@/*` → `./src/*`, `@payload-config` → `./payload.config.ts`…). */
const ALIASES: Array<[prefix: string, target: string]> = Object.entries(
  (JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } })
    .compilerOptions.paths,
).map(([alias, [target]]) => [alias.replace(/\*$/, ''), target.replace(/\*$/, '')])

/** The path from the root an import names, or the package name as written. */
function resolveImport(file: string, spec: string): string {
  if (spec.startsWith('.')) return path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), spec))
  for (const [prefix, target] of ALIASES) {
    if (prefix.endsWith('/') ? spec.startsWith(prefix) : spec === prefix) return path.relative(ROOT, path.resolve(ROOT, target + spec.slice(prefix.length)))
  }
  return spec
}

/** Our TypeScript sources under `dir`: not declaration files, nor what Next generates or npm installs there (the example app's). */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !/(^|\/)(\.next|node_modules)\//.test(file))
}

/** Every module a file imports, resolved to a path from the root (relative and aliased imports) or kept as named. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8')
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((match) => match[1])
  return specs.map((spec) => resolveImport(file, spec))
}

function offending(dirs: string[], forbidden: RegExp): string[] {
  return dirs.flatMap((dir) =>
    sourceFiles(dir).flatMap((file) => importsOf(file).filter((target) => forbidden.test(target)).map((target) => `${file} → ${target}`)),
  )
}

describe('the layout', () => {
  it('keeps the services free of the host, endpoints, public pages and the config', () => {
    expect(offending(['src/server'], /^(src\/host|endpoints|media-public|src\/app|payload\.config)(\/|$|\.ts$)/)).toEqual([])
  })

  it('lets only the host import the host', () => {
    expect(offending(['src/server', 'src/lib', 'src/components', 'src/admin', 'src/app', 'endpoints', 'media-public', 'collections', 'jobs'], /^src\/host(\/|$)/)).toEqual([])
  })

  it('keeps the tests out of the product: no product file imports from tests/ (seams are injected)', () => {
    const product = ['src', 'endpoints', 'media-public', 'collections', 'jobs']
    expect(offending(product, /^tests(\/|$)/)).toEqual([])
  })

  it('keeps React components, the admin views and the isomorphic library off server code', () => {
    expect(offending(['src/components', 'src/lib', 'src/admin'], /^(src\/server|src\/host)(\/|$)/)).toEqual([])
  })

  it('resolves aliased imports, so an `@/server/…` import counts as server code', () => {
    expect(resolveImport('src/admin/x.tsx', '@/server/env')).toBe('src/server/env')
    expect(resolveImport('src/server/x.ts', '@payload-config')).toBe('payload.config.ts')
    expect(resolveImport('src/admin/x.tsx', 'react')).toBe('react')
  })

  // package.json's `sideEffects` lets the bundlers (Next's, esbuild's) drop a module a file takes
  // nothing from: a module imported only for what it does when it loads must be listed, or its
  // import disappears from the bundle (a worker entry that exits at once, zod evaluating in the browser).
  /** The file an extension-less import names (`./text` is `./text.ts`), from the root. */
  const moduleFile = (target: string) =>
    ['.ts', '.tsx', '/index.ts', ''].map((ending) => target + ending).find((file) => existsSync(path.join(ROOT, file)) && statSync(path.join(ROOT, file)).isFile()) ??
    target

  it("lists in package.json's sideEffects every project module imported only for what it does on load", () => {
    const { sideEffects } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { sideEffects: string[] }
    const listed = (file: string) =>
      sideEffects.some((entry) => (entry.startsWith('*.') ? file.endsWith(entry.slice(1)) : entry === `./${file}`))
    const bareImports = ['src', 'media-public', 'collections', 'endpoints', 'jobs', 'tests', 'bench', 'examples'].flatMap((dir) =>
      sourceFiles(dir).flatMap((file) =>
        [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)]
          .map((match) => resolveImport(file, match[1]))
          .filter((target) => /^(src|media-public|collections|endpoints|jobs|tests|bench|examples)\//.test(target))
          .map(moduleFile),
      ),
    )
    expect(bareImports.length).toBeGreaterThan(0)
    expect(bareImports.filter((file) => !listed(file))).toEqual([])
  })
})

// docs/properties-design.md §3.2 with one property ("A" is the installation): the action each
// endpoint declares (src/server/http/endpoint.ts refuses before its handler runs), read from the
// tree. The prepared reads (GET /sections…, /media-files, /media-files/stats) are 'public' in
// endpoint.ts's preparedEndpoints, each with its public or admin answer.
// prettier-ignore
const ENDPOINT_ACTIONS: Record<string, string> = {
  'analysis.ts POST /media-files/analyze-all': 'analyze',
  'auth.ts GET /user': 'public',
  'auth.ts POST /login': 'public',
  'auth.ts GET /register': 'public',
  'auth.ts POST /register': 'public',
  'auth.ts POST /logout': 'public',
  'backup.ts GET /backup/status': 'backup',
  'backup.ts POST /backup/create': 'backup',
  'backup.ts POST /backup/restore': 'restore',
  'backup.ts GET /backups': 'backup',
  'backup.ts GET /backups/:id/download': 'backup',
  'duplicates.ts GET /duplicates': 'scan',
  'duplicates.ts POST /duplicates/scan': 'scan',
  'media-files.ts POST /media-files': 'upload',
  'media-files.ts POST /media-files/batch': 'upload',
  'media-files.ts DELETE /media-files/:id': 'delete',
  'media-files.ts PUT /media-files/:id/section': 'edit-room',
  'media-files.ts PUT /media-files/:id/metadata': 'edit-metadata',
  'media-files.ts GET /media-files/:id/edits': 'edit-photo',
  'media-files.ts PUT /media-files/:id/edits': 'edit-photo',
  'media-files.ts DELETE /media-files/:id/edits': 'edit-photo',
  'metrics.ts POST /metrics/load-times': 'public',
  'health.ts GET /health': 'public',
  'objects.ts POST /objects/upload': 'upload',
  // Anyone may ask; only a record the caller may read is answered.
  'doc-access.ts POST /access/:id?': 'public',
  'properties.ts POST /:id/remove': 'manage-properties',
  'runs.ts GET /': 'view-hidden',
  'runs.ts GET /:id': 'view-hidden',
  'sections.ts POST /sections/:sectionId/bulk-assign': 'place',
  'share-links.ts POST /share-links': 'share',
  'share-links.ts GET /share-links': 'share',
  'share-links.ts DELETE /share-links/:id': 'share',
  'listing.ts GET /listing-readiness': 'view-hidden',
  'listing.ts PUT /listing-channels/:channel': 'export',
  'listing.ts PUT /listing-channels/:channel/cover-crops': 'export',
  'listing.ts POST /exports': 'export',
  'listing.ts GET /exports/:runId/download': 'export',
  'sections.ts PUT /sections/:sectionId/reorder': 'reorder',
  'uploader.ts GET /s3/params': 'upload',
  'uploader.ts POST /s3/multipart': 'upload',
  'uploader.ts GET /s3/multipart/:uploadId': 'upload',
  'uploader.ts GET /s3/multipart/:uploadId/:partNumber': 'upload',
  'uploader.ts POST /s3/multipart/:uploadId/complete': 'upload',
  'uploader.ts DELETE /s3/multipart/:uploadId': 'upload',
}

const ACTION_NAMES = new Set([
  'public', 'view-hidden', 'edit-metadata', 'edit-room', 'place', 'reorder', 'upload', 'delete', 'analyze', 'scan',
  'backup', 'restore', 'share', 'export', 'edit-photo', 'edit-settings', 'manage-accounts', 'manage-properties',
])

describe('endpoint actions', () => {
  const files = sourceFiles('endpoints')
  const declared = files.flatMap((file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8')
    const calls = [...text.matchAll(/\bendpoint\(([^)]*?)async/g)].map((match) => match[1])
    return calls.map((args) => {
      const found = /^\s*'(get|post|put|patch|delete)',\s*'([^']*)',\s*'([a-z-]+)',\s*$/.exec(args)
      return { file: path.basename(file), args, found }
    })
  })

  it('every endpoint names its action (or public) as a literal', () => {
    expect(declared.filter((call) => !call.found || !ACTION_NAMES.has(call.found[3])).map((call) => `${call.file}: endpoint(${call.args}`)).toEqual([])
  })

  it('declares the action of the design matrix for every endpoint, and no endpoint is left out', () => {
    const actions = Object.fromEntries(declared.map(({ file, found }) => [`${file} ${found![1].toUpperCase()} ${found![2]}`, found![3]]))
    expect(actions).toEqual(ENDPOINT_ACTIONS)
  })

  it('builds no endpoint by hand: each goes through endpoint() and its check', () => {
    const handMade = files.filter((file) => /\bhandler\s*:/.test(readFileSync(path.join(ROOT, file), 'utf8')))
    expect(handMade).toEqual([])
  })
})

