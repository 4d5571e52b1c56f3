// The entry points' two ways to start (src/host/entries.ts): package.json's `npm start` and
// `npm run worker` run exactly the compiled files the launcher's own children run, and from
// source every entry is a file of ours run under tsx.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENTRIES, type Entry, entryNodeArgs, nextNodeOptions, nextServerArgs, ROOT, TSX_NODE_ARGS } from '../../src/host/entries'

const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
const compiledCommand = (name: Entry, ...args: string[]) =>
  ['node', ...entryNodeArgs(name, { compiled: true }).map((arg) => (path.isAbsolute(arg) ? path.relative(ROOT, arg) : arg)), ...args].join(' ')

describe('entry points', () => {
  it('npm start runs the compiled launcher with the production condition', () => {
    expect(scripts.start).toBe('node --conditions=production dist/launch.js start')
    expect(scripts.start).toBe(compiledCommand('launch', 'start'))
  })

  it('npm run worker runs the compiled worker with the production condition', () => {
    expect(scripts.worker).toBe('node --conditions=production dist/run-worker.js')
    expect(scripts.worker).toBe(compiledCommand('run-worker'))
  })

  it('runs an entry from source under tsx', () => {
    expect(entryNodeArgs('run-worker', { compiled: false })).toEqual([...TSX_NODE_ARGS, path.join(ROOT, 'src/host/run-worker.ts')])
    for (const file of Object.values(ENTRIES)) expect(existsSync(path.join(ROOT, file)), file).toBe(true)
  })
})

describe("Next's own server", () => {
  it('runs next start or next dev on the given port, naming 127.0.0.1 localhost (its rewrites then stay inside)', () => {
    const next = path.join(ROOT, 'node_modules/next/dist/bin/next')
    expect(nextServerArgs('start', { port: '3100', hostname: '127.0.0.1' })).toEqual([
      next, 'start', ROOT, '--port', '3100', '--hostname', 'localhost', '--keepAliveTimeout', '65000',
    ])
    expect(nextServerArgs('dev', { port: '3000', hostname: '0.0.0.0' })).toEqual([next, 'dev', ROOT, '--port', '3000', '--hostname', '0.0.0.0'])
  })

  it('keeps the NODE_OPTIONS given and adds the production condition and IPv4 first', () => {
    expect(nextNodeOptions(undefined)).toBe('--conditions=production --dns-result-order=ipv4first')
    expect(nextNodeOptions('--max-old-space-size=2048')).toBe('--max-old-space-size=2048 --conditions=production --dns-result-order=ipv4first')
  })
})
