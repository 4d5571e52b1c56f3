// kill -9 of the jobs worker (issue 17, crashes): a real `npm run worker` process is stopped
// dead in the middle of an ingest, an analysis, a duplicate scan and a backup, all four at
// once (each held at its pause point: the costly work done, its results not yet written),
// then a second real worker process claims the same jobs again once they are stale. The end
// state must equal an uninterrupted run of the same work: for ingest and analysis the same
// bytes uploaded again and processed by the second worker without interruption, for the scan
// a fresh scan over the same files, for the backup one taken afterwards in this process; and
// the values the fixtures fix (the photo's own sha256 and size, the photograph's category,
// the duplicate pair the test made). One kill for the four keeps the suite to two worker
// start-ups. Mid-restore is in backup.int.spec.ts: a restore runs in its request, not as a job.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DuplicateGroup } from '../../src/lib/api/types'
import { ANALYSIS_QUEUE, ANALYZE_TASK } from '../../src/server/analysis/analysis-task'
import { createBackup } from '../../src/server/backup/create-backup'
import { BACKUP_QUEUE, BACKUP_TASK } from '../../src/server/backup/schedule'
import { readObject } from '../../src/server/storage/read-object'
import { LOCKS, withPoolAdvisoryLock } from '../../src/server/db/advisory-lock'
import { RENDITIONS_QUEUE } from '../../src/server/media/avif-renditions'
import { poolOf } from '../../src/server/db/pool'
import { startScan } from '../../src/server/duplicates/scan'
import { getObject } from '../../src/server/storage/get-object'
import { Session, signedInAdmin } from '../helpers/api'
import { type Child, killHard, spawnChild, stopGently } from '../helpers/child-process'
import { makePhoto } from '../helpers/media-fixtures'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'
import { defaultPropertyId, defaultPropertyScope } from '../../src/server/properties/default-property'

const WORKER = 'tests/helpers/worker-child.ts'
/** Short enough that the second worker re-claims at once; the heartbeat is a quarter of it. */
const STALE_AFTER_MS = 6000
/**
 * The second worker may be up before the killed jobs are stale; its idle slots then look again
 * on the fallback poll (30 s by default), as nothing notifies them: every second here, as in
 * crash-limit.int.spec.ts, so a job is claimed again within a second of going stale.
 */
const workerEnv = {
  ...process.env,
  JOBS_STALE_AFTER_MS: String(STALE_AFTER_MS),
  JOBS_FALLBACK_POLL_MS: '1000',
  ANALYZE_ON_UPLOAD: 'false',
}
const BUILDING = path.resolve(__dirname, '../fixtures/analysis/exterior-building.jpg')

let payload: Payload
let admin: Session
const children: Child[] = []

const sql = <T = any>(text: string, params: unknown[] = []) => poolOf(payload).query<T & Record<string, any>>(text, params)
const sha = (bytes: Buffer | Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

function startWorker(pausePoints: string[] = []) {
  const child = spawnChild(WORKER, pausePoints.length ? [pausePoints.join(',')] : [], workerEnv)
  children.push(child)
  return child
}

async function upload(bytes: Buffer, filename: string) {
  const created = await uploadFile(admin, bytes, { filename, contentType: 'image/jpeg' })
  expect(created.status).toBe(201)
  return String(created.body.id)
}

/** The jobs of the work under test that have not finished (finished jobs are deleted). */
const unfinishedJobs = async (queues: string[]) =>
  (await sql(`SELECT id::text AS id, processing, has_error FROM payload_jobs WHERE queue = ANY($1) ORDER BY created_at`, [queues])).rows

const poll = <T>(read: () => Promise<T>, timeout = 180_000) => expect.poll(read, { timeout, interval: 500 })

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  process.env.ANALYZE_ON_UPLOAD = 'false'
}, 120_000)

afterAll(async () => {
  delete process.env.ANALYZE_ON_UPLOAD
  await Promise.all(children.map((child) => stopGently(child, 5000)))
})

/** What ingest owns on a record, with its own id taken out of the object keys. */
async function ingestResult(id: string) {
  const { rows } = await sql(
    `SELECT status, processing_error, width, height, placeholder, sha256, perceptual_hash, crop_hashes,
            optimized_file_size, compression_ratio, is_optimized, derivatives
       FROM media WHERE id = $1`,
    [id],
  )
  const { derivatives, ...fields } = rows[0] as { derivatives: unknown; width: unknown; height: unknown; [column: string]: unknown }
  const objects: { width: number; height: number; size: number; key: string; stored: Record<string, unknown> }[] = []
  for (const derivative of derivatives as { width: number; height: number; key: string; size: number }[]) {
    const bytes = Buffer.from(await (await getObject({ key: derivative.key }))!.Body!.transformToByteArray())
    const meta = await sharp(bytes).metadata()
    objects.push({
      width: derivative.width,
      height: derivative.height,
      size: derivative.size,
      key: derivative.key.replace(id, '{id}'),
      stored: { bytes: bytes.length, sha256: sha(bytes), format: meta.format, width: meta.width, height: meta.height },
    })
  }
  return { ...fields, derivatives: objects }
}

/** What analysis owns on a record: its columns and its words. */
async function analysisResult(id: string) {
  const { rows } = await sql(
    `SELECT category, category_confidence, embedding, is_analyzed, analysis_error, description, analysis_description,
            suggested_section_id, suggested_room, suggestion_confidence
       FROM media WHERE id = $1`,
    [id],
  )
  const texts = await sql(`SELECT path, text FROM media_texts WHERE parent_id = $1 ORDER BY path, "order"`, [id])
  const words: Record<string, string[]> = {}
  for (const { path: field, text } of texts.rows) (words[field] ??= []).push(text)
  return { ...rows[0], words }
}

describe('kill -9 of the worker mid-ingest, mid-analysis, mid-scan and mid-backup', () => {
  const gunzip = promisify(zlib.gunzip)
  const scanState = async (runId: string) => (await sql(`SELECT status FROM runs WHERE id = $1`, [runId])).rows[0].status
  const groupsNow = async () =>
    (await admin.json<DuplicateGroup[]>('GET', '/api/duplicates')).body.map(({ confidence, duplicateReason, files }) => ({
      confidence,
      duplicateReason,
      files: files.map((file) => file.id),
    }))
  /** A backup file's tables and manifest (its creation time and kind aside). */
  const backupContent = async (key: string) => {
    const document = JSON.parse((await gunzip((await readObject({ key }))!)).toString())
    return {
      tables: Object.fromEntries(
        (document.tables as { name: string; rows: Record<string, unknown>[] }[])
          .filter((table) => ['gallery_sections', 'media', 'media_texts'].includes(table.name))
          .map((table) => [table.name, [...table.rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))]),
      ),
      manifest: [...document.manifest].sort((a, b) => a.key.localeCompare(b.key)),
    }
  }

  it('claims the four jobs again and ends exactly as uninterrupted runs of the same work', async () => {
    await sql('DELETE FROM payload_jobs')
    await sql('DELETE FROM backups')
    // Analysis needs processed photos: two uploads of one photograph, processed here.
    const photograph = await fs.readFile(BUILDING)
    const analysedRef = await upload(photograph, 'building-reference.jpg')
    const analysedKilled = await upload(photograph, 'building.jpg')
    await runJobs(payload)
    expect((await sql(`SELECT count(*)::int AS n FROM media WHERE status = 'ready'`)).rows[0].n).toBe(2)
    // (Uploads queue an upload backup a minute later: not this test's backup.)
    await sql(`DELETE FROM payload_jobs WHERE queue = $1`, [BACKUP_QUEUE])

    // The work that is killed: an upload's ingest, an analysis, a scan and a backup.
    const photo = await makePhoto({ width: 1200, height: 800, seed: 17 })
    const ingestKilled = await upload(photo, 'deck.jpg')
    await sql(`DELETE FROM payload_jobs WHERE queue = $1`, [BACKUP_QUEUE])
    await payload.jobs.queue({ task: ANALYZE_TASK, queue: ANALYSIS_QUEUE, input: { mediaId: analysedKilled } as never })
    const { scan } = await startScan(payload, { propertyId: await defaultPropertyId(payload) })
    await payload.jobs.queue({ task: BACKUP_TASK, queue: BACKUP_QUEUE, input: { kind: 'manual' } as never })
    const queues = ['default', ANALYSIS_QUEUE, BACKUP_QUEUE]
    const killedJobs = (await unfinishedJobs(queues)).map((job) => job.id)
    expect(killedJobs).toHaveLength(4)

    const first = startWorker(['ingest:before-results', 'analysis:before-results', 'scan:before-results', 'backup-written'])
    for (const point of ['ingest:before-results', 'analysis:before-results', 'scan:before-results', 'backup-written']) {
      await first.waitFor(`PAUSED ${point}`)
    }
    await killHard(first)

    // What the kill left: renditions stored but not recorded, no analysis, the scan still
    // running, a backup half-made under its temporary key, and the four jobs marked running.
    expect((await sql(`SELECT status FROM media WHERE id = $1`, [ingestKilled])).rows[0].status).toBe('processing')
    expect((await sql(`SELECT is_analyzed FROM media WHERE id = $1`, [analysedKilled])).rows[0].is_analyzed).not.toBe(true)
    expect(await scanState(scan.runId)).toBe('running')
    const { rows: interrupted } = await sql(`SELECT status, temp_key FROM backups`)
    expect(interrupted.map((row) => row.status)).toEqual(['running'])
    expect(await readObject({ key: interrupted[0].temp_key })).not.toBeNull()
    expect((await unfinishedJobs(queues)).map((job) => [job.id, job.processing])).toEqual(killedJobs.map((id) => [id, true]))

    // The re-run backup must snapshot the final state, to compare it with a backup taken at the
    // end: it waits here for this lock (as it would for a restore running meanwhile).
    let releaseBackup = () => undefined as void
    const backupLockHeld = new Promise<void>((held) => {
      void withPoolAdvisoryLock(poolOf(payload), LOCKS.backup, () => {
        held()
        return new Promise<void>((release) => (releaseBackup = release))
      })
    })
    await backupLockHeld

    // The uninterrupted analysis: the same photograph, analysed by the second worker.
    await payload.jobs.queue({ task: ANALYZE_TASK, queue: ANALYSIS_QUEUE, input: { mediaId: analysedRef } as never })
    const second = startWorker()
    let ingestRef: string
    try {
      // The scan: the one pair of the same bytes, the earlier upload first; "deck.jpg" has no
      // duplicate yet whether or not it is processed when the scan runs again.
      await poll(() => scanState(scan.runId)).toBe('done')
      const expectedGroups = [
        { confidence: 100, duplicateReason: 'identical_hash', files: [analysedRef, analysedKilled] },
      ]
      expect(await groupsNow()).toEqual(expectedGroups)
      const again = await startScan(payload, { propertyId: await defaultPropertyId(payload) })
      expect(again.started).toBe(true)
      await poll(() => scanState(again.scan.runId)).toBe('done')
      expect(await groupsNow()).toEqual(expectedGroups)

      // The uninterrupted ingest: the same bytes uploaded again.
      ingestRef = await upload(photo, 'deck-reference.jpg')
      await sql(`DELETE FROM payload_jobs WHERE queue = $1 AND input->>'kind' = 'upload'`, [BACKUP_QUEUE])
      // The AVIF renditions of ready photos too: the backup must hold what the end state holds.
      await poll(async () => (await unfinishedJobs(['default', ANALYSIS_QUEUE, RENDITIONS_QUEUE])).length).toBe(0)
      releaseBackup()
      await poll(async () => (await sql(`SELECT count(*)::int AS n FROM payload_jobs WHERE id = ANY($1)`, [killedJobs])).rows[0].n).toBe(0)
    } finally {
      releaseBackup()
      await stopGently(second)
    }

    // Claimed again, not replaced: none of the jobs failed, and all four are done.
    expect((await sql(`SELECT count(*)::int AS n FROM payload_jobs WHERE has_error`)).rows[0].n).toBe(0)
    expect((await sql(`SELECT count(*)::int AS n FROM payload_jobs WHERE id = ANY($1)`, [killedJobs])).rows[0].n).toBe(0)

    const killedIngest = await ingestResult(ingestKilled)
    expect(killedIngest).toEqual(await ingestResult(ingestRef!))
    // And the values the fixture fixes: the photo's own bytes and size, renditions never upscaled.
    expect(killedIngest).toMatchObject({ status: 'ready', processing_error: null, sha256: sha(photo) })
    expect([Number(killedIngest.width), Number(killedIngest.height)]).toEqual([1200, 800])
    expect(killedIngest.derivatives.map((d) => [d.width, d.height, d.stored.format, d.stored.width, d.stored.height])).toEqual([
      [400, 267, 'webp', 400, 267],
      [800, 533, 'webp', 800, 533],
      [1200, 800, 'webp', 1200, 800],
    ])

    const killedAnalysis = await analysisResult(analysedKilled)
    expect(killedAnalysis).toEqual(await analysisResult(analysedRef))
    expect(killedAnalysis).toMatchObject({ is_analyzed: true, analysis_error: null })
    // The photograph's category is exterior; analysis writes it or, not sure enough, nothing.
    expect([null, 'exterior']).toContain(killedAnalysis.category)
    expect(killedAnalysis.words.objects).toContain('car')
    expect(killedAnalysis.embedding).toHaveLength(128)

    // The backup: the interrupted one cleared and marked failed, one complete backup listed.
    // (Only manual ones: the 30-minute schedule may add an automatic backup meanwhile.)
    const { rows: backups } = await sql(
      `SELECT id::text AS id, kind, status, error, object_key, temp_key, media_count FROM backups
        WHERE kind = 'manual' ORDER BY started_at`,
    )
    expect(backups.map((row) => row.status)).toEqual(['failed', 'complete'])
    expect(backups[0].error).toBe('Interrupted: the process stopped before the backup was finished.')
    expect(await readObject({ key: backups[0].temp_key })).toBeNull()
    expect(await readObject({ key: backups[1].temp_key })).toBeNull()
    expect(backups[1].media_count).toBe(4)
    expect((await admin.json<{ id: string }[]>('GET', '/api/backups')).body.map((backup) => backup.id)).toContain(backups[1].id)
    // Its content equals a backup taken now without interruption (nothing changed since).
    const uninterrupted = await createBackup({ pool: poolOf(payload), scope: await defaultPropertyScope(payload), kind: 'manual' })
    expect(await backupContent(backups[1].object_key)).toEqual(await backupContent(uninterrupted.objectKey))
  }, 600_000)
})
