// A small pool of worker threads running one plain CommonJS source (evaluated, so no build step
// or loader has to know about the thread's file: it runs the same from TypeScript source under
// tsx or vitest, from the compiled host in dist/, and inside Next's server bundle). The thread
// resolves packages with `from(name)`, a require rooted at this module's own location, inside
// the project, so Node finds the project's node_modules (a bundler rewrites require.resolve in
// bundled code, so packages are resolved in the thread, by Node itself).
//
// Calls wait for a free thread; each thread runs `perThread` calls at once. Threads start on
// demand up to the pool's size, stay idle without keeping the process alive, and a thread that
// dies fails its calls and is replaced on the next one. Each thread may lower its own priority
// (`nice`: Linux's nice value is per thread), never raising the one it inherited.
//
// The thread's source assigns `handle`, an async function of (message, workerData) answering
// { value, transfer? }; it sees `from`, `workerData` and Node's own modules through `require`.
import path from 'node:path'
import { Worker } from 'node:worker_threads'

const RESOLVE_FROM = typeof import.meta.url === 'string' && import.meta.url ? import.meta.url : path.join(process.cwd(), 'package.json')

const preamble = (source: string) => `
const { parentPort, workerData } = require('node:worker_threads')
const from = require('node:module').createRequire(workerData.resolveFrom)
if (workerData.nice) {
  const os = require('node:os')
  try { if (os.getPriority() < workerData.nice) os.setPriority(workerData.nice) } catch {}
}
let handle
${source}
parentPort.on('message', async ({ id, message }) => {
  try {
    const { value, transfer = [] } = await handle(message, workerData)
    parentPort.postMessage({ id, value }, transfer)
  } catch (error) {
    parentPort.postMessage({ id, error: { name: (error && error.name) || 'Error', message: (error && error.message) || String(error) } })
  }
})
`

export type ThreadPoolOptions = {
  /** CommonJS that assigns `handle = async (message, workerData) => ({ value, transfer })`. */
  source: string
  /** What the thread is, for the error when it stops: "The inference thread stopped …". */
  name: string
  /** Threads at most; read at each call, so a setting made before the first call applies. */
  size: () => number
  /** Calls one thread runs at once. @default 1 */
  perThread?: number
  /** Data every thread starts with (a new thread reads it when it starts). */
  workerData?: () => Record<string, unknown>
  /** The nice value a new thread lowers itself to. @default 0 */
  nice?: () => number
}

export type ThreadPool<Message, Value> = {
  run(message: Message, transfer?: readonly ArrayBuffer[]): Promise<Value>
  /** Stops every thread (tests, shutdown); the next call starts new ones. */
  stop(): Promise<void>
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void }
type Thread = { worker: Worker; pending: Map<number, Pending> }
type Call = { message: unknown; transfer: readonly ArrayBuffer[]; answer: Pending }

/** An error a thread reported, as the same kind of error (a TypeError stays one). */
function errorFrom({ name, message }: { name: string; message: string }): Error {
  const error = name === 'TypeError' ? new TypeError(message) : name === 'RangeError' ? new RangeError(message) : new Error(message)
  if (error.name !== name) error.name = name
  return error
}

export function threadPool<Message, Value>(options: ThreadPoolOptions): ThreadPool<Message, Value> {
  const { name, size, perThread = 1 } = options
  const source = preamble(options.source)
  const threads: Thread[] = []
  const waiting: Call[] = []
  let nextId = 0

  function startThread(): Thread {
    const worker = new Worker(source, {
      eval: true,
      workerData: { ...options.workerData?.(), resolveFrom: RESOLVE_FROM, nice: options.nice?.() ?? 0 },
    })
    const thread: Thread = { worker, pending: new Map() }
    worker.on('message', (reply: { id: number; value?: unknown; error?: { name: string; message: string } }) => {
      const answer = thread.pending.get(reply.id)
      thread.pending.delete(reply.id)
      if (!thread.pending.size) worker.unref()
      if (!answer) return
      if (reply.error) answer.reject(errorFrom(reply.error))
      else answer.resolve(reply.value)
    })
    const fail = (error: Error) => {
      const index = threads.indexOf(thread)
      if (index >= 0) threads.splice(index, 1)
      const answers = [...thread.pending.values()]
      thread.pending.clear()
      for (const answer of answers) answer.reject(error)
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`${name} stopped (exit code ${code})`)))
    worker.unref()
    threads.push(thread)
    return thread
  }

  function dispatch() {
    while (waiting.length) {
      const thread =
        threads.find((t) => t.pending.size < perThread) ?? (threads.length < Math.max(1, size()) ? startThread() : null)
      if (!thread) return
      const call = waiting.shift()!
      const id = nextId++
      const settle =
        <T>(then: (value: T) => void) =>
        (value: T) => {
          then(value)
          dispatch()
        }
      thread.pending.set(id, { resolve: settle(call.answer.resolve), reject: settle(call.answer.reject) })
      // Keeps the process alive while an answer is due (a script waiting only on it would exit).
      thread.worker.ref()
      thread.worker.postMessage({ id, message: call.message }, [...call.transfer])
    }
  }

  return {
    run: (message, transfer = []) =>
      new Promise<Value>((resolve, reject) => {
        waiting.push({ message, transfer, answer: { resolve: resolve as (value: unknown) => void, reject } })
        dispatch()
      }),
    stop: async () => {
      const stopping = threads.splice(0)
      await Promise.all(stopping.map((thread) => thread.worker.terminate()))
    },
  }
}
