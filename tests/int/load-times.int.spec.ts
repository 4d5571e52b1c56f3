// Avg Load Time comes from real visitors: the metrics endpoint takes bounded, validated
// reports (rate-limited per address) and the stat averages the recent samples. Requests here
// are the default property's: its pages' tokens are taken, another property's are not.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { poolOf } from '../../src/server/db/pool'
import { loadTimesToken } from '../../src/server/metrics/page-token'
import { defaultPropertyId } from '../../src/server/properties/default-property'
import { Session } from '../helpers/api'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let propertyId: string
// What a page of the default property rendered today carries (the reporter sends it with its samples).
const token = () => loadTimesToken(process.env.PAYLOAD_SECRET, propertyId)
const OTHER_PROPERTY_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890'
const DAY_MS = 24 * 60 * 60 * 1000

const sampleCount = async () => Number((await poolOf(payload).query('SELECT count(*) FROM gallery_load_samples')).rows[0].count)

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  propertyId = await defaultPropertyId(payload)
  await poolOf(payload).query('TRUNCATE gallery_load_samples')
})

describe('POST /api/metrics/load-times and the Avg Load Time stat', () => {
  it('is 0 until a visitor reported something, then the mean in seconds', async () => {
    const visitor = new Session()
    expect((await visitor.json('GET', '/api/media-files/stats')).body.avgLoadTime).toBe(0)
    expect(
      (await visitor.request('POST', '/api/metrics/load-times', { body: { samples: [200, 400, 900], token: token() } })).status,
    ).toBe(204)
    expect(
      (await new Session().request('POST', '/api/metrics/load-times', { body: { samples: [500], token: token() } })).status,
    ).toBe(204)
    expect(await sampleCount()).toBe(4)
    expect((await visitor.json('GET', '/api/media-files/stats')).body.avgLoadTime).toBe(0.5)
  })

  it.each([
    ['a negative duration', { samples: [-5] }],
    ['a duration over a minute', { samples: [60_001] }],
    ['text instead of numbers', { samples: ['fast'] }],
    ['too many samples', { samples: Array.from({ length: 51 }, () => 100) }],
    ['no samples', { samples: [] }],
    ['extra fields', { samples: [100], url: 'https://example.com' }],
    ['no page token', { samples: [100], token: undefined }],
  ])('refuses %s with 400 and stores nothing', async (_label, fields) => {
    const before = await sampleCount()
    const body = { token: token(), ...fields }
    const response = await new Session().json('POST', '/api/metrics/load-times', { body })
    expect(response.status).toBe(400)
    expect(await sampleCount()).toBe(before)
  })

  it.each([
    ['a made-up token', () => `${Math.floor(Date.now() / DAY_MS)}.${'A'.repeat(32)}`],
    ['a token signed with another secret', () => loadTimesToken('another server secret, not ours', propertyId)],
    ['a token from two days ago', () => loadTimesToken(process.env.PAYLOAD_SECRET, propertyId, Date.now() - 2 * DAY_MS)],
    ["another property's token", () => loadTimesToken(process.env.PAYLOAD_SECRET, OTHER_PROPERTY_ID)],
  ])('refuses a report with %s (403): samples come only from pages this server rendered', async (_label, makeToken) => {
    const before = await sampleCount()
    const response = await new Session().json('POST', '/api/metrics/load-times', { body: { samples: [100], token: makeToken() } })
    expect(response.status).toBe(403)
    expect(response.body.message).toBe('Load times are taken only from pages of this site: reload the page.')
    expect(await sampleCount()).toBe(before)
  })

  it("takes yesterday's token (a page cached just before midnight)", async () => {
    const before = await sampleCount()
    const yesterday = loadTimesToken(process.env.PAYLOAD_SECRET, propertyId, Date.now() - 24 * 60 * 60 * 1000)
    expect(
      (await new Session().request('POST', '/api/metrics/load-times', { body: { samples: [300], token: yesterday } })).status,
    ).toBe(204)
    expect(await sampleCount()).toBe(before + 1)
  })

  it('refuses malformed JSON and slows down a flood (429)', async () => {
    expect((await new Session().json('POST', '/api/metrics/load-times', { rawBody: '{"samples":[' })).status).toBe(400)
    const flooder = new Session()
    const statuses: number[] = []
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await flooder.request('POST', '/api/metrics/load-times', { body: { samples: [100], token: token() } })).status,
      )
    expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true)
    expect(statuses[30]).toBe(429)
  })
})
