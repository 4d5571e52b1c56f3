// Avg Load Time comes from real visitors: the metrics endpoint takes bounded, validated
// reports (rate-limited per address) and the stat averages the recent samples.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { poolOf } from '../../src/server/db/advisory-lock'
import { Session } from '../helpers/api'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload

const sampleCount = async () => Number((await poolOf(payload).query('SELECT count(*) FROM gallery_load_samples')).rows[0].count)

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  await poolOf(payload).query('TRUNCATE gallery_load_samples')
})

describe('POST /api/metrics/load-times and the Avg Load Time stat', () => {
  it('is 0 until a visitor reported something, then the mean in seconds', async () => {
    const visitor = new Session()
    expect((await visitor.json('GET', '/api/media-files/stats')).body.avgLoadTime).toBe(0)
    expect((await visitor.request('POST', '/api/metrics/load-times', { body: { samples: [200, 400, 900] } })).status).toBe(204)
    expect((await new Session().request('POST', '/api/metrics/load-times', { body: { samples: [500] } })).status).toBe(204)
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
  ])('refuses %s with 400 and stores nothing', async (_label, body) => {
    const before = await sampleCount()
    const response = await new Session().json('POST', '/api/metrics/load-times', { body })
    expect(response.status).toBe(400)
    expect(await sampleCount()).toBe(before)
  })

  it('refuses malformed JSON and slows down a flood (429)', async () => {
    expect((await new Session().json('POST', '/api/metrics/load-times', { rawBody: '{"samples":[' })).status).toBe(400)
    const flooder = new Session()
    const statuses: number[] = []
    for (let i = 0; i < 31; i++)
      statuses.push((await flooder.request('POST', '/api/metrics/load-times', { body: { samples: [100] } })).status)
    expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true)
    expect(statuses[30]).toBe(429)
  })
})
