// Starts src/host/embedded/services-process.ts as a child (compiled or from source, as
// src/host/entries.ts says) and waits until its services are ready. The child stops its services
// when told (stop()) and by itself when this process dies, however it dies: its standard input is
// a pipe from here, which closes then.
import { spawn } from 'node:child_process'
import type { StartedServices } from './services'
import { entryNodeArgs } from '../entries'

type Options = {
  dataDir: string
  /** Throw-away services, wiped when stopped (tests, benchmarks). */
  ephemeral?: boolean
  /** Start both services whatever DATABASE_URL and S3_* say (tests, benchmarks). */
  all?: boolean
  /** Its own process group: the terminal's Ctrl+C does not reach it (the launcher). */
  detached?: boolean
  env?: NodeJS.ProcessEnv
}

/** How long a stop may take before the child is killed (PostgreSQL's fast shutdown takes ~1 s). */
const STOP_TIMEOUT_MS = 30_000

export async function startServicesProcess({
  dataDir,
  ephemeral = false,
  all = false,
  detached = false,
  env = process.env,
}: Options): Promise<StartedServices & { pid: number }> {
  const args = [...entryNodeArgs('services-process'), dataDir, ...(ephemeral ? ['ephemeral'] : []), ...(all ? ['all'] : [])]
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'], detached, env })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const ready = await new Promise<Pick<StartedServices, 'env' | 'started'>>((resolve, reject) => {
    let out = ''
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const newline = out.indexOf('\n')
      if (newline < 0) return
      child.stdout!.off('data', onData)
      try {
        resolve(JSON.parse(out.slice(0, newline)))
      } catch (error) {
        reject(new Error(`The services process said something unexpected: ${out.slice(0, 200)}`, { cause: error }))
      }
    }
    child.stdout!.on('data', onData)
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`The embedded services could not start (exit ${code}): see above`)))
  })
  // Anything it prints later is the services' own log: pass it on.
  child.stdout!.pipe(process.stdout)

  return {
    ...ready,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      await exited
      clearTimeout(timer)
    },
  }
}
