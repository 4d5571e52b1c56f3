// A minimal Payload site of its own, with the property gallery added as a plugin: its own
// `pages` and `users`, its own database and secret, and the gallery's schema applied at start
// before its own. It imports the gallery by the package's name, as any other app would.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig } from 'payload'
import { galleryMigrations, propertyGallery } from 'property-gallery'
import sharp from 'sharp'
import { Pages } from './collections/pages'
import { Users } from './collections/users'
import { migrations } from './migrations'

const dirname = path.dirname(fileURLToPath(import.meta.url))

export default buildConfig({
  secret: process.env.PAYLOAD_SECRET ?? '',
  // A session cookie of its own name (`minimal-token`): the gallery reads the name from the config.
  cookiePrefix: 'minimal',
  serverURL: process.env.SERVER_URL,
  admin: {
    user: Users.slug,
    importMap: { baseDir: dirname },
  },
  collections: [Pages, Users],
  editor: lexicalEditor(),
  db: postgresAdapter({
    pool: { connectionString: process.env.DATABASE_URL },
    // The gallery's schema and queries use uuid ids.
    idType: 'uuid',
    // Only migrations change the schema: the gallery's, then this site's own (below).
    push: false,
    migrationDir: path.resolve(dirname, 'migrations'),
  }),
  sharp,
  // Regenerated with `payload generate:types` when the schema changes (not on every start).
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: false },
  plugins: [
    // Every start applies the gallery's migrations, then this site's, once across instances.
    propertyGallery({ migrations: [...galleryMigrations, ...migrations] }),
  ],
})
