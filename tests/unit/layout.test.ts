// ARCHITECTURE.md §2: dependencies point one way. The services (src/server) never import the
// host, an endpoint, a public page's code or the Payload config; nothing but the host and the
// tests imports the host.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(__dirname, '../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
}

/** Every module a file imports, resolved to a path from the root (relative imports) or kept as named. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8')
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((match) => match[1])
  return specs.map((spec) => (spec.startsWith('.') ? path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), spec)) : spec))
}

function offending(dirs: string[], forbidden: RegExp): string[] {
  return dirs.flatMap((dir) =>
    sourceFiles(dir).flatMap((file) => importsOf(file).filter((target) => forbidden.test(target)).map((target) => `${file} → ${target}`)),
  )
}

describe('the layout', () => {
  it('keeps the services free of the host, endpoints, public pages and the config', () => {
    expect(offending(['src/server'], /^(src\/host|endpoints|media-public|src\/app|payload\.config)(\/|$)|^@payload-config$/)).toEqual([])
  })

  it('lets only the host import the host', () => {
    expect(offending(['src/server', 'src/lib', 'src/components', 'src/admin', 'src/app', 'endpoints', 'media-public', 'collections', 'jobs', 'globals'], /^src\/host(\/|$)/)).toEqual([])
  })

  it('keeps React components and the isomorphic library off server code', () => {
    expect(offending(['src/components', 'src/lib'], /^(src\/server|src\/host)(\/|$)/)).toEqual([])
  })
})
