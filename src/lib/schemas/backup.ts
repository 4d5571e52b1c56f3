// Bodies of the backup calls (spec §7: both send an empty body; restore may name a kept backup).
import { z } from 'zod'

export const createBackupSchema = z.object({}).strict()

export const restoreBackupSchema = z
  .object({ backupId: z.string().uuid('backupId must be the id of a kept backup.').optional() })
  .strict()

export const backupIdParamsSchema = z.object({ id: z.string().uuid('The backup id is not valid.') })

