// Start-or-join, the one rule for every kind of run: at most one run of a kind is running in a
// property (a partial unique index), so two managers, two tabs or a double click share one run. A new run
// and its jobs are written in one transaction: a run never exists without the work that ends it.
import type { Pool, PoolClient } from 'pg'
import type { RunKind } from '../../lib/schemas/runs'
import { withPoolTransaction } from '../db/pool'
import { failAbandonedRuns, RUN_COLUMNS, runningRun, toRun, type RunRecord } from './run'

/** Finished runs are kept this long (the runs list and a late status read). */
const KEEP_FINISHED = '1 day'

export type RunToStart = {
  kind: RunKind
  /** The property the run works on. */
  propertyId: string
  /** The account that asked (null: the system). */
  startedBy?: string | null
  detail?: Record<string, unknown>
  /** Where the run starts (a backup's 'queued'). */
  step?: string | null
  /**
   * Queues the run's jobs in the run's transaction (each job's input names the run: { runId });
   * answers the run's total, or null when there is nothing to do (then no run is kept).
   */
  queue: (client: PoolClient, runId: string) => Promise<number | null>
}

/** The new run, or the one of that kind already running (joined); null when there was nothing to do. */
export async function startOrJoinRun(pool: Pool, { kind, propertyId, startedBy = null, detail = {}, step = null, queue }: RunToStart): Promise<{ run: RunRecord; joined: boolean } | null> {
  await pool.query(`DELETE FROM runs WHERE status <> 'running' AND created_at < now() - $1::interval`, [KEEP_FINISHED])
  for (let attempt = 0; attempt < 5; attempt++) {
    await failAbandonedRuns(pool, kind, propertyId)
    const started = await withPoolTransaction(pool, async (client, rollback) => {
      const inserted = await client.query(
        `INSERT INTO runs (kind, status, detail, started_by_id, step, property_id) VALUES ($1, 'running', $2::jsonb, $3, $4, $5)
         ON CONFLICT DO NOTHING RETURNING ${RUN_COLUMNS}`,
        [kind, JSON.stringify(detail), startedBy, step, propertyId],
      )
      if (!inserted.rows[0]) return 'another is running' as const
      const run = toRun(inserted.rows[0])
      const total = await queue(client, run.id)
      if (total === null) {
        rollback()
        return null
      }
      await client.query('UPDATE runs SET total = $2 WHERE id = $1', [run.id, total])
      return { run: { ...run, total }, joined: false }
    })
    if (started !== 'another is running') return started
    const running = await runningRun(pool, kind, propertyId)
    if (running) return { run: running, joined: true }
    // It ended between the insert and the read: start again.
  }
  throw new Error(`Could not start the ${kind} run: runs kept finishing under it.`)
}
