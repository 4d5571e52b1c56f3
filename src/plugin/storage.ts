// The media collection's files through Payload's S3 adapter, configured from the same
// environment (S3_*) as the gallery's own storage services (src/server/storage), so Payload's
// routes and the gallery's signed uploads, renditions and backups use one bucket.
import { s3Storage } from '@payloadcms/storage-s3'
import type { Plugin } from 'payload'
import { objectUrl } from '../lib/media-urls'
import { readEnv } from '../server/env'
import { s3ClientConfig } from '../server/storage/client'

export function galleryStorage(): Plugin {
  const env = readEnv()
  return s3Storage({
    enabled: Boolean(env.S3_ENDPOINT),
    // Same schema whether or not storage is configured (builds and code generation run without it).
    alwaysInsertFields: true,
    bucket: env.S3_BUCKET,
    acl: 'private',
    // A file's URL is the app's own delivery (visibility checked there), not /api/media/file/…,
    // which would look for an object named after the filename.
    // An empty prefix (the keys are the gallery's own) gives the collection its `prefix` field with
    // storage on too: without one, storage-s3 adds that field only when disabled
    // (alwaysInsertFields), so `npm run dev` generated other types than the migrations' schema.
    collections: { media: { prefix: '', generateFileURL: ({ filename }) => objectUrl(filename) } },
    config: s3ClientConfig(env),
  })
}
