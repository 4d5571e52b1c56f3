// Child processes for the crash tests: started with node itself (not npx) from a bundle of their
// entry (child-entry.ts), so a signal reaches the process that holds the connections, with their
// output collected for the test to wait on.
import { type ChildProcess, spawn } from 'node:child_process'
import { childEntryArgs } from './child-entry'

export type Child = {
  process: ChildProcess
  /** Everything printed so far, stdout and stderr together. */
  output: () => string
  /** Resolves when the output matches; rejects when the child exits first or the deadline passes. */
  waitFor: (pattern: RegExp | string, timeoutMs?: number) => Promise<void>
  /** Resolves when the child has exited, with the signal that ended it, if any. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export function spawnChild(file: string, args: string[], env: NodeJS.ProcessEnv = process.env, options: { detached?: boolean } = {}): Child {
  const child = spawn(process.execPath, [...childEntryArgs(file), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  })
  let output = ''
  const listeners = new Set<() => void>()
  const onData = (chunk: Buffer) => {
    output += chunk.toString()
    for (const listener of listeners) listener()
  }
  child.stdout!.on('data', onData)
  child.stderr!.on('data', onData)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      for (const listener of listeners) listener()
      resolve({ code, signal })
    }),
  )
  const matches = (pattern: RegExp | string) => (typeof pattern === 'string' ? output.includes(pattern) : pattern.test(output))
  const waitFor = (pattern: RegExp | string, timeoutMs = 240_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (matches(pattern)) return done(resolve)
        if (child.exitCode !== null || child.signalCode !== null) {
          return done(() => reject(new Error(`${file} exited before printing ${pattern}:\n${output.slice(-4000)}`)))
        }
      }
      const timer = setTimeout(
        () => done(() => reject(new Error(`${file} did not print ${pattern} within ${timeoutMs} ms:\n${output.slice(-4000)}`))),
        timeoutMs,
      )
      const done = (settle: () => void) => {
        clearTimeout(timer)
        listeners.delete(check)
        settle()
      }
      listeners.add(check)
      check()
    })
  return { process: child, output: () => output, waitFor, exited }
}

/** SIGKILL, as a crash or the OOM killer would, and waits until it is gone. */
export async function killHard(child: Child): Promise<void> {
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL')
  const { signal } = await child.exited
  if (signal !== 'SIGKILL' && child.process.signalCode !== 'SIGKILL') {
    throw new Error(`The child ended before it was killed:\n${child.output().slice(-4000)}`)
  }
}

/** SIGTERM (the worker's own clean stop), SIGKILL after the deadline. */
export async function stopGently(child: Child, timeoutMs = 30_000): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return
  child.process.kill('SIGTERM')
  const timer = setTimeout(() => child.process.kill('SIGKILL'), timeoutMs)
  await child.exited
  clearTimeout(timer)
}
