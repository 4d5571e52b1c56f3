// Fails while `npm run migrate:create` would write a migration: Payload's schema for the
// config (the drizzle-kit snapshot it would write) must equal the latest committed snapshot
// in its migrationDir. No database: Payload builds the schema from the config alone.
// Fix a failure with `npm run migrate:create <name>`, then check the migration it writes.
// The root app's config by default; another's as the argument (the example app's, whose newest
// snapshot must take in the gallery's tables as docs/plugin.md tells a site to).
import fs from 'node:fs'
import path from 'node:path'
import { snapshotDifferences } from './schema-snapshot-diff'

// The schema a clean clone's `migrate:create` sees: storage unconfigured (the storage plugin
// then still inserts its fields, as the committed migrations have them), and no database.
delete process.env.S3_ENDPOINT
delete process.env.DATABASE_URL
process.env.PAYLOAD_SECRET ??= 'check-migrations-signs-nothing'
// Not a development start: Payload would also regenerate src/payload-types.ts.
Object.assign(process.env, { NODE_ENV: 'production' })

const { default: payload } = await import('payload')

async function main(): Promise<number> {
  const configPath = path.resolve(process.argv[2] ?? 'payload.config.ts')
  const { default: config } = (await import(configPath)) as { default: Parameters<typeof payload.init>[0]['config'] }
  await payload.init({ config, disableDBConnect: true, disableOnInit: true })
  const adapter = payload.db as unknown as {
    migrationDir: string
    schema: unknown
    requireDrizzleKit: () => {
      generateDrizzleJson: (schema: unknown) => Promise<{ version: string }>
      upSnapshot?: (snapshot: unknown) => { version: string }
    }
  }
  const { generateDrizzleJson, upSnapshot } = adapter.requireDrizzleKit()
  const generated = await generateDrizzleJson(adapter.schema)

  // The snapshot migrate:create diffs against: the last .json by name.
  const latest = fs
    .readdirSync(adapter.migrationDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .at(-1)
  if (!latest) {
    console.error(`No schema snapshot in ${path.relative(process.cwd(), adapter.migrationDir)}: run npm run migrate:create <name>.`)
    return 1
  }
  let committed = JSON.parse(fs.readFileSync(path.join(adapter.migrationDir, latest), 'utf8'))
  if (upSnapshot && committed.version < generated.version) committed = upSnapshot(committed)

  // Compared as migrate:create would write it (JSON drops what is undefined).
  const differences = snapshotDifferences(committed, JSON.parse(JSON.stringify(generated)))
  if (differences.length === 0) {
    console.log(`Migrations in step: the config's schema is the snapshot ${latest}.`)
    return 0
  }
  console.error(`The config's schema differs from the latest snapshot ${latest}; npm run migrate:create would write a migration:`)
  for (const line of differences.slice(0, 40)) console.error(`  ${line}`)
  if (differences.length > 40) console.error(`  … and ${differences.length - 40} more`)
  console.error('Run npm run migrate:create <name>, check the migration it writes, and commit both files.')
  return 1
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
