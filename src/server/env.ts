// The app's configuration, read from the environment. The launcher fills in what
// the embedded defaults provide; production sets the same variables itself.
import { z } from 'zod'

const booleanText = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

const schema = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  PAYLOAD_SECRET: z.string().min(16).optional(),
  SERVER_URL: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).default('gallery'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanText,
})

export type AppEnv = z.infer<typeof schema>

/** Environment variables as a plain record (process.env or a test's own). */
export type EnvVars = Record<string, string | undefined>

export function readEnv(env: EnvVars = process.env): AppEnv {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  return parsed.data
}

/**
 * A duration setting in whole milliseconds, from `min` (to `max`, when given); `fallback` when
 * unset or blank. A bad value throws a message naming the variable (read at start, it stops the start).
 */
export function millisecondsSetting(
  env: EnvVars,
  name: string,
  { fallback, min, max = Number.POSITIVE_INFINITY }: { fallback: number; min: number; max?: number },
): number {
  const text = env[name]?.trim()
  if (!text) return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = Number.isFinite(max) ? `from ${min} to ${max}` : `at least ${min}`
    throw new Error(`Invalid configuration: ${name} must be a whole number of milliseconds, ${range} (got "${text}").`)
  }
  return value
}

/** Cookies get the Secure flag when the public address is https. */
export function isSecureDeployment(env: EnvVars = process.env): boolean {
  return (env.SERVER_URL ?? '').startsWith('https://')
}

/**
 * Origins whose cookie-authenticated requests Payload accepts (its CSRF allow-list;
 * an empty list would accept any origin). SERVER_URL plus CSRF_ORIGINS; without
 * SERVER_URL, the local addresses the server listens on.
 */
export function csrfOrigins(env: EnvVars = process.env): string[] {
  const origins = new Set<string>()
  const extra = (env.CSRF_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  if (env.SERVER_URL) origins.add(new URL(env.SERVER_URL).origin)
  else {
    const port = env.PORT ?? '3000'
    for (const host of ['localhost', '127.0.0.1', env.HOSTNAME]) {
      if (host && host !== '0.0.0.0' && host !== '::') origins.add(`http://${host}:${port}`)
    }
  }
  for (const origin of extra) origins.add(origin)
  return [...origins]
}

/**
 * The secret Payload is given when the environment sets none. `payload migrate:create` reads
 * this config only to write a migration: it signs nothing and opens no database, so it runs
 * with a placeholder. Every other process still needs PAYLOAD_SECRET (Payload refuses to
 * start without one; the launcher generates it for the embedded defaults).
 */
export function secretWithoutEnv(argv: string[] = process.argv): string {
  const command = argv.slice(2).find((arg) => !arg.startsWith('-'))
  return command === 'migrate:create' ? 'migrate-create-signs-nothing' : ''
}
