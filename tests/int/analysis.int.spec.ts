// Analysis end to end on real photographs (tests/fixtures/analysis, with their sources):
// the real model through the jobs worker, Analyze All and its progress, the manager's
// words kept, bad input skipped with a reason, suggestions, and the optional vision
// endpoint's contract against a small HTTP server.
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaFile, Run } from '../../src/lib/api/types'
import { ANALYSIS_QUEUE, ANALYZE_TASK } from '../../src/server/analysis/analysis-task'
import { analyzeMedia } from '../../src/server/analysis/analyze-media'
import { startAnalysisRun } from '../../src/server/analysis/runs'
import { describeWithVision, visionConfig } from '../../src/server/analysis/vision'
import { poolOf } from '../../src/server/db/pool'
import { startJobsWorker } from '../../src/server/jobs/worker'
import { putObject } from '../../src/server/storage/put-object'
import { Session, signedInAdmin } from '../helpers/api'
import { holdAt } from '../helpers/checkpoints'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'
import { defaultPropertyId } from '../../src/server/properties/default-property'

const FIXTURES = path.resolve(__dirname, '../fixtures/analysis')
const OUTDOOR = ['exterior', 'garden', 'pool', 'terrace/balcony', 'view']
const ROOMS = ['bedroom', 'bathroom', 'kitchen', 'living room', 'dining room', 'office']
/** The photos the jobs tests upload: outdoor ones of every kind and the two real rooms. */
const PIPELINE_PHOTOS = [
  'bedroom-hotel.jpg',
  'exterior-building.jpg',
  'exterior-palace.jpg',
  'exterior-street-a.jpg',
  'exterior-street-b.jpg',
  'garden-flower.jpg',
  'garden-grass.jpg',
  'view-aerial.jpg',
  'view-dune.jpg',
  'living-room-wine.jpg',
]
/** Human labels of every fixture (tests/fixtures/analysis/labels.json): category, visible COCO objects, colours, light. */
type Labels = Record<string, { category: string; objects: string[]; colors: string[]; light: 'bright' | 'dark' | null }>
const readLabels = async () => (JSON.parse(await fs.readFile(path.join(FIXTURES, 'labels.json'), 'utf8')) as { photos: Labels }).photos

let payload: Payload
let admin: Session
const visitor = new Session()
const ids = new Map<string, string>()

const sql = <T = any>(text: string, params: unknown[] = []) => poolOf(payload).query<T & Record<string, any>>(text, params)
const adminList = async () => (await admin.json<MediaFile[]>('GET', '/api/media-files')).body
const byName = async (name: string) => (await adminList()).find((m) => m.originalFilename === name)!

/** What an analysis run says once it ended: photos in it, and its result (analysed, skipped and why). */
type AnalysisEnded = { total: number; analyzed: number; skipped: number; failures: { id: string; reason: string }[] }

/** Follows a run as the screen does (GET /api/runs/{id} every second) until it ended. */
async function followRun(runId: string): Promise<AnalysisEnded> {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const run = (await admin.json<Run>('GET', `/api/runs/${runId}`)).body
    if (run.status !== 'running') return { total: run.total, ...(run.result as Omit<AnalysisEnded, 'total'>) }
  }
}

/** Runs a jobs worker with one analysis slot until the run is done. */
async function analyseWithWorker(runId: string): Promise<AnalysisEnded> {
  const stop = startJobsWorker(payload, 1, { analysisSlots: 1 })
  try {
    return await followRun(runId)
  } finally {
    await stop()
  }
}

async function uploadFixture(name: string) {
  const created = await uploadFile(admin, await fs.readFile(path.join(FIXTURES, name)), { filename: name, contentType: 'image/jpeg' })
  expect(created.status).toBe(201)
  ids.set(name, String(created.body.id))
  return String(created.body.id)
}

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  await sql('DELETE FROM payload_jobs')
  admin = await signedInAdmin()
  process.env.ANALYZE_ON_UPLOAD = 'false'
  for (const name of PIPELINE_PHOTOS) await uploadFixture(name)
  await runJobs(payload)
}, 300_000)

afterAll(() => {
  delete process.env.ANALYZE_ON_UPLOAD
})

describe('POST /api/media-files/analyze-all refusals', () => {
  it('answers 401 to a visitor, 400 to a malformed body, and changes nothing', async () => {
    expect((await visitor.json('POST', '/api/media-files/analyze-all')).status).toBe(401)
    expect((await admin.json('POST', '/api/media-files/analyze-all', { rawBody: '{"force":' })).status).toBe(400)
    expect((await admin.json('POST', '/api/media-files/analyze-all', { body: { force: 'yes' } })).status).toBe(400)
    expect((await admin.json('POST', '/api/media-files/analyze-all', { body: { everything: true } })).status).toBe(400)
    expect((await admin.json('POST', '/api/media-files/analyze-all', { body: [1] })).status).toBe(400)
    expect((await sql(`SELECT count(*)::int AS n FROM runs WHERE kind = 'analysis'`)).rows[0].n).toBe(0)
    expect((await sql(`SELECT count(*)::int AS n FROM payload_jobs WHERE queue = $1`, [ANALYSIS_QUEUE])).rows[0].n).toBe(0)
  })

  it('its run: 401 to a visitor, 400 for a malformed id, 404 for an unknown one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await visitor.json('GET', `/api/runs/${unknown}`)).status).toBe(401)
    expect((await admin.json('GET', '/api/runs/not-a-uuid')).status).toBe(400)
    expect((await admin.json('GET', `/api/runs/${unknown}`)).status).toBe(404)
  })

  it('the run under way: 401 to a visitor, none before the first', async () => {
    expect((await visitor.json('GET', '/api/runs?kind=analysis&limit=1')).status).toBe(401)
    const { status, body } = await admin.json('GET', '/api/runs?kind=analysis&limit=1')
    expect(status).toBe(200)
    expect(body).toEqual([])
  })

  it('the per-kind status routes are gone: /api/runs answers for every run', async () => {
    expect((await admin.json('GET', '/api/media-files/analyze-all')).status).toBe(404)
    expect((await admin.json('GET', `/api/media-files/analyze-all/${crypto.randomUUID()}`)).status).toBe(404)
  })
})

describe('Analyze All on real photographs', () => {
  it('a second Analyze All while one runs joins it instead of doubling the work', async () => {
    const first = await startAnalysisRun(payload, { propertyId: await defaultPropertyId(payload), force: false })
    const second = await startAnalysisRun(payload, { propertyId: await defaultPropertyId(payload), force: false })
    expect(first).not.toBeNull()
    expect(second).toBe(first)
    const jobs = await sql(`SELECT count(*)::int AS n FROM payload_jobs WHERE queue = $1`, [ANALYSIS_QUEUE])
    expect(jobs.rows[0].n).toBe(ids.size)
    const progress = await admin.json<Run>('GET', `/api/runs/${first}`)
    expect(progress.body).toMatchObject({ id: first, kind: 'analysis', status: 'running', total: ids.size, done: 0, result: null })
    // The screen's count while the POST waits: the run under way, the same progress.
    expect((await admin.json('GET', '/api/runs?kind=analysis&limit=1')).body).toEqual([progress.body])
  })

  it('analyses every photo through the jobs and answers { analyzed }', async () => {
    // The manager's own words on one photo before analysis.
    const dune = ids.get('view-dune.jpg')!
    const edit = await admin.json('PUT', `/api/media-files/${dune}/metadata`, { body: { tags: ['Sea View', 'sunset'], description: 'Our favourite spot.' } })
    expect(edit.status).toBe(200)

    // The worker's default analysis slots (two jobs at once, one inference at a time).
    const stop = startJobsWorker(payload, 1)
    try {
      const { status, body, headers } = await admin.json('POST', '/api/media-files/analyze-all')
      if (status === 202) {
        // Slower than the wait on a busy machine: the runs' one answer, followed as the screen does.
        expect(body).toMatchObject({ runId: expect.any(String), status: 'running', statusUrl: `/api/runs/${body.runId}`, analyzed: expect.any(Number) })
        expect(headers.get('location')).toBe(body.statusUrl)
        expect(await followRun(body.runId)).toMatchObject({ analyzed: ids.size, skipped: 0 })
      } else {
        expect(status).toBe(200)
        expect(body).toEqual({ analyzed: ids.size, skipped: 0 })
      }
    } finally {
      await stop()
    }

    // Every word analysis wrote agrees with what a person sees (labels.json); where it was not
    // sure it wrote nothing. An outdoor photo is never tagged interior nor filed as a room.
    const labels = await readLabels()
    const list = await adminList()
    for (const media of list) {
      const label = labels[media.originalFilename!]
      const outdoor = OUTDOOR.includes(label.category)
      expect(media.isAnalyzed).toBe('true')
      expect(media.analyzedAt).not.toBeNull()
      // A sentence that names the room, the scene or an object, or none at all: never "A photo.".
      if (media.description !== null) expect(media.description, media.originalFilename).toMatch(/^[A-Z].+\.$/)
      expect(media.description ?? '', media.originalFilename).not.toMatch(/^An? (bright |dark )?photo( in .* tones)?\.$/)
      if (media.category !== null) {
        expect(media.category, media.originalFilename).toBe(label.category)
        expect(media.categoryConfidence).toBeGreaterThan(0)
      }
      if (media.originalFilename === 'view-dune.jpg') continue // the manager's tags and description
      expect(media.tags, media.originalFilename).not.toContain(outdoor ? 'interior' : 'exterior')
      for (const word of outdoor ? ROOMS : ['view', 'garden', 'pool', 'terrace']) expect(media.tags, media.originalFilename).not.toContain(word)
      for (const object of media.objects) expect(label.objects, `${media.originalFilename}: ${object}`).toContain(object)
      // Colours are scored in bench:analysis-accuracy (on the photos, not these WebP renditions, whose colours differ a little).
    }
    // Words are still written where they are sure: the large, clearly visible objects a person labelled.
    const room = list.find((m) => m.originalFilename === 'living-room-wine.jpg')!
    expect(room.objects).toEqual(expect.arrayContaining(['bottle', 'wine glass']))
    const bedroom = list.find((m) => m.originalFilename === 'bedroom-hotel.jpg')!
    expect(bedroom.objects).toContain('bed')
    // The bed it is sure of files the photo under Bedroom, and the manager is told why.
    expect(bedroom).toMatchObject({ category: 'bedroom', categorySource: 'analysis', categoryReason: 'analysis saw a bed' })
    expect(bedroom.description).toMatch(/^An? .* with a bed\b/)
    const building = list.find((m) => m.originalFilename === 'exterior-building.jpg')!
    expect(building.objects).toContain('car')
    expect(building.tags).toEqual(expect.arrayContaining(['car', 'parking']))
    // No photo is placed yet, so no neighbour speaks: the scene alone is rarely sure enough for
    // exterior or interior (bench/README.md, Analysis accuracy); the words above are still written.

    const duneAfter = list.find((m) => m.id === dune)!
    expect(duneAfter.description).toBe('Our favourite spot.')
    expect(duneAfter.tags.slice(0, 2)).toEqual(['sea view', 'sunset'])
    expect(duneAfter.tags).not.toContain('interior')

    const embeddings = await sql(`SELECT array_length(embedding, 1) AS n FROM media`)
    expect(embeddings.rows.map((r) => r.n)).toEqual(new Array(ids.size).fill(128))
    expect((await sql(`SELECT count(*)::int AS n FROM payload_jobs WHERE queue = $1`, [ANALYSIS_QUEUE])).rows[0].n).toBe(0)
  }, 300_000)

  it('a second Analyze All has nothing left to do; force re-analyses all and keeps the manager\'s words', async () => {
    expect((await admin.json('POST', '/api/media-files/analyze-all')).body).toEqual({ analyzed: 0 })
    // A photo analysis gave two tags or more (it writes only the words it is sure of); the dune
    // and the building keep their descriptions for the checks below.
    let subject = ''
    for (const name of [...ids.keys()].sort().filter((name) => name !== 'view-dune.jpg' && name !== 'exterior-building.jpg')) {
      const file = await byName(name)
      if (file.tagSources!.filter((source) => source === 'analysis').length > 1) {
        subject = name
        break
      }
    }
    expect(subject).not.toBe('')
    const street = ids.get(subject)!
    const before = await byName(subject)
    const machine = before.tags.filter((_, i) => before.tagSources![i] === 'analysis')
    const [removed, ...kept] = machine
    // The manager rewrites one description (another keeps analysis's own), removes one of
    // analysis's tags in the tags dialog and adds one of their own.
    await admin.json('PUT', `/api/media-files/${street}/metadata`, {
      body: { description: 'The old town, two minutes away.', tags: [...before.tags.filter((tag) => tag !== removed), 'Old Town'] },
    })
    const edited = await byName(subject)
    expect(edited.tags).toEqual(['old town', ...kept])
    expect(edited.tagSources).toEqual(['manager', ...kept.map(() => 'analysis')])
    const stop = startJobsWorker(payload, 1, { analysisSlots: 1 })
    try {
      const { status, body } = await admin.json('POST', '/api/media-files/analyze-all', { body: { force: true } })
      if (status === 202) expect((await followRun(body.runId)).analyzed).toBe(ids.size)
      else expect(body.analyzed).toBe(ids.size)
    } finally {
      await stop()
    }
    const after = await byName(subject)
    expect(after.description).toBe('The old town, two minutes away.')
    // The removed tag stays removed through force; nothing doubled, nothing else lost.
    expect(after.tags).toEqual(['old town', ...kept])
    expect(after.tagSources).toEqual(edited.tagSources)
    expect((await byName('view-dune.jpg')).description).toBe('Our favourite spot.')
    const building = await byName('exterior-building.jpg')
    expect(building.description).toMatch(/^A .* with a car\b/)
  }, 300_000)

  it("never overwrites a category the manager chose in Payload's edit view", async () => {
    const garden = ids.get('garden-grass.jpg')!
    await analyzeMedia(payload, { mediaId: garden, force: true })
    expect((await byName('garden-grass.jpg')).category).not.toBe('pool')
    const corrected = await admin.json('PATCH', `/api/media/${garden}?depth=0`, { body: { category: 'pool' } })
    expect(corrected.status).toBe(200)
    const before = await byName('garden-grass.jpg')
    expect(before.category).toBe('pool')
    expect(await analyzeMedia(payload, { mediaId: garden, force: true })).toEqual({ state: 'analyzed' })
    const after = await byName('garden-grass.jpg')
    expect(after.category).toBe('pool')
    expect(after.analyzedAt! > before.analyzedAt!).toBe(true)
    expect(after.tags).toEqual(before.tags)
  }, 120_000)
})

describe('photos that cannot be analysed', () => {
  it('skips a deleted photo, a missing or corrupt rendition and a video without poster with a reason; the batch goes on', async () => {
    const [a, b, c, d] = ['exterior-palace.jpg', 'exterior-street-b.jpg', 'view-aerial.jpg', 'garden-flower.jpg'].map((n) => ids.get(n)!)
    const keys = await sql<{ id: string; key: string }>(
      `SELECT id::text, d->>'key' AS key FROM media, jsonb_array_elements(derivatives) d WHERE id = ANY($1::uuid[])`,
      [[a, b]],
    )
    // a: every rendition deleted from the store; b: every rendition damaged.
    const { deleteObject } = await import('../../src/server/storage/delete-object')
    for (const row of keys.rows) {
      if (row.id === a) await deleteObject({ key: row.key })
      else await putObject({ key: row.key, body: Buffer.from('not an image at all'), contentType: 'image/webp' })
    }
    // c: a video whose poster is gone.
    await sql(`UPDATE media SET file_type = 'video', poster_key = NULL WHERE id = $1`, [c])
    const run = await startAnalysisRun(payload, { propertyId: await defaultPropertyId(payload), force: true })
    // d: deleted while its job waits.
    await admin.json('DELETE', `/api/media-files/${d}`)

    const progress = await analyseWithWorker(run!)
    expect(progress.total).toBe(ids.size)
    expect(progress.skipped).toBe(4)
    expect(progress.analyzed).toBe(ids.size - 4)
    const reasons = new Map(progress.failures.map((f) => [f.id, f.reason]))
    expect(reasons.get(a)).toBe('The rendition is missing from the store.')
    expect(reasons.get(b)).toMatch(/^The rendition could not be read as an image/)
    expect(reasons.get(c)).toBe('The video has no poster to analyse.')
    expect(reasons.get(d)).toBe('The media file was deleted before it was analysed.')
    const list = await adminList()
    expect(list.find((m) => m.id === a)!.analysisError).toBe('The rendition is missing from the store.')
    // Skipping never undoes an earlier analysis.
    expect(list.find((m) => m.id === a)!.isAnalyzed).toBe('true')
    ids.delete('garden-flower.jpg')
  }, 300_000)

  it('tries a failed photo again, and after three attempts records why on it; the batch goes on', async () => {
    const flaky = ids.get('exterior-building.jpg')!
    const broken = ids.get('view-dune.jpg')!
    const attempts = new Map<string, number>()
    // Both fail when about to write their results: the flaky one once, the broken one every time.
    const release = holdAt('analysis:before-results', async (id) => {
      if (id !== flaky && id !== broken) return
      const n = (attempts.get(id) ?? 0) + 1
      attempts.set(id, n)
      if (id === broken || n === 1) throw new Error('the database went away for a moment')
    })
    const run = await startAnalysisRun(payload, { propertyId: await defaultPropertyId(payload), force: true })
    const progress = await analyseWithWorker(run!).finally(release)
    expect(attempts.get(flaky)).toBe(2)
    expect(attempts.get(broken)).toBe(3)
    const reasons = new Map(progress.failures.map((f) => [f.id, f.reason]))
    expect(reasons.get(broken)).toBe('Analysis failed after 3 attempts: the database went away for a moment')
    expect(reasons.has(flaky)).toBe(false)
    expect(progress.total).toBe(ids.size)
    const list = await adminList()
    expect(list.find((m) => m.id === broken)!.analysisError).toBe('Analysis failed after 3 attempts: the database went away for a moment')
    expect(list.find((m) => m.id === flaky)!.analysisError ?? null).toBeNull()
    expect((await sql(`SELECT count(*)::int AS n FROM payload_jobs WHERE queue = $1`, [ANALYSIS_QUEUE])).rows[0].n).toBe(0)

    // The same task through Payload's own runner (the jobs collection's): analysed, job gone.
    await sql(`UPDATE media SET analysis_error = 'stale reason' WHERE id = $1`, [broken])
    await payload.jobs.queue({ task: ANALYZE_TASK, queue: ANALYSIS_QUEUE, input: { mediaId: broken, force: true } as never })
    await payload.jobs.run({ queue: ANALYSIS_QUEUE })
    expect((await adminList()).find((m) => m.id === broken)!.analysisError ?? null).toBeNull()
    expect((await sql(`SELECT count(*)::int AS n FROM payload_jobs WHERE queue = $1`, [ANALYSIS_QUEUE])).rows[0].n).toBe(0)
  }, 300_000)
})

describe('the real model on every labelled photograph, with the fitted thresholds', () => {
  // Expected values are the human labels (labels.json), never the analysis's own output. As
  // the bench scores them: each photo's neighbours are the fitting half's photos (never itself),
  // placed under their human category.
  let labels: Labels
  const decided = new Map<string, import('../../src/server/analysis/decide').Decided>()

  beforeAll(async () => {
    const { analyzeImageBytes } = await import('../../src/server/analysis/engine')
    const { decideWords } = await import('../../src/server/analysis/decide')
    const { nearestPlaced } = await import('../../src/server/analysis/suggest')
    const { splitHalves } = await import('../../bench/lib/analysis-trust')
    const { renditionOf } = await import('../../bench/lib/analysis-accuracy')
    labels = await readLabels()
    const fitting = new Set(splitHalves(labels).fitting)
    const analysed = []
    // Each photo's 800-px rendition, made as ingest makes it: what the job reads.
    for (const name of Object.keys(labels).sort()) {
      // The way up is tested on its own (tests/unit/sideways.test.ts): three more inferences a photo here.
      analysed.push({ name, result: await analyzeImageBytes(await renditionOf(await fs.readFile(path.join(FIXTURES, name))), { orientation: false }) })
    }
    for (const { name, result } of analysed) {
      const others = analysed.filter((o) => o.name !== name && fitting.has(o.name))
      const placed = others.map((o, j) => ({ id: String(j), section: 'any', room: null, embedding: o.result.embedding }))
      const votes = nearestPlaced(result.embedding, placed).map(({ photo, similarity }) => ({ category: labels[others[Number(photo.id)].name].category, similarity }))
      decided.set(name, decideWords(result, votes))
    }
  }, 300_000)

  it('has at least 30 labelled photographs, every one in the folder', async () => {
    const files = (await fs.readdir(FIXTURES)).filter((f) => f.endsWith('.jpg')).sort()
    expect(Object.keys(labels).sort()).toEqual(files)
    expect(files.length).toBeGreaterThanOrEqual(30)
  })

  it('never tags an outdoor photo interior nor files it as a room, nor an indoor photo exterior or under an outdoor category', () => {
    const outdoor = Object.keys(labels).filter((name) => OUTDOOR.includes(labels[name].category))
    expect(outdoor.length).toBeGreaterThanOrEqual(25)
    for (const [name, d] of decided) {
      if (outdoor.includes(name)) {
        expect(d.outdoor, name).not.toBe(false)
        expect(ROOMS, name).not.toContain(d.category)
      } else {
        expect(d.outdoor, name).not.toBe(true)
        expect(OUTDOOR, name).not.toContain(d.category)
      }
      // A category, when written, is the person's.
      if (d.category !== null) expect(d.category, name).toBe(labels[name].category)
    }
    // The sunset over trees is no interior (it was tagged so and filed as *other*).
    expect(decided.get('view-sunset.jpg')!.outdoor).not.toBe(false)
    expect(decided.get('view-sunset.jpg')!.category).not.toBe('other')
    // The ceiling lamp and the aquarium close-ups were tagged exterior by an earlier fit.
    expect(decided.get('other-lamp.jpg')!.outdoor).not.toBe(true)
    expect(decided.get('other-aquarium.jpg')!.outdoor).not.toBe(true)
    // Where it is sure, it still says so: most outdoor photos are tagged exterior.
    expect(outdoor.filter((name) => decided.get(name)!.outdoor === true).length).toBeGreaterThanOrEqual(25)
  })

  it('names the large, clearly visible objects a person labelled, and only labelled ones', () => {
    for (const [name, label] of [
      ['exterior-building.jpg', 'car'],
      ['exterior-dogs-at-window.jpg', 'dog'],
      ['living-room-wine.jpg', 'wine glass'],
      ['bedroom-hotel.jpg', 'bed'],
    ] as const) {
      expect(labels[name].objects).toContain(label)
      expect(decided.get(name)!.objects.map((o) => o.label), name).toContain(label)
    }
    for (const [name, d] of decided) for (const o of d.objects) expect(labels[name].objects, `${name}: ${o.label}`).toContain(o.label)
  })
})

describe('suggestions the manager confirms', () => {
  it('suggests a section and room for unplaced photos from the placed ones, and places nothing by itself', async () => {
    const place = async (name: string, section: string, room: string) => {
      const r = await admin.json('PUT', `/api/media-files/${ids.get(name)}/section`, { body: { section, isHidden: 'false', room } })
      expect(r.status).toBe(200)
    }
    await place('exterior-building.jpg', 'outdoors', 'Front')
    await place('garden-grass.jpg', 'backyard', 'Lawn')
    await place('view-dune.jpg', 'backyard', 'Beach path')
    const id = ids.get('exterior-street-b.jpg')!
    await sql(`UPDATE media SET derivatives = (SELECT derivatives FROM media WHERE id = $2) WHERE id = $1`, [id, ids.get('exterior-street-a.jpg')])
    await sql(`UPDATE media SET file_type = 'image' WHERE file_type = 'video'`)
    const outcome = await analyzeMedia(payload, { mediaId: ids.get('exterior-street-a.jpg')!, force: true })
    expect(outcome).toEqual({ state: 'analyzed' })
    const street = await byName('exterior-street-a.jpg')
    expect(street.section).toBeNull()
    expect(street.suggestion).not.toBeNull()
    expect(['outdoors', 'backyard']).toContain(street.suggestion!.section)
    expect(street.suggestion!.confidence).toBeGreaterThan(0)
    expect(street.suggestion!.confidence).toBeLessThanOrEqual(1)
    // A placed photo carries no suggestion.
    expect((await byName('exterior-building.jpg')).suggestion).toBeNull()
    // Accepting is the ordinary assignment call.
    const accepted = await admin.json<MediaFile>('PUT', `/api/media-files/${street.id}/section`, {
      body: { section: street.suggestion!.section, isHidden: 'false', room: street.suggestion!.room },
    })
    expect(accepted.body.section).toBe(street.suggestion!.section)
    expect((await byName('exterior-street-a.jpg')).suggestion).toBeNull()
  }, 120_000)

  it('follows the placed photos wherever they move, room by room (the neighbours kept per process are read again)', async () => {
    const id = ids.get('exterior-street-b.jpg')!
    const analyse = async () => {
      expect(await analyzeMedia(payload, { mediaId: id, force: true })).toEqual({ state: 'analyzed' })
      return (await byName('exterior-street-b.jpg')).suggestion
    }
    expect(['outdoors', 'backyard']).toContain((await analyse())!.section)
    const placed = (await adminList()).filter((m) => m.section)
    expect(placed.length).toBeGreaterThanOrEqual(4)
    const moveAll = async (section: string, room: string) => {
      for (const m of placed) {
        const r = await admin.json('PUT', `/api/media-files/${m.id}/section`, { body: { section, isHidden: 'false', room } })
        expect(r.status).toBe(200)
      }
    }
    await moveAll('upstairs', 'Landing')
    expect(await analyse()).toMatchObject({ section: 'upstairs', room: 'Landing' })
    // The same section, another room: only the room names changed.
    await moveAll('upstairs', 'Reading Nook')
    expect(await analyse()).toMatchObject({ section: 'upstairs', room: 'Reading Nook' })
    // Hidden photos are no neighbours: with every placed photo hidden, no suggestion.
    for (const m of placed) await sql(`UPDATE media SET is_hidden = true WHERE id = $1`, [m.id])
    expect(await analyse()).toBeNull()
    for (const m of placed) await sql(`UPDATE media SET is_hidden = false WHERE id = $1`, [m.id])
  }, 120_000)
})

describe('auto-analysis after upload', () => {
  it('queues an analysis job on its own queue after ingest unless ANALYZE_ON_UPLOAD is off', async () => {
    await sql('DELETE FROM payload_jobs')
    process.env.ANALYZE_ON_UPLOAD = 'true'
    const on = await uploadFile(admin, await fs.readFile(path.join(FIXTURES, 'garden-flower.jpg')), { filename: 'again.jpg', contentType: 'image/jpeg' })
    await runJobs(payload)
    process.env.ANALYZE_ON_UPLOAD = 'false'
    const off = await uploadFile(admin, await fs.readFile(path.join(FIXTURES, 'garden-flower.jpg')), { filename: 'again-2.jpg', contentType: 'image/jpeg' })
    await runJobs(payload)
    const jobs = await sql<{ media: string }>(`SELECT input->>'mediaId' AS media FROM payload_jobs WHERE queue = $1`, [ANALYSIS_QUEUE])
    expect(jobs.rows.map((r) => r.media)).toEqual([String(on.body.id)])
    expect(String(off.body.id)).not.toBe(String(on.body.id))
    // The default queue's runner never takes the analysis job: ingest does not wait behind analysis.
    expect((await sql(`SELECT count(*)::int AS n FROM payload_jobs WHERE queue = 'default'`)).rows[0].n).toBe(0)
  }, 120_000)
})

describe('the vision endpoint contract (VISION_API_URL)', () => {
  let server: http.Server
  let url: string
  const seen: { auth?: string; body: any }[] = []
  let mode: 'ok' | 'error' | 'slow' | 'garbage' = 'ok'

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let text = ''
      req.on('data', (chunk) => (text += chunk))
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, body: JSON.parse(text) })
        if (mode === 'error') return void res.writeHead(500).end('{"error":"model not loaded"}')
        if (mode === 'slow') return void setTimeout(() => res.writeHead(200).end('{}'), 2000)
        if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices":[]}')
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: '  A sunny terrace\nwith a view of the sea. ' } }] }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('sends an OpenAI-style chat request with the image and uses the answer', async () => {
    const image = await fs.readFile(path.join(FIXTURES, 'view-dune.jpg'))
    const config = visionConfig({ VISION_API_URL: url, VISION_MODEL: 'llava:7b', VISION_API_KEY: 'k-123', VISION_TIMEOUT_MS: '500' })
    expect(config?.url).toBe(`${url}/chat/completions`)
    mode = 'ok'
    expect(await describeWithVision(image, 'A view.', config)).toBe('A sunny terrace with a view of the sea.')
    const request = seen.at(-1)!
    expect(request.auth).toBe('Bearer k-123')
    expect(request.body.model).toBe('llava:7b')
    const content = request.body.messages[0].content
    expect(content[0].type).toBe('text')
    expect(content[1].image_url.url).toMatch(/^data:image\/jpeg;base64,\/9j\//)
  })

  it('falls back (null) on an error, a timeout or an unusable answer, and is off without VISION_API_URL', async () => {
    const image = await fs.readFile(path.join(FIXTURES, 'view-dune.jpg'))
    const config = visionConfig({ VISION_API_URL: url, VISION_TIMEOUT_MS: '300' })
    for (const failure of ['error', 'slow', 'garbage'] as const) {
      mode = failure
      expect(await describeWithVision(image, 'A view.', config)).toBeNull()
    }
    expect(visionConfig({})).toBeNull()
  })

  it('writes the endpoint\'s sentence as the description of an analysed photo', async () => {
    mode = 'ok'
    process.env.VISION_API_URL = url
    try {
      const id = ids.get('garden-grass.jpg')!
      await analyzeMedia(payload, { mediaId: id, force: true })
      expect((await byName('garden-grass.jpg')).description).toBe('A sunny terrace with a view of the sea.')
    } finally {
      delete process.env.VISION_API_URL
    }
  }, 60_000)
})
