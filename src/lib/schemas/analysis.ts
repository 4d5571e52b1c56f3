// Request shapes of Analyze All (spec §7): an empty body, or { force: true } to analyse
// every photo again (the manager's own tags and description are kept either way).
import { z } from 'zod'
import { runIdSchema } from './runs'

export const analyzeAllSchema = z.object({ force: z.boolean().optional() }).strict()

export const analysisRunParamsSchema = z.object({ runId: runIdSchema })
