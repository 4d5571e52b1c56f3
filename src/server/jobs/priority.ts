// The priority of background work. A process that only runs jobs (`npm run worker`) may share
// the cores with a web server, which must answer a visitor first. Linux's nice value belongs to
// each thread, not to the process: the worker lowers every thread it has (the main thread,
// libuv's pool where sharp decodes, V8's helpers), and threads started later (the inference
// threads, sharp's own) inherit it from the thread that starts them. Only ever lowered: a worker
// started under `nice -n 15` keeps 15.
//
// Nice ranks threads within one scheduling group. Linux first shares the cores between groups:
// control groups (a systemd service, a container) and, outside them, autogroups (one per session,
// when the kernel's autogroup is on). A worker in a group of its own competes with the app's group
// as an equal whatever its nice value: give its service or container a lower CPU weight there
// (docs/operations.md, "Outgrowing one machine").
import fs from 'node:fs'
import os from 'node:os'

/**
 * WORKER_NICE's default: background work, well below the web server (nice 0), which comes first
 * when a request arrives; alone on the machine the worker still gets every idle cycle.
 */
export const DEFAULT_WORKER_NICE = 10

/** WORKER_NICE (0–19, higher is lower priority) for `npm run worker`; 10 unless set. */
export function workerNice(env: Record<string, string | undefined> = process.env): number {
  const value = Number((env.WORKER_NICE ?? '').trim() || Number.NaN)
  return Number.isInteger(value) && value >= 0 && value <= 19 ? value : DEFAULT_WORKER_NICE
}

/** Sets this thread's nice value to `nice` unless it is already lower priority; false where it cannot. */
export function lowerThreadPriority(nice: number, tid = 0): boolean {
  try {
    if (os.getPriority(tid) < nice) os.setPriority(tid, nice)
    return true
  } catch {
    return false
  }
}

/** Lowers every thread of this process (Linux: /proc/self/task); elsewhere the calling thread only. */
export function lowerProcessPriority(nice: number): void {
  let tids: number[] = []
  try {
    tids = fs.readdirSync('/proc/self/task').map(Number)
  } catch {
    lowerThreadPriority(nice)
    return
  }
  for (const tid of tids) lowerThreadPriority(nice, tid)
}
