// Our processes' entry points, how one is started as a child process, and how Next's own server
// is started for this app. `npm run build`
// compiles each, with everything it imports from the project, into one JavaScript file,
// dist/<name>.js (src/host/build.ts): `npm start` and `npm run worker` run those with plain Node,
// and code running compiled starts its children from dist/ too. Code running from its TypeScript
// source (`npm run dev`, the tests) starts them from source, with tsx's loader.
// Either way Node gets the "production" export condition: packages stay outside the build and
// Node resolves them, and without that condition Lexical (inside the Payload config) resolves to
// its development wrappers, each a top-level `await import()` of the real module; under tsx's
// loader Node now and then exited with 13 ("unsettled top-level await") while a web of them was
// linking. The production builds load without a top-level await.
import type { BuildOptions } from 'esbuild'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ENTRIES = {
  launch: 'src/host/launch.ts',
  'run-worker': 'src/host/run-worker.ts',
  'services-process': 'src/host/embedded/services-process.ts',
} as const

export type Entry = keyof typeof ENTRIES

export const PRODUCTION_CONDITION = '--conditions=production'

/** Node's arguments that run a TypeScript file of ours from source. */
export const TSX_NODE_ARGS: readonly string[] = [PRODUCTION_CONDITION, '--import', 'tsx']

const self = fileURLToPath(import.meta.url)
/** Compiled, this module is part of a bundle dist/<name>.js; from source it is src/host/entries.ts. */
const runningCompiled = self.endsWith('.js')
export const ROOT = path.resolve(path.dirname(self), runningCompiled ? '..' : '../..')
export const DIST_DIR = path.join(ROOT, 'dist')

export const compiledEntry = (name: Entry) => path.join(DIST_DIR, `${name}.js`)

/** How an entry is bundled (src/host/build.ts): one ES module for Node 24, packages left to Node. */
export const BUNDLE_OPTIONS = {
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  tsconfig: path.join(ROOT, 'tsconfig.json'),
} satisfies BuildOptions

/**
 * Node's arguments that start an entry: its compiled file when this code runs compiled (or when
 * `compiled` says so), else its source under tsx.
 */
export function entryNodeArgs(name: Entry, { compiled = runningCompiled }: { compiled?: boolean } = {}): string[] {
  return compiled ? [PRODUCTION_CONDITION, compiledEntry(name)] : [...TSX_NODE_ARGS, path.join(ROOT, ENTRIES[name])]
}

/**
 * The name Next's server gives itself for a listening address. Next writes a loopback address as
 * `localhost` in the URL the proxy sees, and sends a rewrite to an origin other than its own out as
 * an HTTP request of its own: on 127.0.0.1 the server is named `localhost`, and Node is told to
 * take the IPv4 address for that name, so it still listens on 127.0.0.1.
 */
export const nextHostname = (hostname: string) => (hostname === '127.0.0.1' ? 'localhost' : hostname)

/** NODE_OPTIONS for Next's server: those given, the "production" condition (above), IPv4 first for `localhost`. */
export const nextNodeOptions = (given = process.env.NODE_OPTIONS) =>
  [given, PRODUCTION_CONDITION, '--dns-result-order=ipv4first'].filter(Boolean).join(' ')

/** Node's arguments that run Next's own server for this app: `next start` (the build) or `next dev`. */
export function nextServerArgs(mode: 'start' | 'dev', { port, hostname }: { port: string; hostname: string }): string[] {
  const next = createRequire(path.join(ROOT, 'package.json')).resolve('next/dist/bin/next')
  return [next, mode, ROOT, '--port', port, '--hostname', nextHostname(hostname), ...(mode === 'start' ? ['--keepAliveTimeout', '65000'] : [])]
}
