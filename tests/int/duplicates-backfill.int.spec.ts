// Media processed before ingest stored mirror and region hashes (migration 20261123_015000)
// get them from the backfill job, from their stored originals: the same hashes ingest writes,
// only where they are missing, and then a captioned copy is found by its regions. Real
// photographs, the real ingest, store and database.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DuplicateGroup } from '../../src/lib/api/types'
import { poolOf } from '../../src/server/db/pool'
import { HASH_BACKFILL } from '../../src/server/duplicates/backfill'
import { queueBackfill, runBackfill } from '../../src/server/jobs/backfill'
import { startScan } from '../../src/server/duplicates/scan'
import { moveToTrash } from '../../src/server/storage/move-to-trash'
import { Session, signedInAdmin } from '../helpers/api'
import { type Child, killHard, spawnChild, stopGently } from '../helpers/child-process'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'
import { defaultPropertyId } from '../../src/server/properties/default-property'

let payload: Payload
let admin: Session
const ids: Record<string, string> = {}
type Hashes = { id: string; mirror_hash: string | null; region_hashes: string[] | null }
let ingested: Map<string, Hashes>

const sql = <T extends object = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  poolOf(payload).query<T & Record<string, unknown>>(text, values)

const realPhoto = (name: string) => readFileSync(path.join(process.cwd(), 'tests', 'fixtures', 'analysis', name))

async function upload(name: string, bytes: Buffer) {
  const created = await uploadFile(admin, bytes, { filename: `${name}.jpg`, contentType: 'image/jpeg' })
  if (created.status !== 201) throw new Error(`Upload of ${name} failed: ${JSON.stringify(created.body)}`)
  ids[name] = created.body.id
}

// The copies are saved at quality 75, smaller than the original: the original is their group's
// best file, and each copy matches it (a group holds only files that match its best directly).

/** A black band along the bottom eighth with white words on it: the picture's other regions untouched. */
async function captioned(photo: Buffer) {
  const { width, height } = await sharp(photo).metadata()
  const size = Math.round(height! / 8)
  const svg = `<svg width="${width}" height="${height}"><rect x="0" y="${height! - 2 * size}" width="${width}" height="${2 * size}" fill="black"/><text x="${Math.round(width! * 0.05)}" y="${height! - size / 2}" font-family="sans-serif" font-size="${size}" fill="white">Lakeside Cabin 2026</text></svg>`
  return sharp(photo).composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 75 }).toBuffer()
}

async function hashesById() {
  const { rows } = await sql<Hashes>('SELECT id::text AS id, mirror_hash, region_hashes FROM media')
  return new Map(rows.map((row) => [row.id, row]))
}

async function scanGroups(): Promise<DuplicateGroup[]> {
  await startScan(payload, { propertyId: await defaultPropertyId(payload) })
  await runJobs(payload)
  const listed = await admin.json<DuplicateGroup[]>('GET', '/api/duplicates')
  expect(listed.status).toBe(200)
  return listed.body
}

const groupWith = (groups: DuplicateGroup[], id: string) => groups.find((group) => group.files.some((file) => file.id === id))

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  await sql(`DELETE FROM runs WHERE kind = 'duplicates'`)
  admin = await signedInAdmin()
  const dune = realPhoto('view-dune.jpg')
  await upload('dune', dune)
  await upload('dune-captioned', await captioned(dune))
  await upload('dune-mirrored', await sharp(dune).flop().jpeg({ quality: 75 }).toBuffer())
  await upload('building', realPhoto('exterior-building.jpg'))
  await upload('lost', realPhoto('view-sea.jpg'))
  await runJobs(payload)
  const { rows } = await sql<{ ready: number }>(`SELECT count(*)::int AS ready FROM media WHERE status = 'ready'`)
  expect(rows[0].ready).toBe(5)
  ingested = await hashesById()
  for (const hashes of ingested.values()) {
    expect(hashes.mirror_hash).toMatch(/^[0-9a-f]{16}$/)
    expect(hashes.region_hashes).toHaveLength(9)
  }

  // As before migration 20261123_015000: no mirror or region hashes. One row keeps a mirror
  // hash of its own (the backfill must not replace it); one has lost its original.
  await sql('UPDATE media SET mirror_hash = NULL, region_hashes = NULL')
  await sql(`UPDATE media SET mirror_hash = 'ffffffffffffffff' WHERE id = $1`, [ids.building])
  const lost = await sql<{ storage_key: string }>('SELECT storage_key FROM media WHERE id = $1', [ids.lost])
  await moveToTrash({ keys: [lost.rows[0].storage_key] })
}, 240_000)

const children: Child[] = []

afterAll(async () => {
  await Promise.all(children.map((child) => stopGently(child, 5000)))
  await resetDatabase(payload)
})

describe('duplicate hash backfill', () => {
  it('without region hashes, the captioned copy is not found (its whole hash is far: the caption covers the sand)', async () => {
    const groups = await scanGroups()
    expect(groupWith(groups, ids['dune-captioned'])?.files.map((file) => file.id) ?? []).not.toContain(ids.dune)
  })

  it('is queued once while rows need it', async () => {
    expect(await queueBackfill(payload, HASH_BACKFILL)).toBe(true)
    expect(await queueBackfill(payload, HASH_BACKFILL)).toBe(false)
    const { rows } = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM payload_jobs WHERE task_slug = 'backfillDuplicateHashes' AND completed_at IS NULL`,
    )
    expect(rows[0].n).toBe(1)
  })

  it('writes the hashes ingest wrote, only where they are missing, and goes past an unreadable file', async () => {
    await runJobs(payload)
    const after = await hashesById()
    for (const name of ['dune', 'dune-captioned', 'dune-mirrored']) {
      expect(after.get(ids[name])).toEqual(ingested.get(ids[name]))
    }
    expect(after.get(ids.building)?.mirror_hash).toBe('ffffffffffffffff')
    expect(after.get(ids.building)?.region_hashes).toEqual(ingested.get(ids.building)?.region_hashes)
    expect(after.get(ids.lost)).toEqual({ id: ids.lost, mirror_hash: null, region_hashes: null })
    const { rows } = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM payload_jobs WHERE task_slug = 'backfillDuplicateHashes' AND completed_at IS NULL`,
    )
    expect(rows[0].n).toBe(0)
    // Run again: nothing left to write but the unreadable file, which is tried again (the store may have been away).
    expect(await runBackfill(payload, HASH_BACKFILL)).toEqual({ written: 0, failed: 1 })
  })

  it('then finds the captioned and the mirrored copy with the original, and nothing else', async () => {
    const group = groupWith(await scanGroups(), ids.dune)
    expect(group?.files[0].id).toBe(ids.dune)
    expect(group?.files.map((file) => file.id).sort()).toEqual([ids.dune, ids['dune-captioned'], ids['dune-mirrored']].sort())
    expect(group?.duplicateReason).toBe('visual_similarity')
  })

  it('survives kill -9 of its worker: a second worker claims it again and writes the same hashes', async () => {
    // Only the backfill in the queue (the uploads' analysis and backup jobs are not this test's).
    await sql('DELETE FROM payload_jobs')
    await sql('UPDATE media SET mirror_hash = NULL, region_hashes = NULL WHERE id <> $1', [ids.lost])
    expect(await queueBackfill(payload, HASH_BACKFILL)).toBe(true)
    // The second worker may be up before the killed job is stale: its idle slots look again every
    // second (the fallback poll, 30 s by default), so it is claimed within a second of going stale.
    const env = { ...process.env, JOBS_STALE_AFTER_MS: '6000', JOBS_FALLBACK_POLL_MS: '1000', ANALYZE_ON_UPLOAD: 'false' }
    const first = spawnChild('tests/helpers/worker-child.ts', ['backfill:before-write'], env)
    children.push(first)
    await first.waitFor('PAUSED backfill:before-write')
    await killHard(first)
    const { rows: killed } = await sql<{ processing: boolean }>(
      `SELECT processing FROM payload_jobs WHERE task_slug = 'backfillDuplicateHashes' AND completed_at IS NULL`,
    )
    expect(killed.map((job) => job.processing)).toEqual([true])
    expect([...(await hashesById()).values()].filter((row) => row.region_hashes !== null)).toEqual([])

    const second = spawnChild('tests/helpers/worker-child.ts', [], env)
    children.push(second)
    try {
      await expect
        .poll(async () => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM payload_jobs WHERE task_slug = 'backfillDuplicateHashes'`)).rows[0].n, {
          timeout: 120_000,
          interval: 500,
        })
        .toBe(0)
    } finally {
      await stopGently(second)
    }
    const after = await hashesById()
    for (const name of ['dune', 'dune-captioned', 'dune-mirrored', 'building']) {
      expect(after.get(ids[name])).toEqual(ingested.get(ids[name]))
    }
  }, 240_000)

  it('is not queued when no row needs it', async () => {
    await sql('DELETE FROM media WHERE id = $1', [ids.lost])
    expect(await queueBackfill(payload, HASH_BACKFILL)).toBe(false)
  })
})
