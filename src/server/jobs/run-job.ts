// Runs one job the worker claimed (worker.ts), of any task, with the task's own definition (jobs/*.ts
// as registered in payload.config: its handler and its `retries`), and records how it ended in one
// write of the job row. Payload's runner (payload.jobs.runByID) writes the row four to six times per
// job (claim again, task log, completion, deletion), several times the CPU of the worker and of the
// database per job (bench/README.md). How a job ends is what Payload's runner records:
// - done: the job is deleted (deleteJobOnComplete), or marked completed;
// - failed with an attempt left (task-retries.ts): given back to the queue with the try counted,
//   after the task's backoff if it has one;
// - failed on its last attempt: marked failed (hasError) with the error, and kept.
// Payload's per-task log (payload_jobs_log) is not written: a job of one task needs none.
// A failure to write the outcome (the database went away) is thrown: the worker gives the job back
// once the database answers, and the re-run (every task is idempotent) finishes it.
import { createLocalReq, type Payload, type TaskHandler, type TaskHandlerArgs } from 'payload'
import { poolOf } from '../db/pool'
import type { ClaimedJob } from './crash-limit'
import { afterFailedAttempt } from './task-retries'

/** Runs the claimed job's task once and records the outcome on the job's row. */
export async function runClaimedJob(payload: Payload, job: ClaimedJob): Promise<void> {
  const task = payload.config.jobs.tasks?.find(({ slug }) => slug === job.taskSlug)
  const pool = poolOf(payload)
  let failure: unknown
  try {
    if (!task) throw new Error(`Task '${job.taskSlug}' is not registered in payload.config.jobs.`)
    if (typeof task.handler !== 'function') throw new Error(`Task '${task.slug}' has no handler function the worker can run.`)
    const handler = task.handler as TaskHandler<any>
    const result = await handler(await handlerArgs(payload, job))
    if (result.state === 'failed') failure = new Error(result.errorMessage ?? 'Task handler returned a failed state')
  } catch (error) {
    failure = error
  }

  if (failure === undefined) {
    if (payload.config.jobs.deleteJobOnComplete) await pool.query(`DELETE FROM payload_jobs WHERE id = $1`, [job.id])
    else {
      await pool.query(
        `UPDATE payload_jobs SET processing = false, completed_at = now(), total_tried = total_tried + 1, updated_at = now() WHERE id = $1`,
        [job.id],
      )
    }
    return
  }

  const error = failure instanceof Error ? failure : new Error(String(failure))
  const next = task ? afterFailedAttempt(task.retries, job.totalTried) : ({ final: true } as const)
  if (next.final) {
    payload.logger.error({
      err: error,
      msg: `Job ${job.id} (${job.taskSlug}) failed on its last attempt (${job.totalTried + 1}): ${error.message}`,
    })
  } else {
    payload.logger.warn(
      `Job ${job.id} (${job.taskSlug}) failed (attempt ${job.totalTried + 1}); it will be tried again: ${error.message}`,
    )
  }
  await pool.query(
    `UPDATE payload_jobs
        SET processing = false, total_tried = total_tried + 1, has_error = $2, error = $3::jsonb,
            wait_until = COALESCE($4, wait_until), updated_at = now()
      WHERE id = $1`,
    [
      job.id,
      next.final,
      JSON.stringify({ name: error.name, message: error.message, stack: error.stack }),
      next.final || next.delayMs <= 0 ? null : new Date(Date.now() + next.delayMs),
    ],
  )
}

/**
 * What a task's handler gets: the job as claimed (id, task, input, earlier attempts: what our
 * handlers read), a local request, and no nested tasks (each job here is one task, no workflow).
 */
async function handlerArgs(payload: Payload, job: ClaimedJob): Promise<TaskHandlerArgs<any>> {
  return {
    input: job.input ?? {},
    job: {
      id: job.id,
      taskSlug: job.taskSlug,
      input: job.input ?? {},
      totalTried: job.totalTried,
    } as unknown as TaskHandlerArgs<any>['job'],
    req: await createLocalReq({}, payload),
    inlineTask: () => {
      throw new Error(`Task '${job.taskSlug}' tried to run an inline task: the jobs worker runs jobs of one task only.`)
    },
    tasks: {} as TaskHandlerArgs<any>['tasks'],
  }
}
