// Runs (docs/architecture.md §11): the kinds of long work (an export pack's too) and the requests of GET /api/runs/{id} and
// GET /api/runs?kind=…&limit=N.
import { z } from 'zod'

export const RUN_KINDS = ['analysis', 'duplicates', 'backup', 'restore', 'export'] as const
export type RunKind = (typeof RUN_KINDS)[number]

export const RUN_STATUSES = ['running', 'done', 'failed'] as const
export type RunStatus = (typeof RUN_STATUSES)[number]

/** GET /api/runs lists at most this many. */
export const RUNS_LIST_MAX = 50

export const runIdSchema = z.uuid('The run id is malformed.')

export const runParamsSchema = z.object({ id: runIdSchema })

export const runsQuerySchema = z
  .object({
    kind: z.enum(RUN_KINDS, `Name the kind of run: ${RUN_KINDS.join(', ')}.`),
    limit: z.coerce.number().int().min(1).max(RUNS_LIST_MAX).default(10),
  })
  .strict()
