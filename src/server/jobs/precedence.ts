// What the worker does first. A photo is ready (its WebP renditions, what a visitor and the manager
// see) at the pace of the machine only if nothing else takes the cores meanwhile, so background
// work yields to it at the claim: a slot of a queue below claims nothing while a job above is
// waiting to be claimed, in any worker process (the jobs table is the one place they all see).
//
// 1. Foreground: a photo's ingest and an edit's renditions (someone is waiting for them). In the
//    default queue they are claimed before its other jobs (backfills, scans, packs), whatever
//    was queued first.
// 2. Analysis: it follows ingest, so a batch of uploads is ready first and analysed after.
// 3. AVIF renditions: the WebP ones already serve every visitor; they come last.
// Backups have no place here: they run beside everything (their own slot), as they always did.
//
// Analysis is held back by waiting jobs only, not running ones: a batch of uploads keeps ingest's
// queue full until its last few photos, and a long video's transcoding does not stop the analysis
// of every other photo. AVIF is held back by running ones too: an encode beside the batch's last
// ingests would add its memory to theirs (a bench:upload run with only waiting jobs holding AVIF
// back peaked 160 MB above one where running ones did too; two runs, not a measure of this alone:
// bench/README.md), and AVIF is the one job nobody waits for. A job stale in `processing` (its
// worker died) waits to be claimed again, and holds the others back like one never claimed.
import { ANALYSIS_QUEUE } from '../analysis/analysis-task'
import { RENDITIONS_QUEUE } from '../media/avif-renditions'
import { EDIT_TASK } from '../media/edit-renditions'
import { INGEST_TASK } from '../media/ingest-task'

/** The tasks of the default queue someone is waiting for. */
export const FOREGROUND_TASKS: readonly string[] = [INGEST_TASK, EDIT_TASK]

export type Precedence = {
  /** The slot waits while a foreground job waits to be claimed… */
  afterForeground: boolean
  /** …and while a job of these queues waits to be claimed… */
  afterQueues: readonly string[]
  /** …or, with this, runs. */
  whileRunning: boolean
}

const FIRST: Precedence = { afterForeground: false, afterQueues: [], whileRunning: false }

const BELOW: Record<string, Precedence> = {
  [ANALYSIS_QUEUE]: { afterForeground: true, afterQueues: [], whileRunning: false },
  [RENDITIONS_QUEUE]: { afterForeground: true, afterQueues: [ANALYSIS_QUEUE], whileRunning: true },
}

export function precedenceOf(queue: string): Precedence {
  return BELOW[queue] ?? FIRST
}

/** How often a slot held back looks again: the job above ends without a notification. */
export const HELD_BACK_POLL_MS = 1000
