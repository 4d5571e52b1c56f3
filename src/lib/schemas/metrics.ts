// The body a public page sends with its image load durations (Resource Timing).
import { z } from 'zod'

/** A browser sends at most this many samples at once. */
export const MAX_SAMPLES_PER_REPORT = 50
/** Longer than a minute is not an image load we can learn from (a stalled tab). */
export const MAX_SAMPLE_MS = 60_000

export const loadTimesSchema = z
  .object({
    samples: z
      .array(z.number().finite().min(0).max(MAX_SAMPLE_MS))
      .min(1, 'At least one sample is required.')
      .max(MAX_SAMPLES_PER_REPORT, `At most ${MAX_SAMPLES_PER_REPORT} samples per report.`),
  })
  .strict()
