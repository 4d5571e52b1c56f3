// Analysis, duplicates and load times never cross properties (docs/properties-design.md §5 step
// 6): with a second property (the Lodge) beside the default one, identical files in the two
// form no group, a scan in the Lodge leaves the default property's groups as they were, a
// delete that keeps a file of the other property is refused and changes nothing, an analysis
// in the Lodge is never suggested the default property's rooms, and a load-time token of one
// property is not taken for the other; an analysis run of one is no run for the other. HTTP requests
// are the default property's (bare paths).
import fs from 'node:fs/promises'
import path from 'node:path'
import { createLocalReq, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { metricsEndpoints } from '../../endpoints/metrics'
import type { DuplicateGroup, MediaFile } from '../../src/lib/api/types'
import { analyzeMedia } from '../../src/server/analysis/analyze-media'
import { poolOf } from '../../src/server/db/pool'
import type { PropertyScope } from '../../src/server/db/property-db'
import { listDuplicateGroups } from '../../src/server/duplicates/groups'
import { latestScan, startScan } from '../../src/server/duplicates/scan'
import { startJobsWorker } from '../../src/server/jobs/worker'
import { averageLoadTimeSeconds, recordLoadTimes } from '../../src/server/metrics/load-times'
import { loadTimesToken } from '../../src/server/metrics/page-token'
import { defaultPropertyScope, propertyScopeById } from '../../src/server/properties/default-property'
import { Session, signedInAdmin } from '../helpers/api'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'

const FIXTURES = path.resolve(__dirname, '../fixtures/analysis')
const SAME_FILE = 'a1'.repeat(32)
const LODGE_PAIR = 'b2'.repeat(32)

let payload: Payload
let admin: Session
let home: PropertyScope
let lodge: PropertyScope

const sql = <T = any>(text: string, params: unknown[] = []) => poolOf(payload).query<T & Record<string, any>>(text, params)
const idsOf = (group: DuplicateGroup) => group.files.map((file) => file.id).sort()

/** A processed image of the property with the given content hash (the scan's identical-file signal). */
async function mediaWithHash(property: PropertyScope, name: string, sha256: string, data: Record<string, unknown> = {}) {
  const extra = property.id === home.id ? {} : { property: property.id, section: null }
  const created = await createMedia(payload, { originalFilename: name, ...extra, ...data })
  await sql('UPDATE media SET sha256 = $2 WHERE id = $1', [created.id, sha256])
  return String(created.id)
}

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  await sql('DELETE FROM payload_jobs')
  admin = await signedInAdmin()
  home = await defaultPropertyScope(payload)
  const created = await payload.create({ collection: 'properties', data: { name: 'Lodge', slug: 'lodge' } as never, overrideAccess: true })
  lodge = (await propertyScopeById(payload, String(created.id)))!
  process.env.ANALYZE_ON_UPLOAD = 'false'
}, 120_000)

afterAll(() => {
  delete process.env.ANALYZE_ON_UPLOAD
})

describe('duplicate groups per property', () => {
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    ids.homeA = await mediaWithHash(home, 'hall-a.jpg', SAME_FILE, { room: 'Hall' })
    ids.homeB = await mediaWithHash(home, 'hall-b.jpg', SAME_FILE)
    ids.lodgeSame = await mediaWithHash(lodge, 'hall-c.jpg', SAME_FILE)
    ids.lodgeA = await mediaWithHash(lodge, 'jetty-a.jpg', LODGE_PAIR)
    ids.lodgeB = await mediaWithHash(lodge, 'jetty-b.jpg', LODGE_PAIR)
  })

  it("a scan groups only its property's files: identical files of two properties form no group", async () => {
    // The scan's job runs on the worker, as in the app.
    const stopWorker = startJobsWorker(payload, 1)
    const scan = await admin.json('POST', '/api/duplicates/scan').finally(stopWorker)
    expect(scan.status).toBe(200)
    expect(scan.body.duplicateGroups).toBe(1)
    const listed = (await admin.json<DuplicateGroup[]>('GET', '/api/duplicates')).body
    expect(listed.map(idsOf)).toEqual([[ids.homeA, ids.homeB].sort()])
    const { rows } = await sql(`SELECT property_id::text AS property FROM duplicate_groups`)
    expect(rows).toEqual([{ property: home.id }])
  })

  it("a scan in the Lodge finds the Lodge's pair and leaves the default property's groups as they were", async () => {
    const before = (await admin.json<DuplicateGroup[]>('GET', '/api/duplicates')).body
    const { scan } = await startScan(payload, { propertyId: lodge.id })
    await runJobs(payload)
    expect(await latestScan(payload, lodge.id)).toMatchObject({ runId: scan.runId, status: 'done', duplicateGroups: 1 })
    expect((await listDuplicateGroups(payload, lodge)).map(idsOf)).toEqual([[ids.lodgeA, ids.lodgeB].sort()])
    // The default property's answer is the same groups, same ids, same files.
    expect((await admin.json<DuplicateGroup[]>('GET', '/api/duplicates')).body).toEqual(before)
    const { rows } = await sql(
      `SELECT count(*)::int AS n FROM duplicate_groups g
         JOIN duplicate_group_members gm ON gm.group_id = g.id JOIN media m ON m.id = gm.media_id
        WHERE m.property_id <> g.property_id`,
    )
    expect(rows[0].n).toBe(0)
  })

  it("a delete keeping (or of) another property's file answers 404 and changes nothing", async () => {
    const rowsOf = async () =>
      (await sql(`SELECT id::text AS id, room, property_id::text AS property FROM media ORDER BY id`)).rows
    const before = await rowsOf()
    expect((await admin.json('DELETE', `/api/media-files/${ids.homeA}?keep=${ids.lodgeSame}`)).status).toBe(404)
    expect((await admin.json('DELETE', `/api/media-files/${ids.lodgeSame}?keep=${ids.homeB}`)).status).toBe(404)
    expect((await admin.json('DELETE', `/api/media-files/${ids.lodgeSame}`)).status).toBe(404)
    expect(await rowsOf()).toEqual(before)
    expect((await listDuplicateGroups(payload, lodge)).map(idsOf)).toEqual([[ids.lodgeA, ids.lodgeB].sort()])
    expect((await admin.json<DuplicateGroup[]>('GET', '/api/duplicates')).body.map(idsOf)).toEqual([[ids.homeA, ids.homeB].sort()])
  })
})

describe('analysis neighbours per property', () => {
  const ids = new Map<string, string>()

  beforeAll(async () => {
    for (const name of ['exterior-building.jpg', 'garden-grass.jpg', 'view-dune.jpg', 'exterior-street-a.jpg']) {
      const bytes = await fs.readFile(path.join(FIXTURES, name))
      const created = await uploadFile(admin, bytes, { filename: name, contentType: 'image/jpeg' })
      expect(created.status).toBe(201)
      ids.set(name, String(created.body.id))
    }
    await runJobs(payload)
    const place = async (name: string, section: string, room: string) => {
      const placed = await admin.json('PUT', `/api/media-files/${ids.get(name)}/section`, { body: { section, isHidden: 'false', room } })
      expect(placed.status).toBe(200)
      expect(await analyzeMedia(payload, { mediaId: ids.get(name)!, force: true })).toEqual({ state: 'analyzed' })
    }
    await place('exterior-building.jpg', 'outdoors', 'Front')
    await place('garden-grass.jpg', 'backyard', 'Lawn')
    await place('view-dune.jpg', 'backyard', 'Beach path')
  }, 300_000)

  it("a photo in the Lodge is never suggested the default property's sections or rooms; the same photo at home is", async () => {
    const street = ids.get('exterior-street-a.jpg')!
    const copy = String((await createMedia(payload, { originalFilename: 'street-copy.jpg', property: lodge.id, section: null })).id)
    await sql('UPDATE media SET derivatives = (SELECT derivatives FROM media WHERE id = $2) WHERE id = $1', [copy, street])

    expect(await analyzeMedia(payload, { mediaId: copy, force: true })).toEqual({ state: 'analyzed' })
    const { rows } = await sql(
      `SELECT is_analyzed, suggested_room, suggestion_confidence, embedding IS NOT NULL AS embedded FROM media WHERE id = $1`,
      [copy],
    )
    expect(rows[0]).toEqual({ is_analyzed: true, suggested_room: null, suggestion_confidence: null, embedded: true })

    // The control: at home, the same photo is suggested a place among the home's placed photos.
    expect(await analyzeMedia(payload, { mediaId: street, force: true })).toEqual({ state: 'analyzed' })
    const list = (await admin.json<MediaFile[]>('GET', '/api/media-files')).body
    const suggestion = list.find((file) => file.id === street)!.suggestion
    expect(['outdoors', 'backyard']).toContain(suggestion?.section)
    expect(['Front', 'Lawn', 'Beach path']).toContain(suggestion?.room)
  }, 120_000)
})

describe('analysis runs per property', () => {
  it("an analysis run of the Lodge is no run on the default property's address (404), its own is", async () => {
    const { rows } = await sql<{ id: string; property: string }>(
      `INSERT INTO runs (property_id, kind, status, done, total) VALUES ($1, 'analysis', 'done', 0, 0), ($2, 'analysis', 'done', 0, 0)
       RETURNING id::text AS id, property_id::text AS property`,
      [lodge.id, home.id],
    )
    const runOf = (property: PropertyScope) => rows.find((row) => row.property === property.id)!.id
    const foreign = await admin.json('GET', `/api/runs/${runOf(lodge)}`)
    expect(foreign.status).toBe(404)
    expect(foreign.body).toEqual({ message: 'There is no such run (finished runs are kept for a day).' })
    const own = await admin.json('GET', `/api/runs/${runOf(home)}`)
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({ id: runOf(home), kind: 'analysis', total: 0, status: 'done' })
  })
})

describe('load times per property', () => {
  const secret = () => process.env.PAYLOAD_SECRET!

  /**
   * POST /api/metrics/load-times on a request scoped to the property, as the host scopes one
   * addressed to the property's prefix or domain (bare paths are the default property's).
   */
  async function reportIn(scope: PropertyScope, body: unknown): Promise<Response> {
    const req = await createLocalReq(
      {
        context: { propertyScope: scope },
        req: { headers: new Headers({ 'content-type': 'application/json' }), text: async () => JSON.stringify(body) } as never,
      },
      payload,
    )
    const report = metricsEndpoints.find((endpoint) => endpoint.path === '/metrics/load-times')!
    return report.handler(req)
  }

  it("a request scoped to the Lodge refuses the default property's token and records the Lodge's under the Lodge", async () => {
    const refused = await reportIn(lodge, { samples: [700], token: loadTimesToken(secret(), home.id) })
    expect(refused.status).toBe(403)
    expect((await sql('SELECT count(*)::int AS n FROM gallery_load_samples')).rows[0].n).toBe(0)
    const taken = await reportIn(lodge, { samples: [9000], token: loadTimesToken(secret(), lodge.id) })
    expect(taken.status).toBe(204)
    const { rows } = await sql('SELECT property_id::text AS property, duration_ms FROM gallery_load_samples')
    expect(rows).toEqual([{ property: lodge.id, duration_ms: 9000 }])
  })

  it("a Lodge page's token is not taken on the bare paths (the default property's)", async () => {
    const refused = await new Session().json('POST', '/api/metrics/load-times', {
      body: { samples: [100], token: loadTimesToken(secret(), lodge.id) },
    })
    expect(refused.status).toBe(403)
    expect((await sql('SELECT count(*)::int AS n FROM gallery_load_samples')).rows[0].n).toBe(1)
  })

  it("each property's Avg Load Time averages its own samples", async () => {
    const taken = await new Session().request('POST', '/api/metrics/load-times', {
      body: { samples: [400], token: loadTimesToken(secret(), home.id) },
    })
    expect(taken.status).toBe(204)
    expect((await new Session().json('GET', '/api/media-files/stats')).body.avgLoadTime).toBe(0.4)
    expect(await averageLoadTimeSeconds(payload, lodge)).toBe(9)
    await recordLoadTimes(payload, lodge, [3000])
    expect(await averageLoadTimeSeconds(payload, lodge)).toBe(6)
    expect(await averageLoadTimeSeconds(payload, home)).toBe(0.4)
    const { rows } = await sql(
      'SELECT property_id::text AS property, duration_ms FROM gallery_load_samples ORDER BY duration_ms',
    )
    expect(rows).toEqual([
      { property: home.id, duration_ms: 400 },
      { property: lodge.id, duration_ms: 3000 },
      { property: lodge.id, duration_ms: 9000 },
    ])
  })
})
