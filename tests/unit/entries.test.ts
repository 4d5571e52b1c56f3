// The entry points' two ways to start (src/host/entries.ts): package.json's `npm start` and
// `npm run worker` run exactly the compiled files the launcher's own children run, and from
// source every entry is a file of ours run under tsx.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENTRIES, type Entry, entryNodeArgs, ROOT, TSX_NODE_ARGS } from '../../src/host/entries'

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
    expect(entryNodeArgs('serve', { compiled: false })).toEqual([...TSX_NODE_ARGS, path.join(ROOT, 'src/host/serve.ts')])
    for (const file of Object.values(ENTRIES)) expect(existsSync(path.join(ROOT, file)), file).toBe(true)
  })
})
