// Quality codes end to end: ingest measures an uploaded photo and the manager's answers carry
// `qualityIssues` (visitors' do not); photos processed before ingest measured them get theirs
// from the backfill, once. The measures themselves: tests/unit/quality.test.ts.
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

const PHOTO = path.resolve(__dirname, '../fixtures/analysis/exterior-street-a.jpg')

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
})
