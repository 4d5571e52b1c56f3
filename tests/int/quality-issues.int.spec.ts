// Quality codes end to end: ingest measures an uploaded photo and the manager's answers carry
// `qualityIssues` and the edit that fixes each (`suggestedEdits`; visitors' carry neither); photos
// processed before ingest measured them, or measured before it found tilted photos, get theirs from
// the backfill, once, which keeps analysis's
// own suggestion (a sideways photo's rotate). The measures themselves: tests/unit/quality.test.ts
// and tests/unit/suggested-edits.test.ts.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { poolOf } from '../../src/server/db/pool'
import { QUALITY_BACKFILL } from '../../src/server/media/quality-backfill'
import { queueBackfill, runBackfill } from '../../src/server/jobs/backfill'
import { Session, signedInAdmin } from '../helpers/api'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'
import { applyEdits } from '../../src/server/media/apply-edits'

const PHOTO = path.resolve(__dirname, '../fixtures/analysis/exterior-street-a.jpg')
const STREET = path.resolve(__dirname, '../fixtures/analysis/exterior-street-b.jpg')

/** The street at 1600 px turned 6° clockwise, cropped to what it fills (the editor's straighten). */
async function tiltedStreet(): Promise<Buffer> {
  const { data, info } = await sharp(STREET).resize(1600).raw().toBuffer({ resolveWithObject: true })
  const turned = await applyEdits({ data, info: { width: info.width, height: info.height, channels: 3 } }, [{ op: 'straighten', degrees: 6 }], 50_000_000)
  return sharp(turned.data, { raw: turned.info }).jpeg({ quality: 90 }).toBuffer()
}

let payload: Payload
let admin: Session
const visitor = new Session()
const ids: Record<string, string> = {}

const answerOf = async (session: Session, id: string) =>
  (await session.json<MediaFile[]>('GET', '/api/media-files')).body.find((file) => file.id === id)!

beforeAll(async () => {
  process.env.ANALYZE_ON_UPLOAD = 'false'
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  const original = await fs.readFile(PHOTO)
  const uploads = {
    // 751 × 563, as the fixture is.
    small: original,
    // At a listing size, sharp and well exposed; and the same blurred (sharp resizes before it blurs: two steps).
    sharp: await sharp(original).resize(1600).jpeg({ quality: 90 }).toBuffer(),
    blurred: await sharp(await sharp(original).resize(1600).png().toBuffer()).blur(6).jpeg({ quality: 90 }).toBuffer(),
    tilted: await tiltedStreet(),
    // At 0.3 of its values: a mean luma about 29.
    dark: await sharp(await sharp(original).resize(1600).png().toBuffer()).linear(0.3, 0).jpeg({ quality: 90 }).toBuffer(),
  }
  for (const [name, bytes] of Object.entries(uploads)) {
    const created = await uploadFile(admin, bytes, { filename: `${name}.jpg`, contentType: 'image/jpeg' })
    expect(created.status).toBe(201)
    ids[name] = created.body.id
  }
  await runJobs(payload)
})
afterAll(() => {
  delete process.env.ANALYZE_ON_UPLOAD
})

describe('quality codes at ingest', () => {
  it("the manager's answers carry each photo's codes, empty when none; visitors' carry none", async () => {
    expect((await answerOf(admin, ids.small)).qualityIssues).toEqual(['low_resolution'])
    expect((await answerOf(admin, ids.sharp)).qualityIssues).toEqual([])
    expect((await answerOf(admin, ids.blurred)).qualityIssues).toEqual(['blurry'])
    const shown = (await visitor.json<MediaFile[]>('GET', '/api/media-files')).body
    for (const file of shown) expect(file).not.toHaveProperty('qualityIssues')
    for (const file of shown) expect(file).not.toHaveProperty('suggestedEdits')
  })

  it('with the edit that fixes each: a straighten for the tilted photo, an exposure for the dark one, nothing for the others', async () => {
    const tilted = await answerOf(admin, ids.tilted)
    expect(tilted.qualityIssues).toEqual(['tilted'])
    const [straighten] = tilted.suggestedEdits!
    expect(straighten).toMatchObject({ issue: 'tilted', operation: { op: 'straighten' } })
    // Turned 6° clockwise; the street itself leans under a degree.
    expect(Math.abs((straighten.operation as { degrees: number }).degrees - -6)).toBeLessThanOrEqual(1)
    const dark = await answerOf(admin, ids.dark)
    expect(dark.qualityIssues).toEqual(['dark'])
    // A mean of 29 is far under 118: the most the edit takes.
    expect(dark.suggestedEdits).toEqual([{ issue: 'dark', operation: { op: 'exposure', value: 2 } }])
    expect((await answerOf(admin, ids.sharp)).suggestedEdits).toEqual([])
    expect((await answerOf(admin, ids.blurred)).suggestedEdits).toEqual([])
  })

  it('photos processed before ingest measured them get their codes from the backfill, once', async () => {
    await poolOf(payload).query(`UPDATE media SET quality_issues = NULL, quality_note = NULL WHERE id = ANY($1::uuid[])`, [[ids.small, ids.blurred]])
    expect((await answerOf(admin, ids.small)).qualityIssues).toEqual([])
    expect(await queueBackfill(payload, QUALITY_BACKFILL)).toBe(true)
    expect(await queueBackfill(payload, QUALITY_BACKFILL)).toBe(false) // one is waiting already
    await runJobs(payload)
    expect((await answerOf(admin, ids.small)).qualityIssues).toEqual(['low_resolution'])
    expect((await answerOf(admin, ids.blurred)).qualityIssues).toEqual(['blurry'])
    expect(await runBackfill(payload, QUALITY_BACKFILL)).toEqual({ written: 0, failed: 0 })
    expect(await queueBackfill(payload, QUALITY_BACKFILL)).toBe(false)
  })

  it('a photo measured before tilted photos were found is measured again, once, and gets its straighten', async () => {
    // As the first measure left it: no code, no suggestion, no measure recorded.
    await poolOf(payload).query(`UPDATE media SET quality_issues = '[]', suggested_edits = '[]', quality_version = NULL WHERE id = $1`, [ids.tilted])
    expect((await answerOf(admin, ids.tilted)).qualityIssues).toEqual([])
    expect(await queueBackfill(payload, QUALITY_BACKFILL)).toBe(true)
    await runJobs(payload)
    const measured = await answerOf(admin, ids.tilted)
    expect(measured.qualityIssues).toEqual(['tilted'])
    expect(measured.suggestedEdits).toEqual([{ issue: 'tilted', operation: { op: 'straighten', degrees: expect.any(Number) } }])
    expect(await queueBackfill(payload, QUALITY_BACKFILL)).toBe(false)
  })

  it("the backfill writes the suggestions with the codes, and keeps analysis's own (a sideways photo's rotate)", async () => {
    const before = (await answerOf(admin, ids.tilted)).suggestedEdits!
    const sideways = { issue: 'sideways', operation: { op: 'rotate', degrees: 90 } }
    await poolOf(payload).query(`UPDATE media SET quality_issues = NULL, quality_note = NULL, suggested_edits = $2::jsonb WHERE id = $1`, [
      ids.tilted,
      JSON.stringify([sideways]),
    ])
    expect((await answerOf(admin, ids.tilted)).qualityIssues).toEqual(['sideways'])
    expect(await runBackfill(payload, QUALITY_BACKFILL)).toEqual({ written: 1, failed: 0 })
    const after = await answerOf(admin, ids.tilted)
    expect(after.qualityIssues).toEqual(['tilted', 'sideways'])
    // Analysis's entry first (kept), then the backfill's, read from the stored 800-px rendition rather than the original.
    expect(after.suggestedEdits).toHaveLength(2)
    expect(after.suggestedEdits![0]).toEqual(sideways)
    expect(after.suggestedEdits![1]).toMatchObject({ issue: 'tilted', operation: { op: 'straighten' } })
    const degrees = (entry: { operation: unknown }) => (entry.operation as { degrees: number }).degrees
    expect(Math.abs(degrees(after.suggestedEdits![1]) - degrees(before[0]))).toBeLessThanOrEqual(0.3)
  })
})
