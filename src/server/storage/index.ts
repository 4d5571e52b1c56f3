// The object store (docs/architecture.md §6): a private bucket and the client that reaches it. Every
// operation in this folder (one a file, as @payloadcms/storage-s3 lays them out) takes one
// argument object whose `store` defaults to the app's own; a test passes another (one that
// is down). Keys and their prefixes come from keys.ts only.
import type { S3Client } from '@aws-sdk/client-s3'
import { readEnv } from '../env'
import { s3Client } from './client'

export type ObjectStore = { client: S3Client; bucket: string }

/** What every operation takes besides its own arguments. */
export type StoreArgs = { store?: ObjectStore }

export const appStore = (): ObjectStore => ({ client: s3Client(), bucket: readEnv().S3_BUCKET })
