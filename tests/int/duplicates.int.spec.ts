// Duplicate detection end to end on real photographs: uploaded through the browser's path,
// processed by the real ingest (sha256, pHash, centre-crop, mirror and region hashes) and
// analysed by the real model (embeddings), a scan run as a job by the real worker, the groups
// it keeps, and deletes that move the manager's organisation to the kept file. Refusals:
// anonymous calls, bad bodies, unknown ids.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DuplicateGroup, MediaFile, Run } from '../../src/lib/api/types'
import { poolOf } from '../../src/server/db/pool'
import { saveScanGroups } from '../../src/server/duplicates/scan'
import { defaultPropertyScope } from '../../src/server/properties/default-property'
import { startJobsWorker } from '../../src/server/jobs/worker'
import { Session, signedInAdmin } from '../helpers/api'
import { holdAt } from '../helpers/checkpoints'
import { reencode, cropEdges } from '../helpers/media-fixtures'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'

let payload: Payload
let admin: Session
let stopWorker: (() => Promise<void>) | undefined
const visitor = new Session()
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const ids: Record<string, string> = {}

const sql = (text: string, values: unknown[] = []) => poolOf(payload).query(text, values)

const realPhoto = (name: string) => readFileSync(path.join(process.cwd(), 'tests', 'fixtures', 'analysis', name))

async function upload(name: string, bytes: Buffer) {
  const created = await uploadFile(admin, bytes, { filename: `${name}.jpg`, contentType: 'image/jpeg' })
  if (created.status !== 201) throw new Error(`Upload of ${name} failed: ${JSON.stringify(created.body)}`)
  ids[name] = created.body.id
}

const groupWith = (groups: DuplicateGroup[], id: string) => groups.find((group) => group.files.some((file) => file.id === id))
const idsOf = (group: DuplicateGroup | undefined) => (group?.files.map((file) => file.id) ?? []).sort()

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  await sql(`DELETE FROM runs WHERE kind = 'duplicates'`)
  admin = await signedInAdmin()

  const photo = realPhoto('exterior-building.jpg')
  await upload('lake', photo)
  await upload('lake-copy', photo)
  await upload('lake-small', await reencode(photo, { scale: 0.5, quality: 60 }))
  await upload('lake-cropped', await cropEdges(photo, 0.05))
  await upload('lake-brighter', await sharp(photo).modulate({ brightness: 1.1 }).jpeg({ quality: 90 }).toBuffer())
  // The same colours in another arrangement: a different picture.
  await upload('lake-upside-down', await sharp(photo).flip().jpeg({ quality: 90 }).toBuffer())

  const other = realPhoto('view-dune.jpg')
  await upload('porch', other)
  await upload('porch-small', await reencode(other, { scale: 0.5, quality: 60 }))

  // A burst: one street, photographed twice from a few steps apart (the two real photos
  // share no hash: only the analysis embeddings link them).
  await upload('burst-1', realPhoto('exterior-street-a.jpg'))
  await upload('burst-2', realPhoto('exterior-street-b.jpg'))
  await runJobs(payload)
  const { rows } = await sql(`SELECT count(*)::int AS ready FROM media WHERE status = 'ready'`)
  expect(rows[0].ready).toBe(10)

  // The worker with its analysis slots: every upload is analysed (embeddings, tags,
  // descriptions) before the scans below, as after a real upload.
  stopWorker = startJobsWorker(payload, 1)
  for (let waited = 0; ; waited += 500) {
    const analysed = await sql(`SELECT count(*)::int AS n FROM media WHERE is_analyzed IS TRUE AND embedding IS NOT NULL`)
    if (analysed.rows[0].n === 10) break
    if (waited > 240_000) throw new Error(`Only ${analysed.rows[0].n} of 10 photos were analysed in 4 minutes`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}, 400_000)

afterAll(async () => {
  await stopWorker?.()
})

describe('refusals', () => {
  it('answers 401 to anonymous scans, lists and deletes, and changes nothing', async () => {
    expect((await visitor.json('POST', '/api/duplicates/scan')).status).toBe(401)
    expect((await visitor.json('GET', '/api/duplicates')).status).toBe(401)
    expect((await visitor.json('GET', '/api/runs?kind=duplicates&limit=1')).status).toBe(401)
    expect((await visitor.json('DELETE', `/api/media-files/${ids.lake}`)).status).toBe(401)
    const { rows } = await sql(`SELECT count(*)::int AS scans FROM runs WHERE kind = 'duplicates'`)
    expect(rows[0].scans).toBe(0)
  })

  it('answers 400 to a scan with a body, and to a malformed keep id', async () => {
    const scan = await admin.json('POST', '/api/duplicates/scan', { body: { everything: true } })
    expect(scan.status).toBe(400)
    const deleted = await admin.json('DELETE', `/api/media-files/${ids['lake-copy']}?keep=not-an-id`)
    expect(deleted.status).toBe(400)
    const keepSelf = await admin.json('DELETE', `/api/media-files/${ids['lake-copy']}?keep=${ids['lake-copy']}`)
    expect(keepSelf.status).toBe(400)
    const { rows } = await sql('SELECT count(*)::int AS media FROM media')
    expect(rows[0].media).toBe(10)
  })
})

describe('scan', () => {
  let groups: DuplicateGroup[]

  it('runs one scan for two requests at once and answers the number of groups', async () => {
    // "At once" means while the scan runs: on a busy machine the first request's scan could end
    // before the second request arrives, which then rightly starts a scan of its own. The scan
    // is held before its results until the second request has joined it (found it running).
    const pool = poolOf(payload)
    const query = pool.query
    let joined!: () => void
    const secondJoined = new Promise<void>((resolve) => (joined = resolve))
    pool.query = (async (...args: Parameters<typeof query>) => {
      const result = await (query as (...all: unknown[]) => Promise<{ rows: unknown[] }>).apply(pool, args)
      if (String(args[0]).includes("FROM runs WHERE kind = $1 AND property_id = $2 AND status = 'running'") && result.rows.length) joined()
      return result
    }) as typeof query
    const release = holdAt('scan:before-results', () => secondJoined)
    const [first, second] = await Promise.all([
      admin.json('POST', '/api/duplicates/scan'),
      admin.json('POST', '/api/duplicates/scan'),
    ]).finally(() => {
      pool.query = query
      release()
    })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(first.body.runId).toBe(second.body.runId)
    expect(first.body).toMatchObject({ status: 'done', progress: 100, processed: 10, total: 10 })
    const { rows } = await sql(`SELECT count(*)::int AS scans FROM runs WHERE kind = 'duplicates'`)
    expect(rows[0].scans).toBe(1)

    const listed = await admin.json<DuplicateGroup[]>('GET', '/api/duplicates')
    expect(listed.status).toBe(200)
    groups = listed.body
    expect(first.body.duplicateGroups).toBe(groups.length)
    const [latest] = (await admin.json<Run[]>('GET', '/api/runs?kind=duplicates&limit=1')).body
    expect(latest).toMatchObject({ id: first.body.runId, status: 'done', result: { duplicateGroups: groups.length } })
  })

  it('groups identical copies, a half-size re-encode, a 5 % crop and a brightness change, not the same colours rearranged', () => {
    const lake = groupWith(groups, ids.lake)
    expect(idsOf(lake)).toEqual([ids.lake, ids['lake-copy'], ids['lake-small'], ids['lake-cropped'], ids['lake-brighter']].sort())
    expect(lake).toMatchObject({ confidence: 100, duplicateReason: 'identical_hash' })
    expect(groupWith(groups, ids['lake-upside-down'])).toBeUndefined()
    // Best first: the largest file (spec §9).
    const sizes = lake!.files.map((file) => file.originalFileSize)
    expect(sizes[0]).toBe(Math.max(...sizes))
  })

  it('groups a re-encode alone as a visual match with high confidence', () => {
    const porch = groupWith(groups, ids.porch)
    expect(idsOf(porch)).toEqual([ids.porch, ids['porch-small']].sort())
    expect(porch!.duplicateReason).toBe('visual_similarity')
    expect(porch!.confidence).toBeGreaterThanOrEqual(90)
    expect(porch!.files[0].id).toBe(ids.porch)
  })

  it('groups a burst pair (by their embeddings) only as visual similarity, with a lower confidence', () => {
    const burst = groupWith(groups, ids['burst-1'])
    expect(idsOf(burst)).toEqual([ids['burst-1'], ids['burst-2']].sort())
    expect(burst!.duplicateReason).toBe('visual_similarity')
    expect(burst!.confidence).toBeLessThan(90)
    expect(burst!.confidence).toBeLessThan(groupWith(groups, ids.porch)!.confidence)
    expect(groups).toHaveLength(3)
  })

  it('drops a deleted file from its group, and the group once one file is left', async () => {
    const deleted = await admin.json('DELETE', `/api/media-files/${ids['burst-2']}`)
    expect(deleted.status).toBe(200)
    const listed = await admin.json<DuplicateGroup[]>('GET', '/api/duplicates')
    expect(groupWith(listed.body, ids['burst-1'])).toBeUndefined()
    const { rows } = await sql('SELECT count(*)::int AS groups FROM duplicate_groups')
    expect(rows[0].groups).toBe(2)
  })
})

describe("deleting a duplicate keeps the manager's organisation", () => {
  it('answers 404 for an unknown file or an unknown kept file, deleting nothing', async () => {
    expect((await admin.json('DELETE', `/api/media-files/${UNKNOWN_ID}`)).status).toBe(404)
    expect((await admin.json('DELETE', `/api/media-files/${ids['lake-copy']}?keep=${UNKNOWN_ID}`)).status).toBe(404)
    const { rows } = await sql('SELECT count(*)::int AS media FROM media')
    expect(rows[0].media).toBe(9)
  })

  it('moves section, room, tags, description, notes and sort position to the kept file where it lacks them', async () => {
    const [best] = groupWith((await admin.json<DuplicateGroup[]>('GET', '/api/duplicates')).body, ids.lake)!.files
    // The copy the manager organised; the best file was never touched, except its own description.
    const copy = ids['lake-small']
    await admin.json('PUT', `/api/media-files/${copy}/section`, {
      body: { section: 'upstairs', isHidden: 'false', room: 'Loft' },
    })
    await admin.json('PUT', `/api/media-files/${copy}/metadata`, {
      body: { tags: ['lake', 'view'], description: 'Copy text', notes: 'Shot at dawn' },
    })
    await sql('UPDATE media SET sort_order = 7 WHERE id = $1', [copy])
    await admin.json('PUT', `/api/media-files/${best.id}/section`, { body: { section: null, isHidden: 'false' } })
    await admin.json('PUT', `/api/media-files/${best.id}/metadata`, { body: { description: 'The best one' } })

    const deleted = await admin.json('DELETE', `/api/media-files/${copy}?keep=${best.id}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toMatchObject({ id: copy, keptId: best.id })
    expect(deleted.body.carried.sort()).toEqual(['notes', 'room', 'section', 'sortOrder', 'tags'])

    const files = (await admin.json<MediaFile[]>('GET', '/api/media-files')).body
    expect(files.map((file) => file.id)).not.toContain(copy)
    const kept = files.find((file) => file.id === best.id)!
    expect(kept).toMatchObject({
      section: 'upstairs',
      isHidden: 'false',
      room: 'Loft',
      description: 'The best one',
      notes: 'Shot at dawn',
      sortOrder: 7,
    })
    // Added to the tags analysis gave the kept file.
    expect(kept.tags).toEqual(expect.arrayContaining(['lake', 'view']))
    const group = groupWith((await admin.json<DuplicateGroup[]>('GET', '/api/duplicates')).body, ids.lake)
    expect(group!.files.map((file) => file.id)).not.toContain(copy)
  })

  it('a re-scan replaces the groups and leaves none stale', async () => {
    await admin.json('DELETE', `/api/media-files/${ids['porch-small']}`)
    const scan = await admin.json('POST', '/api/duplicates/scan')
    expect(scan.status).toBe(200)
    const listed = (await admin.json<DuplicateGroup[]>('GET', '/api/duplicates')).body
    expect(listed).toHaveLength(1)
    expect(scan.body.duplicateGroups).toBe(1)
    expect(idsOf(listed[0])).toEqual([ids.lake, ids['lake-copy'], ids['lake-cropped'], ids['lake-brighter']].sort())
  })
})

describe('a file deleted while a scan runs', () => {
  it('is left out of the groups the scan saves, and a group left with one file is not kept', async () => {
    const { rows } = await sql(`INSERT INTO runs (kind, status, total, property_id) VALUES ('duplicates', 'running', 3, (SELECT id FROM properties WHERE is_default)) RETURNING id::text AS id`)
    const runId = rows[0].id
    // The scan found these groups; then one file of each was deleted (UNKNOWN_ID) before it saved them.
    await saveScanGroups(payload, await defaultPropertyScope(payload), runId, [
      { confidence: 100, reason: 'identical_hash', memberIds: [ids.lake, ids['lake-copy'], UNKNOWN_ID] },
      { confidence: 80, reason: 'visual_similarity', memberIds: [ids['lake-brighter'], UNKNOWN_ID] },
    ])
    const listed = (await admin.json<DuplicateGroup[]>('GET', '/api/duplicates')).body
    expect(listed.map((group) => idsOf(group))).toEqual([[ids.lake, ids['lake-copy']].sort()])
    const [latest] = (await admin.json<Run[]>('GET', '/api/runs?kind=duplicates&limit=1')).body
    expect(latest).toMatchObject({ id: runId, status: 'done', result: { duplicateGroups: 1 } })
  })
})
