// The jobs worker's priority (src/server/jobs/priority.ts): every thread of the process at
// WORKER_NICE, threads started later too, and never a higher priority than it already has.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { DEFAULT_WORKER_NICE, lowerThreadPriority, workerNice } from '../../src/server/jobs/priority'

const ROOT = path.resolve(__dirname, '../..')
const linux = process.platform === 'linux'

function niceOf(tid: number, pid: number | 'self' = 'self'): number {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
}

describe('WORKER_NICE', () => {
  it('is 10 unless set to a whole number from 0 to 19', () => {
    expect(DEFAULT_WORKER_NICE).toBe(10)
    expect(workerNice({})).toBe(10)
    expect(workerNice({ WORKER_NICE: '' })).toBe(10)
    expect(workerNice({ WORKER_NICE: '19' })).toBe(19)
    expect(workerNice({ WORKER_NICE: ' 0 ' })).toBe(0)
    expect(workerNice({ WORKER_NICE: '20' })).toBe(10)
    expect(workerNice({ WORKER_NICE: '-5' })).toBe(10)
    expect(workerNice({ WORKER_NICE: '7.5' })).toBe(10)
    expect(workerNice({ WORKER_NICE: 'low' })).toBe(10)
  })
})

describe.runIf(linux)('the priority of background threads (Linux: nice is per thread)', () => {
  it('lowers one thread, and never raises it again', async () => {
    // A thread that tells its id and waits.
    const thread = new Worker(
      `const { parentPort } = require('node:worker_threads');
       parentPort.postMessage(Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()));
       setInterval(() => {}, 1000)`,
      { eval: true },
    )
    try {
      const tid = await new Promise<number>((resolve) => thread.once('message', resolve))
      const before = niceOf(tid)
      expect(lowerThreadPriority(Math.max(before, 12), tid)).toBe(true)
      expect(niceOf(tid)).toBe(Math.max(before, 12))
      expect(lowerThreadPriority(3, tid)).toBe(true)
      expect(niceOf(tid)).toBe(Math.max(before, 12))
      // This thread is left as it was.
      expect(niceOf(Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]))).toBe(before)
    } finally {
      await thread.terminate()
    }
  })

  it('lowers every thread of a process, and the threads it starts afterwards inherit it', () => {
    const script = `
      import fs from 'node:fs'
      import { Worker } from 'node:worker_threads'
      import { lowerProcessPriority } from './src/server/jobs/priority.ts'
      const nices = () => fs.readdirSync('/proc/self/task').map((tid) => {
        const stat = fs.readFileSync('/proc/self/task/' + tid + '/stat', 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
      })
      const before = nices().length
      lowerProcessPriority(14)
      const thread = new Worker("setInterval(() => {}, 1000); import('node:worker_threads').then((m) => m.parentPort.postMessage('up'))", { eval: true })
      thread.once('message', async () => {
        console.log(JSON.stringify({ before, nices: nices() }))
        await thread.terminate()
      })
    `
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 })
    expect(child.status, child.stderr).toBe(0)
    const { before, nices } = JSON.parse(child.stdout.trim().split('\n').pop()!) as { before: number; nices: number[] }
    expect(nices.length).toBeGreaterThan(before)
    expect(nices.every((nice) => nice === 14)).toBe(true)
    // A child process compiling TypeScript: as long as its own time limit, on a busy machine.
  }, 60_000)
})
