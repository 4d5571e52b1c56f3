// The root app: a Payload site that adds the property gallery as any other app would
// (src/plugin). What stays here is the app's own: its database, secret, address, cookies,
// CSRF origins, image library, admin title, telemetry and generated types, and the migrations it commits.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { buildConfig } from 'payload'
import sharp from 'sharp'
import { propertyGallery } from './src/plugin'
import { migrations } from './src/migrations'
import { csrfOrigins, readEnv, secretWithoutEnv } from './src/server/env'
import { COOKIE_PREFIX } from './src/lib/constants'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const env = readEnv()

export default buildConfig({
  serverURL: env.SERVER_URL,
  csrf: csrfOrigins(),
  secret: env.PAYLOAD_SECRET ?? secretWithoutEnv(),
  cookiePrefix: COOKIE_PREFIX,
  admin: {
    importMap: { baseDir: dirname },
    meta: { titleSuffix: ' · Media Gallery Pro' },
  },
  db: postgresAdapter({
    pool: { connectionString: env.DATABASE_URL, max: 20 },
    idType: 'uuid',
    // The schema is only ever changed by committed migrations (never pushed), so a
    // production start can apply them without an interactive prompt.
    push: false,
    migrationDir: path.resolve(dirname, 'src/migrations'),
  }),
  graphQL: { disable: true },
  // Payload's usage telemetry is on unless a config says otherwise: it runs `git config` to name the
  // project and posts to Payload's service at start and when the admin loads. An installation of the
  // gallery sends nothing to a third party that its operator did not choose (DECISIONS.md, "No telemetry").
  telemetry: false,
  sharp,
  typescript: { outputFile: path.resolve(dirname, 'src/payload-types.ts') },
  plugins: [
    // Every start applies the committed migrations, then the gallery's start-up work, once
    // across instances (advisory lock); Payload itself would only migrate in production.
    propertyGallery({ migrations }),
  ],
})
