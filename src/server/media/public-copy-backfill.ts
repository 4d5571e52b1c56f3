// Public copies for media processed before ingest made them (migration 20261126_145918): until a
// photo has one, its own public path serves its widest rendition, and a video that plays as it
// is answers 404, because the uploaded original may carry the camera's position, serial number
// and owner (docs/architecture.md §14 Privacy). A job, not work on a visitor's request: a full-size
// decode and encode (or a video remux) would hold the request for seconds, and two visitors
// would make the same copy twice.
//
// Each copy goes to the key ingest would give it (public/<id>.<ext>) and is recorded only where
// the row still has none: ingest running again meanwhile writes its own, the same key.
// Idempotent and safe under kill -9 (a copy stored but not yet recorded is written again by the
// next run, to the same key); queued at start-up when a row needs it and no backfill is
// waiting already (../jobs/backfill.ts runs it). Each row gets a copy of its own bytes, within
// its property, and nothing is compared across properties.
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { checkpointsOf } from '../checkpoints'
import { standaloneSql } from '../db/transaction'
import { getObject } from '../storage/get-object'
import { publicCopyKey } from '../storage/keys'
import { putObject } from '../storage/put-object'
import { readObject } from '../storage/read-object'
import { fillMissingPublicKey } from './media-repository'
import { makePublicImageCopy } from './process-image'
import { makePublicVideoCopy } from './process-video'
import type { Backfill } from '../jobs/backfill'

export const PUBLIC_COPY_BACKFILL: Backfill<'written' | 'failed'> = {
  task: 'backfillPublicCopies',
  label: 'Make public copies (without location or device data) of older media files',
  // Processed media whose public path has nothing stripped to serve: no copy, and (videos) no rendition.
  needs: `status = 'ready' AND public_key IS NULL AND storage_key IS NOT NULL
    AND NOT (file_type = 'video' AND playback_key IS NOT NULL)`,
  columns: 'storage_key AS key, file_type',
  // Each row costs one download and one full-size encode (or remux).
  batch: 8,
  outcomes: ['written', 'failed'],
  async each(payload, { id, scope, key, file_type: fileType }) {
    let publicKey: string
    try {
      publicKey = fileType === 'video' ? await copyVideo(id, String(key)) : await copyImage(id, String(key))
    } catch (error) {
      // A missing or unreadable original: its public path keeps serving what it did.
      payload.logger.warn({ err: error, msg: `No public copy for media ${id}` })
      return 'failed'
    }
    await checkpointsOf(payload).reached('public-copy:before-write', id)
    return (await fillMissingPublicKey(standaloneSql(payload), scope, id, publicKey)) ? 'written' : 'skipped'
  },
  report: ({ written, failed }) => (written + failed > 0 ? `Public copy backfill: ${written} media files copied, ${failed} unreadable` : null),
}

async function copyImage(id: string, key: string): Promise<string> {
  const original = await readObject({ key })
  if (!original) throw new Error(`${key} is missing from the store`)
  const copy = await makePublicImageCopy(original)
  const publicKey = publicCopyKey(id, copy.ext)
  await putObject({ key: publicKey, body: copy.data, contentType: copy.contentType })
  return publicKey
}

async function copyVideo(id: string, key: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'public-copy-'))
  try {
    const object = await getObject({ key })
    if (!object?.Body) throw new Error(`${key} is missing from the store`)
    const original = path.join(dir, 'original')
    await pipeline(object.Body as Readable, createWriteStream(original))
    const copy = path.join(dir, 'public.mp4')
    await makePublicVideoCopy(original, copy)
    const publicKey = publicCopyKey(id, 'mp4')
    await putObject({ key: publicKey, body: await fs.readFile(copy), contentType: 'video/mp4' })
    return publicKey
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}
