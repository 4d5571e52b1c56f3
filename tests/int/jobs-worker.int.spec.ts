// The jobs worker: concurrent claims never hand out the same job twice, and the slots
// process an upload to the end, then stop cleanly.
import crypto from 'node:crypto'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { poolOf } from '../../src/server/db/advisory-lock'
import { claimJob, STALE_AFTER_MS, startJobsWorker } from '../../src/server/jobs/worker'
import { INGEST_TASK } from '../../src/server/media/ingest-task'
import { Session, signedInAdmin } from '../helpers/api'
import { makePhoto } from '../helpers/media-fixtures'
import { resetDatabase, testPayload } from '../helpers/payload'
import { uploadFile } from '../helpers/upload'

let payload: Payload
let admin: Session

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
})

describe('the jobs worker', () => {
  it('gives each queued job to exactly one of many concurrent claims', async () => {
    await poolOf(payload).query('DELETE FROM payload_jobs')
    for (let i = 0; i < 6; i++) {
      await payload.jobs.queue({ task: INGEST_TASK, input: { mediaId: crypto.randomUUID() } })
    }
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimJob(payload)))
    const claimed = claims.filter((id): id is string => id !== null)
    expect(claimed).toHaveLength(6)
    expect(new Set(claimed).size).toBe(6)
    expect(await claimJob(payload)).toBeNull()
    await poolOf(payload).query('DELETE FROM payload_jobs')
  })

  it('claims again a job whose worker stopped touching it, and leaves a live one alone', async () => {
    await poolOf(payload).query('DELETE FROM payload_jobs')
    await payload.jobs.queue({ task: INGEST_TASK, input: { mediaId: crypto.randomUUID() } })
    const first = await claimJob(payload)
    expect(first).not.toBeNull()
    expect(await claimJob(payload)).toBeNull()
    // The worker that took it died: no heartbeat for longer than the stale limit.
    await poolOf(payload).query(`UPDATE payload_jobs SET updated_at = now() - make_interval(secs => $1) WHERE id = $2`, [
      STALE_AFTER_MS / 1000 + 1,
      first,
    ])
    expect(await claimJob(payload)).toBe(first)
    expect(await claimJob(payload)).toBeNull()
    await poolOf(payload).query('DELETE FROM payload_jobs')
  })

  it('processes an upload to a ready record, and stops once its jobs are done', async () => {
    const created = await uploadFile(admin, await makePhoto({ width: 900, height: 600 }), {
      filename: 'Hot tub.jpg',
      contentType: 'image/jpeg',
    })
    expect(created.status).toBe(201)
    const stop = startJobsWorker(payload, 3)
    try {
      await expect
        .poll(
          async () =>
            ((await payload.findByID({ collection: 'media', id: created.body.id, overrideAccess: true })) as { status: string })
              .status,
          { timeout: 30_000, interval: 250 },
        )
        .toBe('ready')
    } finally {
      await stop()
    }
    const { rows } = await poolOf(payload).query('SELECT count(*)::int AS n FROM payload_jobs WHERE processing')
    expect(rows[0].n).toBe(0)
  })
})
