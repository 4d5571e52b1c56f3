// Backups that really restore (issue 16): the restore drill (rows field by field and
// objects byte for byte), undoing a restore with its restore point, retention and trash,
// the debounced upload backup, the one-at-a-time lock, the spec's calls and refusals, Create
// Backup and Restore as jobs (joined by a second click, followed when longer than the wait,
// finished by another worker after a kill -9), and faults: a store that is down, damaged or
// foreign backups, kill -9 mid-backup and mid-restore.
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import { S3Client } from '@aws-sdk/client-s3'
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BackupFailed, createBackup } from '../../src/server/backup/create-backup'
import { BACKUP_APP, BACKUP_FORMAT, BackupRefused } from '../../src/server/backup/format'
import { restoreBackup } from '../../src/server/backup/restore-backup'
import { readTableShapes } from '../../src/server/backup/tables'
import { BACKUP_QUEUE, beatHeartbeat, enqueueAutoBackup, scheduleUploadBackup } from '../../src/server/backup/schedule'
import { appStore } from '../../src/server/storage/index'
import { listObjects } from '../../src/server/storage/list-objects'
import { putObject } from '../../src/server/storage/put-object'
import { readObject } from '../../src/server/storage/read-object'
import { LockBusy } from '../../src/server/db/advisory-lock'
import { poolOf } from '../../src/server/db/pool'
import type { PropertyScope } from '../../src/server/db/property-db'
import { defaultPropertyScope } from '../../src/server/properties/default-property'
import { startJobsWorker } from '../../src/server/jobs/worker'
import { s3ClientConfig } from '../../src/server/storage/client'
import { Session, signedInAdmin } from '../helpers/api'
import { killHard, spawnChild } from '../helpers/child-process'
import { createMedia, sectionIdOf } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runWait } from '../helpers/test-config'
import { migrations } from '../../src/migrations'
import { RUN_WAIT_MS } from '../../src/lib/constants'
import type { Run } from '../../src/lib/api/types'

/** The schema this server runs: the last committed migration. */
const LATEST_MIGRATION = migrations[migrations.length - 1].name

let payload: Payload
let pool: Pool
let scope: PropertyScope
let admin: Session
const visitor = new Session()
const store = () => appStore()

/** The app's worker with only the backup queue's slot, as the server runs it. */
let stopWorker: (() => Promise<void>) | null = null
const startWorker = () => {
  stopWorker ??= startJobsWorker(payload, 0, { analysisSlots: 0, sweep: false })
}
const stopWorkerNow = async () => {
  await stopWorker?.()
  stopWorker = null
}

beforeAll(async () => {
  payload = await testPayload()
  pool = poolOf(payload)
  await resetDatabase(payload)
  scope = await defaultPropertyScope(payload)
  admin = await signedInAdmin()
  startWorker()
})

beforeEach(async () => {
  await pool.query('DELETE FROM media')
  await pool.query('DELETE FROM backups')
  await pool.query(`DELETE FROM payload_jobs WHERE queue = $1`, [BACKUP_QUEUE])
  await pool.query('DELETE FROM backup_scheduler_heartbeat')
  await pool.query('DELETE FROM backup_restore_tidy')
  await pool.query('DELETE FROM runs')
})

afterAll(async () => {
  await stopWorkerNow()
  await pool.query('DELETE FROM backups')
  await pool.query('DELETE FROM runs')
})

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')

/** A photo with real objects in the store: its original and one rendition. */
async function photoWithObjects(data: Record<string, unknown> = {}) {
  const id = crypto.randomUUID()
  const original = `originals/${id}/photo.jpg`
  const rendition = `derived/${id}/400.webp`
  await putObject({ key: original, body: crypto.randomBytes(2000 + crypto.randomInt(500)), contentType: 'image/jpeg' })
  await putObject({ key: rendition, body: crypto.randomBytes(700), contentType: 'image/webp' })
  const doc = await createMedia(payload, {
    storageKey: original,
    derivatives: [{ width: 400, key: rendition }],
    description: `Photo ${id.slice(0, 4)}`,
    notes: 'internal',
    tags: ['pool', 'garden'],
    ...data,
  })
  return { id: String(doc.id), keys: [original, rendition] }
}

/** Every backed-up row, field by field, in a stable order. */
async function rowsNow() {
  const tables: Record<string, unknown> = {}
  for (const table of ['gallery_sections', 'media', 'media_texts']) {
    const { rows } = await pool.query(`SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY id`)
    tables[table] = rows.map((row) => row.row)
  }
  return tables
}

async function objectHashes(keys: string[]) {
  const hashes: Record<string, string | null> = {}
  for (const key of keys.sort()) {
    const bytes = await readObject({ key })
    hashes[key] = bytes ? sha(bytes) : null
  }
  return hashes
}

/** Writes another document in place of a backup's file (with its checksum, so it is read). */
async function replaceBackup(backup: { id: string; objectKey: string }, document: unknown) {
  const bytes = zlib.gzipSync(JSON.stringify(document))
  await putObject({ key: backup.objectKey, body: bytes, contentType: 'application/gzip' })
  await pool.query('UPDATE backups SET sha256 = $2 WHERE id = $1', [backup.id, sha(bytes)])
}

/** A backup's file as it was written. */
const readBackup = async (backup: { objectKey: string }) =>
  JSON.parse(zlib.gunzipSync((await readObject({ key: backup.objectKey }))!).toString())

const readVersion = async () =>
  Number((await pool.query('SELECT version FROM gallery_read_version WHERE property_id = (SELECT id FROM properties WHERE is_default)')).rows[0].version)

describe('the restore drill', () => {
  it('backs up, survives changes and deletions, restores rows and bytes exactly, and the restore point undoes it', async () => {
    const kept = await photoWithObjects({ section: 'upstairs', room: 'Bedroom 1', sortOrder: 2 })
    const toDelete = await photoWithObjects({ section: 'backyard' })
    const hidden = await photoWithObjects({ section: null, isHidden: true })
    const keysBefore = [...kept.keys, ...toDelete.keys, ...hidden.keys]
    const rowsBefore = await rowsNow()
    const bytesBefore = await objectHashes(keysBefore)

    const created = await admin.json<{ backupFile: string }>('POST', '/api/backup/create')
    expect(created.status).toBe(201)
    expect(created.body.backupFile).toMatch(/^backup-.*-manual\.json\.gz$/)

    // Break things: rename a section, re-organise, retag, delete a photo, upload a new one.
    await payload.update({ collection: 'gallery-sections', id: await sectionIdOf(payload, 'upstairs'), data: { name: 'Top Floor' }, overrideAccess: true })
    await payload.update({
      collection: 'media',
      id: kept.id,
      data: { section: null, isHidden: true, tags: ['changed'], notes: 'rewritten' } as never,
      overrideAccess: true,
    })
    await payload.delete({ collection: 'media', id: toDelete.id, overrideAccess: true })
    expect(await readObject({ key: toDelete.keys[0] })).toBeNull()
    expect(await readObject({ key: `trash/${toDelete.keys[0]}` })).not.toBeNull()
    const added = await photoWithObjects({ section: 'outdoors' })
    const rowsChanged = await rowsNow()
    const bytesChanged = await objectHashes([...kept.keys, ...hidden.keys, ...added.keys])
    const versionBefore = await readVersion()

    const restored = await admin.json<{ message: string; restorePoint: string }>('POST', '/api/backup/restore')
    expect(restored.status).toBe(200)
    expect(restored.body.message).toMatch(
      /^Restored 3 media files from the backup of \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC; 1 brought back, 1 removed\.$/,
    )
    expect(await rowsNow()).toEqual(rowsBefore)
    expect(await objectHashes(keysBefore)).toEqual(bytesBefore)
    expect(await readVersion()).toBeGreaterThan(versionBefore)
    // The new upload's objects wait in trash (the restore point refers to them); they are
    // moved there just after the answer, by the same job.
    await expect.poll(() => readObject({ key: added.keys[0] }), { timeout: 20_000 }).toBeNull()
    expect(await readObject({ key: `trash/${added.keys[0]}` })).not.toBeNull()
    // The public API shows the restored gallery at once.
    const upstairs = await visitor.json<Array<{ id: string }>>('GET', '/api/sections/upstairs/media')
    expect(upstairs.body.map((file) => file.id)).toEqual([kept.id])

    // Undo: restore the restore point.
    const list = await admin.json<Array<{ id: string; kind: string; file: string }>>('GET', '/api/backups')
    const point = list.body.find((backup) => backup.file === restored.body.restorePoint)
    expect(point?.kind).toBe('restore-point')
    const undone = await admin.json<{ message: string }>('POST', '/api/backup/restore', { body: { backupId: point!.id } })
    expect(undone.status).toBe(200)
    expect(undone.body.message).toMatch(/; 1 brought back, 1 removed\.$/)
    expect(await rowsNow()).toEqual(rowsChanged)
    expect(await objectHashes([...kept.keys, ...hidden.keys, ...added.keys])).toEqual(bytesChanged)
  })

  it('restores a backup that records its schema under a migration\'s earlier name', async () => {
    const photo = await photoWithObjects({ section: 'upstairs', room: 'Bedroom 1' })
    const rowsBefore = await rowsNow()
    const backup = await createBackup({ pool, scope, kind: 'manual' })
    // As a release before the rename to Payload's names wrote it.
    const document = await readBackup(backup)
    expect(document.migration).toBe(LATEST_MIGRATION)
    await replaceBackup(backup, { ...document, migration: '20261123_0260_job_lost_claims' })
    await payload.update({ collection: 'media', id: photo.id, data: { room: 'Changed' }, overrideAccess: true })

    const restored = await admin.json<{ message: string }>('POST', '/api/backup/restore', { body: { backupId: backup.id } })
    expect(restored.status).toBe(200)
    expect(await rowsNow()).toEqual(rowsBefore)
  })

  it('never deadlocks with a writer: one that holds a table the restore locks late and then wants an early one saves first', async () => {
    const kept = await photoWithObjects({ section: 'upstairs' })
    await createBackup({ pool, scope, kind: 'manual' })
    const client = await pool.connect()
    const writer = await pool.connect()
    try {
      const tables = (await readTableShapes(client)).map((shape) => shape.name)
      expect(tables.length).toBeGreaterThan(2)
      // The writer holds the lock an UPDATE takes on the restore's last table…
      await writer.query('BEGIN')
      await writer.query(`LOCK TABLE "${tables[tables.length - 1]}" IN ROW EXCLUSIVE MODE`)
      const restoring = restoreBackup({ pool, scope })
      restoring.catch(() => undefined) // awaited below; a failure is reported there
      const restoreWaits = async () =>
        (
          await client.query(
            `SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = $1 AND NOT l.granted AND l.mode = 'ExclusiveLock'`,
            [tables[tables.length - 1]],
          )
        ).rowCount
      await expect.poll(restoreWaits, { timeout: 20_000, interval: 20 }).toBe(1)
      // …and now wants the one on its first, which the restore took.
      await writer.query(`LOCK TABLE "${tables[0]}" IN ROW EXCLUSIVE MODE`)
      await writer.query('COMMIT')
      const result = await restoring
      expect(result.mediaCount).toBe(1)
      expect((await pool.query('SELECT id::text FROM media')).rows.map((row) => row.id)).toEqual([kept.id])
    } finally {
      await writer.query('ROLLBACK').catch(() => undefined)
      writer.release()
      client.release()
    }
  })

  it('gives way to a writer that keeps a table for good: after its last try nothing is restored and it says so', async () => {
    const kept = await photoWithObjects({ section: 'upstairs' })
    await createBackup({ pool, scope, kind: 'manual' })
    const added = await photoWithObjects({ section: 'outdoors' })
    const client = await pool.connect()
    const writer = await pool.connect()
    try {
      const tables = (await readTableShapes(client)).map((shape) => shape.name)
      await writer.query('BEGIN')
      await writer.query(`LOCK TABLE "${tables[tables.length - 1]}" IN ROW EXCLUSIVE MODE`)
      const refused = await restoreBackup({ pool, scope }).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(BackupRefused)
      expect((refused as Error).message).toBe('Other changes kept the gallery busy and nothing was restored: try again in a moment.')
      await writer.query('COMMIT')
      expect((await pool.query('SELECT id::text AS id FROM media ORDER BY id')).rows.map((row) => row.id)).toEqual(
        [kept.id, added.id].sort(),
      )
      // Nothing is left locked or half-written: the next restore goes through.
      expect((await restoreBackup({ pool, scope })).mediaCount).toBe(1)
    } finally {
      await writer.query('ROLLBACK').catch(() => undefined)
      writer.release()
      client.release()
    }
  }, 120_000)

  it('lists kept backups with kind and counts, and downloads one byte for byte', async () => {
    await photoWithObjects()
    const created = await admin.json<{ backupFile: string }>('POST', '/api/backup/create')
    const list = await admin.json<Array<Record<string, unknown>>>('GET', '/api/backups')
    expect(list.body).toHaveLength(1)
    expect(list.body[0]).toMatchObject({
      file: created.body.backupFile,
      kind: 'manual',
      mediaCount: 1,
      sectionCount: 5,
      objectCount: 2,
    })
    const download = await admin.request('GET', `/api/backups/${list.body[0].id}/download`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toContain(created.body.backupFile)
    expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(list.body[0].sha256)
    expect((await visitor.request('GET', `/api/backups/${list.body[0].id}/download`)).status).toBe(401)
  })
})

describe('retention and trash', () => {
  it('keeps the last 10 backups and removes older ones with their objects', async () => {
    await photoWithObjects()
    const files: string[] = []
    for (let i = 0; i < 12; i++) files.push((await createBackup({ pool, scope, kind: 'manual' })).objectKey)
    const { rows } = await pool.query(`SELECT object_key FROM backups WHERE status = 'complete' ORDER BY completed_at`)
    expect(rows.map((row) => row.object_key)).toEqual(files.slice(2))
    expect(await readObject({ key: files[0] })).toBeNull()
    expect(await readObject({ key: files[1] })).toBeNull()
    expect(await readObject({ key: files[2] })).not.toBeNull()
  })

  it('keeps a deleted photo in trash while a kept backup refers to it, and purges trash nobody refers to', async () => {
    const backedUp = await photoWithObjects()
    await createBackup({ pool, scope, kind: 'manual' })
    const neverBackedUp = await photoWithObjects()
    await payload.delete({ collection: 'media', id: backedUp.id, overrideAccess: true })
    await payload.delete({ collection: 'media', id: neverBackedUp.id, overrideAccess: true })
    await createBackup({ pool, scope, kind: 'manual' })
    const trash = await listObjects({ prefix: 'trash/' })
    for (const key of backedUp.keys) expect(trash.has(`trash/${key}`)).toBe(true)
    for (const key of neverBackedUp.keys) expect(trash.has(`trash/${key}`)).toBe(false)
  })
})

describe('schedule', () => {
  // Jobs queued here are counted and run by the tests themselves: no worker meanwhile.
  beforeAll(stopWorkerNow)
  afterAll(startWorker)

  it('makes one upload backup for a 200-file batch, a short while after its last file', async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 200; i++) ids.add(await scheduleUploadBackup(pool, scope, { debounceMs: 60_000 }))
    expect(ids.size).toBe(1)
    const { rows } = await pool.query(
      `SELECT id, wait_until > now() + interval '50 seconds' AS later FROM payload_jobs WHERE queue = $1`,
      [BACKUP_QUEUE],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0].later).toBe(true)
    await photoWithObjects()
    await payload.jobs.runByID({ id: rows[0].id })
    const backups = await pool.query(`SELECT kind, media_count FROM backups WHERE status = 'complete'`)
    expect(backups.rows).toEqual([{ kind: 'upload', media_count: 1 }])
  })

  it('queues the 30-minute backup once however many instances tick', async () => {
    const queued = await Promise.all([enqueueAutoBackup(pool), enqueueAutoBackup(pool), enqueueAutoBackup(pool)])
    expect(queued.filter(Boolean)).toHaveLength(1)
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM payload_jobs WHERE queue = $1`, [BACKUP_QUEUE])
    expect(rows[0].n).toBe(1)
  })

  it('runs one backup at a time: a second waits its turn, or gives up after its wait', async () => {
    await photoWithObjects()
    const [first, second] = await Promise.all([createBackup({ pool, scope, kind: 'manual' }), createBackup({ pool, scope, kind: 'auto' })])
    const { rows } = await pool.query(`SELECT id, started_at, completed_at FROM backups ORDER BY started_at`)
    expect(rows).toHaveLength(2)
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set([first.id, second.id]))
    expect(rows[1].started_at.getTime()).toBeGreaterThanOrEqual(rows[0].completed_at.getTime())

    // A backup held at its first step (it holds the lock) until the second has given up.
    let reached = () => undefined as void
    let release = () => undefined as void
    const atFirstStep = new Promise<void>((resolve) => (reached = resolve))
    const held = new Promise<void>((resolve) => (release = resolve))
    const slow = createBackup({ pool, scope, kind: 'manual', checkpoints: { reached: () => (reached(), held) } })
    await atFirstStep
    await expect(createBackup({ pool, scope, kind: 'manual', waitMs: 100 })).rejects.toBeInstanceOf(LockBusy)
    release()
    await slow
  })
})

describe('the spec calls', () => {
  it('answers 401 to anonymous callers', async () => {
    expect((await visitor.json('GET', '/api/backup/status')).status).toBe(401)
    expect((await visitor.json('POST', '/api/backup/create')).status).toBe(401)
    expect((await visitor.json('POST', '/api/backup/restore')).status).toBe(401)
    expect((await visitor.json('GET', '/api/backups')).status).toBe(401)
    expect((await pool.query('SELECT count(*)::int AS n FROM backups')).rows[0].n).toBe(0)
  })

  it('answers 404 with a message when there is no backup, and 400 to a malformed body', async () => {
    const none = await admin.json('POST', '/api/backup/restore')
    expect(none.status).toBe(404)
    expect(none.body.message).toBe('There is no backup to restore yet: create one first.')
    expect((await admin.json('POST', '/api/backup/restore', { body: { backupId: 'latest' } })).status).toBe(400)
    expect((await admin.json('POST', '/api/backup/create', { body: { kind: 'auto' } })).status).toBe(400)
    expect((await admin.json('POST', '/api/backup/create', { rawBody: '{oops' })).status).toBe(400)
    const unknown = await admin.json('POST', '/api/backup/restore', { body: { backupId: crypto.randomUUID() } })
    expect(unknown.status).toBe(404)
  })

  it('reports the status: a real database round trip, the scheduler heartbeat, the media count, the last backup', async () => {
    await photoWithObjects()
    await photoWithObjects()
    const before = await admin.json('GET', '/api/backup/status')
    expect(before.body).toEqual({ databaseConnected: true, backupSystemActive: false, mediaFilesCount: 2, lastBackupTime: null })
    await beatHeartbeat(pool)
    const backup = await createBackup({ pool, scope, kind: 'manual' })
    const after = await admin.json('GET', '/api/backup/status')
    expect(after.body).toEqual({
      databaseConnected: true,
      backupSystemActive: true,
      mediaFilesCount: 2,
      lastBackupTime: backup.completedAt,
    })
    await pool.query(`UPDATE backup_scheduler_heartbeat SET beat_at = now() - interval '10 minutes'`)
    expect((await admin.json('GET', '/api/backup/status')).body.backupSystemActive).toBe(false)
  })
})

describe('refused backups change nothing', () => {
  async function refusedWith(prepare: (backup: { id: string; objectKey: string }) => Promise<void>) {
    await photoWithObjects({ section: 'upstairs' })
    const backup = await createBackup({ pool, scope, kind: 'manual' })
    await photoWithObjects({ section: 'outdoors' })
    await prepare(backup)
    const rows = await rowsNow()
    const backups = (await pool.query('SELECT count(*)::int AS n FROM backups')).rows[0].n
    const answer = await admin.json<{ message: string }>('POST', '/api/backup/restore')
    expect(answer.status).toBe(422)
    expect(await rowsNow()).toEqual(rows)
    // Not even a restore point is taken.
    expect((await pool.query('SELECT count(*)::int AS n FROM backups')).rows[0].n).toBe(backups)
    return answer.body.message
  }

  it('a truncated backup', async () => {
    const message = await refusedWith(async (backup) => {
      const bytes = (await readObject({ key: backup.objectKey }))!
      const truncated = bytes.subarray(0, Math.floor(bytes.length / 2))
      await putObject({ key: backup.objectKey, body: truncated, contentType: 'application/gzip' })
      await pool.query('UPDATE backups SET sha256 = $2 WHERE id = $1', [backup.id, sha(truncated)])
    })
    expect(message).toBe('The backup file is damaged or incomplete (it does not unzip): nothing was restored.')
  })

  it('a backup whose bytes do not match the recorded sha256', async () => {
    const message = await refusedWith(async (backup) => {
      const bytes = Buffer.from((await readObject({ key: backup.objectKey }))!)
      bytes[bytes.length - 10] ^= 0xff
      await putObject({ key: backup.objectKey, body: bytes, contentType: 'application/gzip' })
    })
    expect(message).toBe(
      'The backup file does not match its recorded checksum (it was changed or damaged): nothing was restored.',
    )
  })

  it('a backup from a newer schema, and one in a newer format', async () => {
    const base = { app: BACKUP_APP, kind: 'manual', createdAt: new Date().toISOString(), tables: [], manifest: [] }
    const newer = await refusedWith((backup) =>
      replaceBackup(backup, { ...base, format: BACKUP_FORMAT, migration: '29991231_000000_from_the_future' }),
    )
    expect(newer).toMatch(
      new RegExp(
        String.raw`^The backup was made by a newer version of the gallery \(schema 29991231_000000_from_the_future; this server is at ${LATEST_MIGRATION}\)`,
      ),
    )
    await pool.query('DELETE FROM backups')
    const format = await refusedWith((backup) =>
      replaceBackup(backup, { ...base, format: BACKUP_FORMAT + 1, migration: '20261121_134540_init' }),
    )
    expect(format).toContain(`written in format ${BACKUP_FORMAT + 1} by a newer version`)
  })

  it('a backup from an older schema with a column this one no longer has', async () => {
    const message = await refusedWith(async (backup) => {
      const document = await readBackup(backup)
      document.migration = '20261121_134540_init'
      const media = document.tables.find((table: { name: string }) => table.name === 'media')
      media.columns.push('legacy_rating')
      await replaceBackup(backup, document)
    })
    expect(message).toContain('media.legacy_rating')
  })

  it('a backup whose objects are gone from the store and from trash', async () => {
    const message = await refusedWith(async () => {
      const { rows } = await pool.query(`SELECT id, storage_key FROM media WHERE section_id = (SELECT id FROM gallery_sections WHERE key = 'upstairs')`)
      await payload.delete({ collection: 'media', id: rows[0].id, overrideAccess: true })
      const { deleteObject } = await import('../../src/server/storage/delete-object')
      await deleteObject({ key: `trash/${rows[0].storage_key}` })
    })
    expect(message).toMatch(/^1 file of this backup is no longer in the store \(originals\/.*\): nothing was restored\.$/)
  })
})

/** Follows a run's statusUrl (GET /api/runs/{id}) as the panel does, until it ended. */
async function follow(statusUrl: string): Promise<Run> {
  for (;;) {
    const { body: run } = await admin.json<Run>('GET', statusUrl)
    if (run.status !== 'running') return run
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('Create Backup and Restore run as jobs', () => {
  // No worker at first: the runs stay queued, so what a second click and a short wait see is certain.
  beforeEach(async () => {
    await stopWorkerNow()
    runWait.ms = 200
  })
  afterEach(() => {
    runWait.ms = RUN_WAIT_MS
    startWorker()
  })

  const backupJobs = async () =>
    (await pool.query(`SELECT count(*)::int AS n FROM payload_jobs WHERE queue = $1`, [BACKUP_QUEUE])).rows[0].n as number

  it('a second Create Backup joins the run already going; a longer run answers 202, and its run ends with the spec\'s answer', async () => {
    await photoWithObjects()
    const first = await admin.json<{ runId: string; status: string; statusUrl: string }>('POST', '/api/backup/create')
    expect(first.status).toBe(202)
    expect(first.body).toMatchObject({ status: 'running', operation: 'create', statusUrl: `/api/runs/${first.body.runId}` })
    expect(first.headers.get('location')).toBe(first.body.statusUrl)
    const second = await admin.json<{ runId: string }>('POST', '/api/backup/create')
    expect(second.status).toBe(202)
    expect(second.body.runId).toBe(first.body.runId)
    expect(await backupJobs()).toBe(1)
    expect((await admin.json<Run>('GET', first.body.statusUrl)).body).toMatchObject({ kind: 'backup', status: 'running' })

    startWorker()
    const done = await follow(first.body.statusUrl)
    expect(done.status).toBe('done')
    expect(Object.keys(done.result!)).toEqual(['backupFile'])
    expect(done.result!.backupFile).toMatch(/^backup-.*-manual\.json\.gz$/)
    const kept = (await admin.json<Array<{ file: string; kind: string }>>('GET', '/api/backups')).body
    expect(kept.map((backup) => [backup.file, backup.kind])).toEqual([[done.result!.backupFile, 'manual']])

    // The run is over: the next click starts a new one (the worker may finish it within the wait).
    const again = await admin.json<Record<string, unknown>>('POST', '/api/backup/create')
    let againFile = again.body.backupFile
    if (again.status === 202) {
      expect(again.body.runId).not.toBe(first.body.runId)
      againFile = (await follow(String(again.body.statusUrl))).result!.backupFile
    } else {
      expect(again.status).toBe(201)
    }
    expect(againFile).toMatch(/^backup-.*-manual\.json\.gz$/)
    expect(againFile).not.toBe(done.result!.backupFile)
  })

  it('a second Restore of the same backup joins; of another backup while one runs, 409; bad and unknown run ids, 400 and 404', async () => {
    await photoWithObjects({ section: 'upstairs' })
    const older = await createBackup({ pool, scope, kind: 'manual' })
    const latest = await createBackup({ pool, scope, kind: 'manual' })
    const first = await admin.json<{ runId: string; statusUrl: string }>('POST', '/api/backup/restore')
    expect(first.status).toBe(202)
    const joined = await admin.json<{ runId: string }>('POST', '/api/backup/restore', { body: { backupId: latest.id } })
    expect(joined.status).toBe(202)
    expect(joined.body.runId).toBe(first.body.runId)
    const other = await admin.json<{ message: string }>('POST', '/api/backup/restore', { body: { backupId: older.id } })
    expect(other.status).toBe(409)
    expect(other.body.message).toBe('Another restore is running: wait for it to finish, then try again.')
    expect((await admin.json('GET', '/api/runs/not-a-run')).status).toBe(400)
    expect((await admin.json('GET', `/api/runs/${crypto.randomUUID()}`)).status).toBe(404)
    // The per-kind route of earlier releases is gone.
    expect((await admin.json('GET', `/api/backup/runs/${first.body.runId}`)).status).toBe(404)
    expect((await visitor.json('GET', first.body.statusUrl)).status).toBe(401)

    startWorker()
    const done = await follow(first.body.statusUrl)
    expect(done.status).toBe('done')
    expect(done.result!.message).toMatch(/^Restored 1 media file from the backup of .* UTC; 0 brought back, 0 removed\.$/)
    expect(done.result!.restoredFrom).toBe(latest.file)
  })

  it('a refused restore run ends failed with the reason, which its run tells', async () => {
    await photoWithObjects()
    const backup = await createBackup({ pool, scope, kind: 'manual' })
    const bytes = Buffer.from((await readObject({ key: backup.objectKey }))!)
    bytes[bytes.length - 10] ^= 0xff
    await putObject({ key: backup.objectKey, body: bytes, contentType: 'application/gzip' })
    const started = await admin.json<{ statusUrl: string }>('POST', '/api/backup/restore')
    expect(started.status).toBe(202)
    startWorker()
    const refused = await follow(started.body.statusUrl)
    expect(refused.status).toBe('failed')
    expect(refused.error).toBe(
      'The backup file does not match its recorded checksum (it was changed or damaged): nothing was restored.',
    )
  })
})

describe('faults', () => {
  it('a store that is down makes the backup fail, lists nothing, and the next run succeeds', async () => {
    await photoWithObjects()
    const down = {
      client: new S3Client({ ...s3ClientConfig(), endpoint: 'http://127.0.0.1:9', maxAttempts: 1 }),
      bucket: store().bucket,
    }
    await expect(createBackup({ pool, scope, kind: 'auto', store: down })).rejects.toBeInstanceOf(BackupFailed)
    expect((await admin.json('GET', '/api/backups')).body).toEqual([])
    expect((await admin.json('GET', '/api/backup/status')).body.lastBackupTime).toBeNull()
    const next = await createBackup({ pool, scope, kind: 'auto' })
    expect(next.mediaCount).toBe(1)
    expect((await admin.json('GET', '/api/backups')).body).toHaveLength(1)
  })

  /** Runs a backup or restore in a child process and kills it with SIGKILL at a step. */
  async function killAt(args: string[]) {
    const child = spawnChild('tests/helpers/backup-child.ts', args)
    await child.waitFor('PAUSED')
    await killHard(child)
  }

  it('kill -9 mid-backup leaves no half-written backup listed; the next backup clears it', async () => {
    await photoWithObjects()
    await killAt(['backup', 'backup-written'])
    expect((await admin.json('GET', '/api/backups')).body).toEqual([])
    const { rows } = await pool.query(`SELECT status, temp_key FROM backups`)
    expect(rows).toHaveLength(1)
    expect(rows[0].status).toBe('running')
    expect(await readObject({ key: rows[0].temp_key })).not.toBeNull()
    await createBackup({ pool, scope, kind: 'manual' })
    expect(await readObject({ key: rows[0].temp_key })).toBeNull()
    expect((await pool.query(`SELECT status FROM backups ORDER BY started_at`)).rows.map((row) => row.status)).toEqual([
      'failed',
      'complete',
    ])
    expect((await admin.json('GET', '/api/backups')).body).toHaveLength(1)
  }, 120_000)

  it('kill -9 mid-restore leaves the gallery exactly as before (killed before commit) or exactly as restored (after)', async () => {
    const first = await photoWithObjects({ section: 'upstairs' })
    const backup = await createBackup({ pool, scope, kind: 'manual' })
    const restoredState = await rowsNow()
    await payload.update({ collection: 'media', id: first.id, data: { section: await sectionIdOf(payload, 'backyard') } as never, overrideAccess: true })
    await photoWithObjects({ section: 'outdoors' })
    const changedState = await rowsNow()

    await killAt(['restore', 'restore-before-commit', backup.id])
    expect(await rowsNow()).toEqual(changedState)

    await killAt(['restore', 'restore-after-commit', backup.id])
    expect(await rowsNow()).toEqual(restoredState)
    // The lock died with the process: the next restore runs.
    const again = await restoreBackup({ pool, scope, backupId: backup.id, waitMs: 5000 })
    expect(again.mediaCount).toBe(1)
    expect(await rowsNow()).toEqual(restoredState)
  }, 180_000)

  it('kill -9 after the restore committed: the next backup makes the object moves the restore owed', async () => {
    const kept = await photoWithObjects({ section: 'upstairs' })
    const backup = await createBackup({ pool, scope, kind: 'manual' })
    const added = await photoWithObjects({ section: 'outdoors' })
    const present = async (keys: string[]) => (await Promise.all(keys.map(async (key) => ((await readObject({ key })) ? key : null)))).filter(Boolean)

    await killAt(['restore', 'restore-after-commit', backup.id])
    // The rows are restored; the added photo's objects, which only the replaced rows used, are
    // still where they were: the restore died before moving them.
    expect((await pool.query('SELECT id::text AS id FROM media')).rows.map((row) => row.id)).toEqual([kept.id])
    expect(await present(added.keys)).toEqual(added.keys)

    // The next backup (the 30-minute one, or an upload's) finishes them first: as an
    // uninterrupted restore leaves them, under trash/, where the restore point keeps them.
    await createBackup({ pool, scope, kind: 'auto' })
    expect(await present(added.keys)).toEqual([])
    expect(await present(added.keys.map((key) => `trash/${key}`))).toEqual(added.keys.map((key) => `trash/${key}`))
    expect(await present(kept.keys)).toEqual(kept.keys)
    expect((await pool.query('SELECT count(*)::int AS n FROM backup_restore_tidy')).rows[0].n).toBe(0)
    // Restoring the restore point brings the added photo back, bytes and all.
    const { rows: points } = await pool.query(`SELECT id::text AS id FROM backups WHERE kind = 'restore-point' AND status = 'complete'`)
    expect(points).toHaveLength(1)
    await restoreBackup({ pool, scope, backupId: points[0].id })
    expect(await present(added.keys)).toEqual(added.keys)
  }, 180_000)

  /** Starts a run through the API with no worker, so a child process can take its job. */
  async function queuedRun(operation: 'create' | 'restore') {
    await stopWorkerNow()
    runWait.ms = 0
    try {
      const started = await admin.json<{ runId: string; statusUrl: string }>('POST', `/api/backup/${operation}`)
      expect(started.status).toBe(202)
      return started.body
    } finally {
      runWait.ms = RUN_WAIT_MS
    }
  }

  /** The killed worker's job looks abandoned once its heartbeat is stale; a live worker takes it again. */
  async function workerTakesOver(runId: string) {
    await pool.query(`UPDATE payload_jobs SET updated_at = now() - interval '10 minutes' WHERE input->>'runId' = $1`, [runId])
    startWorker()
    return follow(`/api/runs/${runId}`)
  }

  it('kill -9 of the worker running a Create Backup: another worker takes the job and the run ends with a backup', async () => {
    await photoWithObjects()
    const run = await queuedRun('create')
    await killAt(['run', 'backup-written', run.runId])
    expect((await admin.json('GET', '/api/backups')).body).toEqual([])
    const done = await workerTakesOver(run.runId)
    expect(done.status).toBe('done')
    const kept = (await admin.json<Array<{ file: string }>>('GET', '/api/backups')).body
    expect(kept.map((backup) => backup.file)).toEqual([done.result!.backupFile])
    expect((await pool.query(`SELECT status FROM backups ORDER BY started_at`)).rows.map((row) => row.status)).toEqual([
      'failed',
      'complete',
    ])
  }, 180_000)

  it('kill -9 of the worker running a Restore, before and after its COMMIT: the run ends restored, tidied, answered once', async () => {
    const first = await photoWithObjects({ section: 'upstairs' })
    await createBackup({ pool, scope, kind: 'manual' })
    const restoredState = await rowsNow()
    await payload.update({ collection: 'media', id: first.id, data: { section: await sectionIdOf(payload, 'backyard') } as never, overrideAccess: true })
    const added = await photoWithObjects({ section: 'outdoors' })
    const changedState = await rowsNow()

    // Killed before COMMIT: nothing changed; the next worker restores.
    const before = await queuedRun('restore')
    await killAt(['run', 'restore-before-commit', before.runId])
    expect(await rowsNow()).toEqual(changedState)
    const answered = await workerTakesOver(before.runId)
    expect(answered.status).toBe('done')
    expect(answered.result!.message).toMatch(/; 0 brought back, 1 removed\.$/)
    expect(await rowsNow()).toEqual(restoredState)

    // Put the change back, then kill after COMMIT (before the tidying): the outcome committed
    // with the rows, and the next worker only tidies (the new photo's objects go to trash).
    await restoreBackup({ pool, scope, backupId: (await pool.query(`SELECT id FROM backups WHERE kind = 'restore-point' ORDER BY completed_at DESC LIMIT 1`)).rows[0].id })
    expect(await rowsNow()).toEqual(changedState)
    await expect.poll(() => readObject({ key: added.keys[0] })).not.toBeNull()
    const after = await queuedRun('restore')
    await killAt(['run', 'restore-after-commit', after.runId])
    expect(await rowsNow()).toEqual(restoredState)
    expect((await pool.query(`SELECT status, detail ? 'tidy' AS pending FROM runs WHERE id = $1`, [after.runId])).rows[0]).toEqual({
      status: 'done',
      pending: true,
    })
    expect(await readObject({ key: added.keys[0] })).not.toBeNull()
    const tidied = await workerTakesOver(after.runId)
    expect(tidied.status).toBe('done')
    expect(tidied.result!.message).toMatch(/; 0 brought back, 1 removed\.$/)
    await expect.poll(async () => (await pool.query(`SELECT detail->'tidy' AS tidy FROM runs WHERE id = $1`, [after.runId])).rows[0].tidy, { timeout: 20_000 }).toBeNull()
    expect(await readObject({ key: added.keys[0] })).toBeNull()
    expect(await readObject({ key: `trash/${added.keys[0]}` })).not.toBeNull()
    expect(await rowsNow()).toEqual(restoredState)
  }, 240_000)
})
