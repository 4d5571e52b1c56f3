// The body a public page sends with its image load durations (Resource Timing).
import { z } from 'zod'
import './text'
import { MAX_SAMPLE_MS, MAX_SAMPLES_PER_REPORT } from '../constants'

// The limits live with the other constants so the browser's reporter need not load zod.
export { MAX_SAMPLE_MS, MAX_SAMPLES_PER_REPORT }

export const loadTimesSchema = z
  .object({
    samples: z
      .array(z.number().finite().min(0).max(MAX_SAMPLE_MS))
      .min(1, 'At least one sample is required.')
      .max(MAX_SAMPLES_PER_REPORT, `At most ${MAX_SAMPLES_PER_REPORT} samples per report.`),
    /** The token of the page that measured them (src/server/metrics/page-token.ts). */
    token: z.string().min(1, 'The page token is required.').max(100),
  })
  .strict()
