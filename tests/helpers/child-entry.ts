// The integration tests' child processes (workers, app instances, backup runs, the services under
// test) start from a bundle of their entry, as `npm start` and `npm run worker` start from dist/
// (src/host/build.ts): one esbuild bundle of the entry with everything it imports from the
// project, packages left to Node. Under tsx's loader a child spent about 10 s of CPU loading the
// Payload config before it ran any of its work, bundled about 3 s; a suite starts dozens of them,
// on two cores shared with the end-to-end lane. The bundle is made once per entry and test
// process, named by its content (two runs side by side write the same file, or each its own).
import { buildSync } from 'esbuild'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { BUNDLE_OPTIONS, PRODUCTION_CONDITION, ROOT } from '../../src/host/entries'

/** One level below the root, as dist/ is: a bundled src/host/entries.ts finds the root from there. */
export const CHILD_BUNDLE_DIR = path.join(ROOT, '.test-children')

const bundles = new Map<string, string>()

/**
 * `next/server` and the like: Next's package has no exports map, so Node's own resolver (which
 * the bundle's imports meet, unlike tsx's or Next's bundler) needs the file's name.
 */
const NEXT_SUBPATHS = Object.fromEntries(['dynamic', 'headers', 'link', 'navigation', 'server'].map((name) => [`next/${name}`, `next/${name}.js`]))

const DAY_MS = 24 * 60 * 60 * 1000

/** Bundles of earlier sources (a run's use of a bundle renews its time). */
function forgetOldBundles() {
  for (const name of fs.readdirSync(CHILD_BUNDLE_DIR)) {
    const file = path.join(CHILD_BUNDLE_DIR, name)
    const stat = fs.statSync(file, { throwIfNoEntry: false })
    if (stat && Date.now() - stat.mtimeMs > DAY_MS) fs.rmSync(file, { force: true })
  }
}

function bundleOf(file: string): string {
  const source = path.resolve(ROOT, file)
  const made = bundles.get(source)
  if (made) return made
  const [output] = buildSync({
    entryPoints: [source],
    outfile: path.join(CHILD_BUNDLE_DIR, 'entry.js'),
    write: false,
    ...BUNDLE_OPTIONS,
    logLevel: 'warning',
    alias: NEXT_SUBPATHS,
  }).outputFiles
  const hash = createHash('sha256').update(output.contents).digest('hex').slice(0, 16)
  const bundle = path.join(CHILD_BUNDLE_DIR, `${path.basename(source, '.ts')}-${hash}.js`)
  if (fs.existsSync(bundle)) {
    const now = new Date()
    fs.utimesSync(bundle, now, now)
  } else {
    fs.mkdirSync(CHILD_BUNDLE_DIR, { recursive: true })
    const partial = `${bundle}.${process.pid}.partial`
    fs.writeFileSync(partial, output.contents)
    fs.renameSync(partial, bundle)
    forgetOldBundles()
  }
  bundles.set(source, bundle)
  return bundle
}

/** Node's arguments that run a TypeScript entry of the tests (a path from the root) as a child. */
export const childEntryArgs = (file: string): string[] => [PRODUCTION_CONDITION, bundleOf(file)]
