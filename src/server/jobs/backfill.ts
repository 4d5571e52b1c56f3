// Backfills after an upgrade: a field that ingest now derives (hashes, a public copy, AVIF
// renditions, quality codes) is missing on media processed before it existed. Each backfill is
// declared once — which media rows still need it, what to read of them, what to do for one row —
// and this module runs them all the same way:
// - one keyset walk over media, ascending id, a batch at a time, so each row is tried once per run
//   and a run after a crash or `kill -9` takes the rows still needing it (each backfill writes a
//   row only where its field is still empty, so nothing is done twice and ingest's own result stays);
// - each row within its own property (the row's scope is handed to the work, and every write names it);
// - one job task per backfill (retried once), which logs what it did;
// - queued at start when a row needs it and no job of its task is waiting (several starts queue it once).
import type { Payload, TaskConfig, TypedJobs } from 'payload'
import { poolOf } from '../db/pool'
import { propertyScope, type PropertyScope } from '../db/property-db'

export type BackfillRow = { id: string; scope: PropertyScope; [column: string]: unknown }

export type Backfill<Outcome extends string = string> = {
  task: keyof TypedJobs['tasks']
  /** The task's label in Payload's jobs. */
  label: string
  queue?: string
  /** The condition (fixed SQL text, never a request's value) on media rows that still need it. */
  needs: string
  /** What the work reads of a row besides its id and property (fixed SQL select list), e.g. `storage_key AS key`. */
  columns?: string
  /** Rows read per query: fewer where each costs a download and an encode. */
  batch: number
  /** What one row's work can come to, counted per run ('skipped' is not counted). */
  outcomes: readonly Outcome[]
  each(payload: Payload, row: BackfillRow): Promise<Outcome | 'skipped'>
  /** The log line of a run that did something, or null to say nothing. */
  report(counts: Record<Outcome, number>): string | null
}

/** Runs the backfill over every row that needs it, in every property; answers the counts of its outcomes. */
export async function runBackfill<Outcome extends string>(payload: Payload, backfill: Backfill<Outcome>): Promise<Record<Outcome, number>> {
  const counts = Object.fromEntries(backfill.outcomes.map((outcome) => [outcome, 0])) as Record<Outcome, number>
  const columns = backfill.columns ? `, ${backfill.columns}` : ''
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    // Installation-wide on purpose: each row is then worked on within its own property.
    const { rows } = await poolOf(payload).query<{ id: string; property_id: string; property_slug: string }>(
      `SELECT media.id::text AS id, media.property_id::text AS property_id,
              (SELECT p.slug FROM properties p WHERE p.id = media.property_id) AS property_slug${columns}
         FROM media WHERE (${backfill.needs}) AND media.id > $1::uuid ORDER BY media.id LIMIT ${backfill.batch}`,
      [after],
    )
    if (rows.length === 0) return counts
    for (const { property_id: id, property_slug: slug, ...row } of rows) {
      after = row.id
      const outcome = await backfill.each(payload, { ...row, scope: propertyScope({ id, slug }) })
      if (outcome !== 'skipped') counts[outcome]++
    }
  }
}

/** Queues the backfill when a row needs it and no job of its task is waiting; answers whether it queued one. */
export async function queueBackfill(payload: Payload, backfill: Backfill): Promise<boolean> {
  const { rows } = await poolOf(payload).query<{ needed: boolean; waiting: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM media WHERE ${backfill.needs}) AS needed,
            EXISTS (SELECT 1 FROM payload_jobs WHERE task_slug = $1 AND completed_at IS NULL AND has_error IS NOT TRUE) AS waiting`,
    [backfill.task],
  )
  if (!rows[0].needed || rows[0].waiting) return false
  await payload.jobs.queue({ task: backfill.task, input: {} as never, queue: backfill.queue })
  return true
}

/** The backfill's task in Payload's jobs queue. */
export function backfillTask<Outcome extends string>(backfill: Backfill<Outcome>): TaskConfig<any> {
  return {
    slug: backfill.task,
    label: backfill.label,
    inputSchema: [],
    retries: 1,
    handler: async ({ req }) => {
      const counts = await runBackfill(req.payload, backfill)
      const line = backfill.report(counts)
      if (line) req.payload.logger.info(line)
      return { output: counts }
    },
  }
}
