// The jobs worker: concurrent claims never hand out the same job twice, and the slots
// process an upload to the end, then stop cleanly; a failing task is tried again as its
// definition says, then recorded failed as Payload's own runner records it; idle slots are woken by PostgreSQL's
// notification (also after their listening connection was cut), not by polling; the sweep gives a photo left pending or
// processing with no live job a new one (or, after repeated errors, a failed status).
import crypto from 'node:crypto'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { poolOf } from '../../src/server/db/pool'
import { HASH_BACKFILL_TASK } from '../../src/server/duplicates/scan-task'
import { claimJob, STALE_AFTER_MS, startJobsWorker } from '../../src/server/jobs/worker'
import { INGEST_TASK } from '../../src/server/media/ingest-task'
import { AVIF_TASK, RENDITIONS_QUEUE } from '../../src/server/media/avif-renditions'
import { ANALYSIS_QUEUE, ANALYZE_TASK } from '../../src/server/analysis/analysis-task'
import { MAX_ERRORED_RUNS, requeueStrandedMedia } from '../../src/server/media/requeue-stranded'
import { Session, signedInAdmin } from '../helpers/api'
import { makePhoto } from '../helpers/media-fixtures'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'

let payload: Payload
let admin: Session

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  // The uploads here are processed, not analysed: no analysis job after ingest, so the worker's
  // analysis slots do not load the model (tests/int/analysis.int.spec.ts is about it).
  process.env.ANALYZE_ON_UPLOAD = 'false'
})

afterAll(() => {
  delete process.env.ANALYZE_ON_UPLOAD
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

  it('holds analysis back while an ingest waits, AVIF while either waits or runs; ingest goes before an older backfill', async () => {
    const sql = (text: string, values: unknown[] = []) => poolOf(payload).query(text, values)
    await sql('DELETE FROM payload_jobs')
    const id = (job: { id: string | number }) => String(job.id)
    const claim = async (queue?: string) => {
      const claimed = await claimJob(payload, queue)
      return claimed === null ? null : String(claimed)
    }
    const backfill = id(await payload.jobs.queue({ task: HASH_BACKFILL_TASK, input: {} }))
    const avif = id(await payload.jobs.queue({ task: AVIF_TASK, queue: RENDITIONS_QUEUE, input: { propertyId: '1', mediaId: '2' } }))
    const analysis = id(await payload.jobs.queue({ task: ANALYZE_TASK, queue: ANALYSIS_QUEUE, input: { mediaId: '3' } }))
    const first = id(await payload.jobs.queue({ task: INGEST_TASK, input: { mediaId: crypto.randomUUID() } }))
    const second = id(await payload.jobs.queue({ task: INGEST_TASK, input: { mediaId: crypto.randomUUID() } }))

    expect(await claim(ANALYSIS_QUEUE)).toBeNull()
    expect(await claim(RENDITIONS_QUEUE)).toBeNull()
    // Queued after the backfill, the ingests are claimed first.
    expect(await claim()).toBe(first)
    expect(await claim(ANALYSIS_QUEUE)).toBeNull() // the second still waits
    expect(await claim()).toBe(second)
    expect(await claim(RENDITIONS_QUEUE)).toBeNull() // the analysis waits
    // A running ingest does not hold analysis back; running ingests and analyses hold AVIF back.
    expect(await claim(ANALYSIS_QUEUE)).toBe(analysis)
    expect(await claim(RENDITIONS_QUEUE)).toBeNull()
    await sql('DELETE FROM payload_jobs WHERE id = ANY($1::uuid[])', [[first, second]])
    expect(await claim(RENDITIONS_QUEUE)).toBeNull()
    await sql('DELETE FROM payload_jobs WHERE id = $1', [analysis])
    expect(await claim(RENDITIONS_QUEUE)).toBe(avif)
    expect(await claim()).toBe(backfill)

    // An ingest whose worker died (stale in processing) waits to be claimed again: it holds analysis back.
    await sql('DELETE FROM payload_jobs')
    const stale = id(await payload.jobs.queue({ task: INGEST_TASK, input: { mediaId: crypto.randomUUID() } }))
    expect(await claim()).toBe(stale)
    await sql(`UPDATE payload_jobs SET updated_at = now() - make_interval(secs => $1) WHERE id = $2`, [STALE_AFTER_MS / 1000 + 1, stale])
    const later = id(await payload.jobs.queue({ task: ANALYZE_TASK, queue: ANALYSIS_QUEUE, input: { mediaId: '4' } }))
    expect(await claim(ANALYSIS_QUEUE)).toBeNull()
    expect(await claim()).toBe(stale)
    expect(await claim(ANALYSIS_QUEUE)).toBe(later)
    await sql('DELETE FROM payload_jobs')
  })

  it('starts the work held back once the ingest above it ends', async () => {
    await poolOf(payload).query('DELETE FROM payload_jobs')
    const ingest = await payload.jobs.queue({ task: INGEST_TASK, input: { mediaId: crypto.randomUUID() } })
    // A photo that is gone: its AVIF job ends at once, and leaves the queue.
    await payload.jobs.queue({ task: AVIF_TASK, queue: RENDITIONS_QUEUE, input: { propertyId: crypto.randomUUID(), mediaId: crypto.randomUUID() } })
    const left = async () =>
      (await poolOf(payload).query(`SELECT queue FROM payload_jobs WHERE completed_at IS NULL ORDER BY queue`)).rows.map((row) => row.queue as string)
    const stop = startJobsWorker(payload, 0, { sweep: false, analysisSlots: 0 })
    try {
      // No default slot: the ingest stays, and so does the AVIF job below it.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(await left()).toEqual(['default', RENDITIONS_QUEUE])
      await poolOf(payload).query('DELETE FROM payload_jobs WHERE id = $1', [ingest.id])
      await expect.poll(left, { timeout: 10_000, interval: 100 }).toEqual([])
    } finally {
      await stop()
    }
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

describe('a task that fails every time', () => {
  // The hash backfill (retries: 1), whose write of the hashes the database refuses: a sequence counts
  // the attempts (a sequence outlives the rolled-back statement).
  const sql = (text: string, values: unknown[] = []) => poolOf(payload).query(text, values)
  const attempts = async () =>
    Number((await sql(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM test_backfill_attempts`)).rows[0].n)
  const ending = async (id: string | number) =>
    (
      await sql(
        `SELECT processing, has_error, total_tried::int AS total_tried, completed_at IS NOT NULL AS completed, error->>'message' AS message
           FROM payload_jobs WHERE id = $1`,
        [id],
      )
    ).rows[0]

  it("is tried again as its definition says, then recorded failed as Payload's own runner records it", async () => {
    await sql('DELETE FROM payload_jobs')
    const created = await uploadFile(admin, await makePhoto({ width: 320, height: 240, seed: 11 }), {
      filename: 'hashes-refused.jpg',
      contentType: 'image/jpeg',
    })
    expect(created.status).toBe(201)
    await runJobs(payload)
    // Processed before ingest stored mirror hashes: the backfill has this photo to do.
    await sql(`UPDATE media SET mirror_hash = NULL WHERE id = $1`, [created.body.id])
    await sql(`CREATE SEQUENCE test_backfill_attempts;
      CREATE FUNCTION test_refuse_hashes() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM nextval('test_backfill_attempts'); RAISE EXCEPTION 'hashes refused by the test'; END $$;
      CREATE TRIGGER test_refuse_hashes BEFORE UPDATE OF mirror_hash ON media FOR EACH ROW EXECUTE FUNCTION test_refuse_hashes();`)
    try {
      const byWorker = await payload.jobs.queue({ task: HASH_BACKFILL_TASK, input: {} })
      const stop = startJobsWorker(payload, 1, { sweep: false, analysisSlots: 0 })
      try {
        await expect.poll(async () => (await ending(byWorker.id)).has_error, { timeout: 30_000, interval: 100 }).toBe(true)
      } finally {
        await stop()
      }
      expect(await attempts()).toBe(2)
      const failed = {
        processing: false,
        has_error: true,
        total_tried: 2,
        completed: false,
        message: 'hashes refused by the test',
      }
      expect(await ending(byWorker.id)).toEqual(failed)

      // The same job through Payload's own runner ends the same way, after as many attempts.
      await sql(`ALTER SEQUENCE test_backfill_attempts RESTART`)
      const byPayload = await payload.jobs.queue({ task: HASH_BACKFILL_TASK, input: {} })
      await sql(`DELETE FROM payload_jobs WHERE id = $1`, [byWorker.id])
      await runJobs(payload)
      expect(await attempts()).toBe(2)
      expect(await ending(byPayload.id)).toEqual(failed)
    } finally {
      await sql(
        `DROP TRIGGER test_refuse_hashes ON media; DROP FUNCTION test_refuse_hashes(); DROP SEQUENCE test_backfill_attempts`,
      )
      await sql('DELETE FROM payload_jobs')
    }
  })
})

describe('idle slots woken by a notification', () => {
  // The fallback poll is set far beyond the test's timeout: only the notification can wake a slot.
  const NEVER_MS = 1_000_000_000
  const statusOf = async (id: string) =>
    ((await payload.findByID({ collection: 'media', id, overrideAccess: true })) as { status: string }).status
  const listenerPids = async () => {
    const { rows } = await poolOf(payload).query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE query = 'LISTEN gallery_jobs' AND pid <> pg_backend_pid()`,
    )
    return rows.map((row) => row.pid)
  }
  /**
   * Each slot's looks that found nothing to claim, per queue, read off the claim statements the
   * worker sends through the pool (its queue is the statement's second value).
   */
  const watchEmptyLooks = () => {
    const pool = poolOf(payload)
    const looks: Record<string, number> = {}
    const query = pool.query.bind(pool) as (text: unknown, values?: unknown[]) => Promise<{ rows: Array<{ job?: unknown }> }>
    const spy = vi.spyOn(pool, 'query').mockImplementation((async (text: unknown, values?: unknown[]) => {
      const result = await query(text, values)
      if (typeof text === 'string' && text.includes('claimed AS (') && !result.rows[0]?.job) {
        const queue = String(values?.[1])
        looks[queue] = (looks[queue] ?? 0) + 1
      }
      return result
    }) as never)
    return { looks, stopWatching: () => spy.mockRestore() }
  }
  const uploadPhoto = async (name: string) => {
    const created = await uploadFile(admin, await makePhoto({ width: 640, height: 480, seed: name.length }), {
      filename: name,
      contentType: 'image/jpeg',
    })
    expect(created.status).toBe(201)
    return String(created.body.id)
  }

  it('processes a photo uploaded while every slot is idle, without waiting for the fallback poll', async () => {
    await poolOf(payload).query('DELETE FROM payload_jobs')
    const { looks, stopWatching } = watchEmptyLooks()
    const stop = startJobsWorker(payload, 1, { sweep: false, analysisSlots: 0, fallbackPollMs: NEVER_MS })
    try {
      // The slot looked, found nothing and sleeps: from here on only a wake-up gets it going.
      await expect.poll(() => looks.default ?? 0, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0)
      const id = await uploadPhoto('woken-by-notify.jpg')
      await expect.poll(() => statusOf(id), { timeout: 30_000, interval: 250 }).toBe('ready')
    } finally {
      await stop()
      stopWatching()
    }
    // Stopping ends the listening connection, sleeping slots included.
    await expect.poll(listenerPids, { timeout: 10_000, interval: 100 }).toEqual([])
  })

  it('listens again after its connection is cut, and a photo uploaded then is processed', async () => {
    await poolOf(payload).query('DELETE FROM payload_jobs')
    const { looks, stopWatching } = watchEmptyLooks()
    const stop = startJobsWorker(payload, 1, { sweep: false, analysisSlots: 0, fallbackPollMs: NEVER_MS })
    try {
      await expect.poll(() => looks.default ?? 0, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0)
      await expect.poll(listenerPids, { timeout: 10_000, interval: 100 }).toHaveLength(1)
      const [cut] = await listenerPids()
      await poolOf(payload).query('SELECT pg_terminate_backend($1)', [cut])
      // A new connection listens (not the one that was cut)...
      await expect
        .poll(async () => (await listenerPids()).filter((pid) => pid !== cut).length, { timeout: 30_000, interval: 200 })
        .toBe(1)
      const id = await uploadPhoto('after-reconnect.jpg')
      await expect.poll(() => statusOf(id), { timeout: 30_000, interval: 250 }).toBe('ready')
    } finally {
      await stop()
      stopWatching()
    }
  })

  it('wakes a slot when a delayed job falls due, without a notification', async () => {
    await poolOf(payload).query('DELETE FROM payload_jobs')
    const id = await uploadPhoto('delayed.jpg')
    await poolOf(payload).query(
      `UPDATE payload_jobs SET wait_until = now() + interval '2 seconds' WHERE input->>'mediaId' = $1 AND completed_at IS NULL`,
      [id],
    )
    // The slot's first look finds the job not yet due; nothing will notify it again.
    const stop = startJobsWorker(payload, 1, { sweep: false, analysisSlots: 0, fallbackPollMs: NEVER_MS })
    try {
      await expect.poll(() => statusOf(id), { timeout: 30_000, interval: 250 }).toBe('ready')
    } finally {
      await stop()
    }
  })

  it('a slot held back with nothing of its own to do waits for a notification instead of looking each second', async () => {
    await poolOf(payload).query('DELETE FROM payload_jobs')
    // An ingest no slot takes (none for the default queue) holds analysis and AVIF back.
    const ingest = await payload.jobs.queue({ task: INGEST_TASK, input: { mediaId: crypto.randomUUID() } })
    const { looks, stopWatching } = watchEmptyLooks()
    const stop = startJobsWorker(payload, 0, { sweep: false, analysisSlots: 1, fallbackPollMs: NEVER_MS })
    try {
      await new Promise((resolve) => setTimeout(resolve, 3500))
      // Their own queues are empty: each slot looked once, when it started (AVIF has two).
      expect(looks).toEqual({ [ANALYSIS_QUEUE]: 1, [RENDITIONS_QUEUE]: 2, backup: 1 })
      // An AVIF job of its own (for a photo that is gone) wakes the renditions slot, which is then
      // held back and looks again until the ingest is over.
      await payload.jobs.queue({ task: AVIF_TASK, queue: RENDITIONS_QUEUE, input: { propertyId: crypto.randomUUID(), mediaId: crypto.randomUUID() } })
      await expect.poll(() => looks[RENDITIONS_QUEUE], { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(3)
      await poolOf(payload).query('DELETE FROM payload_jobs WHERE id = $1', [ingest.id])
      await expect
        .poll(async () => (await poolOf(payload).query(`SELECT count(*)::int AS n FROM payload_jobs WHERE completed_at IS NULL`)).rows[0].n, {
          timeout: 10_000,
          interval: 100,
        })
        .toBe(0)
    } finally {
      await stop()
      stopWatching()
    }
  })
})

describe('the sweep for media left without a job', () => {
  const statusOf = async (id: string) => {
    const { rows } = await poolOf(payload).query('SELECT status, processing_error FROM media WHERE id = $1', [id])
    return rows[0] as { status: string; processing_error: string | null }
  }
  const upload = async (name: string) => {
    const created = await uploadFile(admin, await makePhoto({ width: 320, height: 240, seed: name.length }), {
      filename: name,
      contentType: 'image/jpeg',
    })
    expect(created.status).toBe(201)
    return String(created.body.id)
  }

  it('queues a new job for a photo whose job is gone, once, and the photo becomes ready', async () => {
    await poolOf(payload).query('DELETE FROM payload_jobs')
    const stranded = await upload('stranded.jpg')
    const waiting = await upload('waiting.jpg')
    // The stranded photo's job was lost mid-processing; the other one's job is still queued.
    await poolOf(payload).query(`DELETE FROM payload_jobs WHERE input->>'mediaId' = $1`, [stranded])
    await poolOf(payload).query(`UPDATE media SET status = 'processing' WHERE id = $1`, [stranded])

    expect(await requeueStrandedMedia(payload)).toEqual({ requeued: [stranded], failed: [] })
    // Idempotent: a second sweep (or another instance's) finds a live job for both.
    expect(await requeueStrandedMedia(payload)).toEqual({ requeued: [], failed: [] })
    const { rows } = await poolOf(payload).query(`SELECT count(*)::int AS n FROM payload_jobs WHERE input->>'mediaId' = $1`, [
      stranded,
    ])
    expect(rows[0].n).toBe(1)
    await runJobs(payload)
    expect((await statusOf(stranded)).status).toBe('ready')
    expect((await statusOf(waiting)).status).toBe('ready')
  })

  it(`marks failed, with a reason, a photo whose jobs ended in errors ${MAX_ERRORED_RUNS} times`, async () => {
    await poolOf(payload).query('DELETE FROM payload_jobs')
    const id = await upload('breaks-the-worker.jpg')
    await poolOf(payload).query(`UPDATE payload_jobs SET has_error = true, total_tried = 3 WHERE input->>'mediaId' = $1`, [id])
    for (let run = 1; run < MAX_ERRORED_RUNS; run++) {
      await payload.jobs.queue({ task: INGEST_TASK, input: { mediaId: id } })
      await poolOf(payload).query(`UPDATE payload_jobs SET has_error = true WHERE input->>'mediaId' = $1`, [id])
    }
    expect(await requeueStrandedMedia(payload)).toEqual({ requeued: [], failed: [id] })
    expect(await statusOf(id)).toEqual({
      status: 'failed',
      processing_error: `Processing did not complete after ${MAX_ERRORED_RUNS} runs; upload the file again.`,
    })
    await poolOf(payload).query('DELETE FROM payload_jobs')
  })

  it('runs when the worker starts', async () => {
    await poolOf(payload).query('DELETE FROM payload_jobs')
    const id = await upload('left-pending.jpg')
    await poolOf(payload).query('DELETE FROM payload_jobs')
    const stop = startJobsWorker(payload, 1)
    try {
      await expect.poll(async () => (await statusOf(id)).status, { timeout: 30_000, interval: 250 }).toBe('ready')
    } finally {
      await stop()
    }
  })
})
