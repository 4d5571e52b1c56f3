// Request shapes of Analyze All (spec §7): an empty body, or { force: true } to analyse
// every photo again (the manager's own tags and description are kept either way).
import { z } from 'zod'

export const analyzeAllSchema = z.object({ force: z.boolean().optional() }).strict()
