// Export packs as runs (src/server/runs; listing-ready issue, item 4). POST /api/exports starts a
// run of kind 'export' with its job in one transaction (or joins the property's export already
// going, when it is for the same channel and sections); the job writes the zip to a temporary
// file, then to the store under the property's prefix, and ends the run with where it is. Re-run
// after a crash, the job writes the same key again: a run already ended does nothing.
// A finished pack is fetched through a signed, short-lived URL (download.ts).
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { checkReadiness } from '../../lib/listing-readiness'
import { LISTING_RULES, type Channel, isChannel } from '../../lib/listing-rules'
import { type PropertyScope, propertyDb } from '../db/property-db'
import { HttpError, notFound } from '../http/errors'
import { propertyScopeOn } from '../properties/default-property'
import { failRun, finishRun, recordProgress } from '../runs/record-run'
import { findRun, type RunRecord } from '../runs/run'
import { startOrJoinRun } from '../runs/start-or-join-run'
import { appStore, type ObjectStore } from '../storage/index'
import { deleteObjects } from '../storage/delete-objects'
import { exportPackKey, exportPackPrefix } from '../storage/keys'
import { listObjects } from '../storage/list-objects'
import { putObject } from '../storage/put-object'
import { readObject } from '../storage/read-object'
import { channelPhotos } from './photos'
import { writePack } from './write-pack'
import { coverCropsOf } from './cover-crops'

export const EXPORT_TASK = 'exportListingPack'
export const EXPORT_RETRIES = 1

export type ExportDetail = { channel: Channel; sectionKeys: string[] | null }

/** What a finished export run answers (its `result`). */
export type ExportResult = { channel: Channel; file: string; photos: number; failed: Array<{ id: string; name: string; reason: string }> }

const sameKeys = (a: string[] | null, b: string[] | null) => JSON.stringify(a && [...a].sort()) === JSON.stringify(b && [...b].sort())

/**
 * Starts (or joins) the property's export for the channel. Section keys another property has but
 * this one does not are 404; a property with no visible photo in them is 422 (nothing to pack).
 */
export async function startExport(
  pool: Pool,
  scope: PropertyScope,
  { channel, sectionKeys, startedBy }: { channel: Channel; sectionKeys: string[] | null; startedBy: string | null },
): Promise<RunRecord> {
  if (sectionKeys) {
    const { rows } = await propertyDb(pool, scope).query<{ key: string }>`
      SELECT key FROM gallery_sections WHERE property_id = ${scope} AND key = ANY(${sectionKeys}::text[])`
    const found = new Set(rows.map((row) => row.key))
    const missing = sectionKeys.filter((key) => !found.has(key))
    if (missing.length) throw notFound(`There is no section "${missing[0]}" in this property.`)
  }
  const { photos } = await channelPhotos(pool, scope, channel, { sectionKeys: sectionKeys ?? undefined })
  if (!photos.length) {
    throw new HttpError(422, `There are no visible photos to export${sectionKeys ? ' in these sections' : ''} for ${LISTING_RULES[channel].name}: make some visible (or choose them for the channel) first.`)
  }
  const detail: ExportDetail = { channel, sectionKeys }
  const started = await startOrJoinRun(pool, {
    kind: 'export',
    propertyId: scope.id,
    startedBy,
    detail,
    queue: async (client, runId) => {
      await client.query(`INSERT INTO payload_jobs (input, task_slug) VALUES ($1::jsonb, $2)`, [JSON.stringify({ runId }), EXPORT_TASK])
      return photos.length
    },
  })
  const { run, joined } = started!
  const running = run.detail as Partial<ExportDetail> | null
  if (joined && (running?.channel !== channel || !sameKeys(running?.sectionKeys ?? null, sectionKeys))) {
    const name = isChannel(running?.channel) ? LISTING_RULES[running.channel].name : 'another channel'
    throw new HttpError(409, `An export for ${name} is running: wait for it to finish, then try again.`)
  }
  return run
}

/**
 * Removes the property's packs whose run is gone (finished runs are kept a day, and a pack is
 * reached only through its run): each export tidies up before it writes its own.
 */
export async function pruneExportPacks(pool: Pool, scope: PropertyScope, { store = appStore() }: { store?: ObjectStore } = {}): Promise<void> {
  const keys = [...(await listObjects({ store, prefix: exportPackPrefix(scope.id) })).keys()]
  if (!keys.length) return
  const runIds = keys.map((key) => key.slice(exportPackPrefix(scope.id).length).replace(/\.zip$/, ''))
  const { rows } = await propertyDb(pool, scope).query<{ id: string }>`
    SELECT id::text AS id FROM runs WHERE property_id = ${scope} AND kind = 'export' AND id::text = ANY(${runIds}::text[])`
  const kept = new Set(rows.map((row) => row.id))
  const gone = keys.filter((_, index) => !kept.has(runIds[index]))
  if (gone.length) await deleteObjects({ store, keys: gone })
}

/** The export task's work for a run: idempotent (a run no longer running is left as it is). */
export async function executeExport(payload: Payload, pool: Pool, runId: string, { store = appStore() }: { store?: ObjectStore } = {}): Promise<void> {
  const run = await findRun(pool, runId)
  if (!run || run.status !== 'running' || run.kind !== 'export') return
  const scope = await propertyScopeOn(pool, run.propertyId)
  if (!scope) return failRun(pool, runId, 'The property no longer exists.', 404)
  const { channel, sectionKeys } = run.detail as ExportDetail
  const set = await channelPhotos(pool, scope, channel, { sectionKeys: sectionKeys ?? undefined })
  if (!set.photos.length) return failRun(pool, runId, 'There are no visible photos to export any more.', 422)
  const readiness = checkReadiness({ channel, ...set })
  await pruneExportPacks(pool, scope, { store }).catch((error: unknown) => payload.logger.warn({ err: error, msg: 'Could not remove old export packs' }))
  const property = await payload.findByID({ collection: 'properties', id: scope.id, depth: 0 }).catch(() => null)
  const file = `${scope.slug}-${channel}-${new Date().toISOString().slice(0, 10)}.zip`
  const key = exportPackKey(scope.id, runId)
  const dir = await mkdtemp(path.join(os.tmpdir(), 'export-pack-'))
  try {
    const zipPath = path.join(dir, 'pack.zip')
    const { files, failed } = await writePack({
      channel,
      photos: set.photos,
      coverCrops: await coverCropsOf(pool, scope, channel, set.photos[0].id),
      readiness,
      read: (sourceKey) => readObject({ store, key: sourceKey }),
      out: createWriteStream(zipPath),
      propertyName: String((property as { name?: unknown } | null)?.name ?? scope.slug),
      onPhoto: (done) => (done % 10 === 0 ? recordProgress(pool, runId, { done }) : undefined),
    })
    if (!files) return failRun(pool, runId, `No photo could be exported: ${failed[0]?.reason ?? 'unknown reason'}.`, 422)
    const { size } = await stat(zipPath)
    await putObject({ store, key, body: createReadStream(zipPath), contentType: 'application/zip', contentLength: size })
    const result: ExportResult = { channel, file, photos: files, failed }
    await finishRun(pool, runId, result)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
