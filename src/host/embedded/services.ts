// Starts whatever the environment does not provide (PostgreSQL, the S3-compatible store,
// the Payload secret) and returns the environment that points the app at them.
import path from 'node:path'
import { readOrCreateSecret } from './secret'
import { startEmbeddedPostgres } from './postgres'
import { type EmbeddedS3, startEmbeddedS3 } from './s3'
import { csrfOrigins, type EnvVars } from '../../server/env'

export type StartedServices = {
  env: Record<string, string>
  started: string[]
  stop: () => Promise<void>
}

type Options = {
  dataDir: string
  env?: EnvVars
  /** Throw-away services for tests: wiped when stopped. */
  ephemeral?: boolean
  log?: (line: string) => void
}

export async function startMissingServices({
  dataDir,
  env = process.env,
  ephemeral = false,
  log,
}: Options): Promise<StartedServices> {
  const out: Record<string, string> = {}
  const started: string[] = []
  const stops: Array<() => Promise<void>> = []
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined)
  }

  try {
    if (!env.PAYLOAD_SECRET) out.PAYLOAD_SECRET = await readOrCreateSecret(path.join(dataDir, 'payload-secret'))

    if (!env.DATABASE_URL) {
      const pg = await startEmbeddedPostgres({ dir: path.join(dataDir, 'postgres'), persistent: !ephemeral, log })
      stops.push(pg.stop)
      out.DATABASE_URL = pg.url
      started.push(`PostgreSQL (embedded) on ${pg.url.replace(/:[^:@/]+@/, ':***@')}`)
    }

    if (!env.S3_ENDPOINT) {
      const s3 = await startEmbeddedS3({
        dir: path.join(dataDir, 's3'),
        resetOnClose: ephemeral,
        // The pages that upload straight to the store are the app's own.
        allowedOrigins: csrfOrigins(env),
      })
      stops.push(s3.stop)
      Object.assign(out, embeddedStoreEnv(s3))
      started.push(`S3-compatible store (embedded) on ${s3.endpoint}, bucket ${s3.bucket}`)
    }
  } catch (error) {
    await stop()
    throw error
  }

  return { env: out, started, stop }
}

/** The S3_* settings that point the app at an embedded store. */
export function embeddedStoreEnv(s3: Pick<EmbeddedS3, 'endpoint' | 'bucket' | 'region' | 'accessKeyId' | 'secretAccessKey'>) {
  return {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  }
}
