// Display formats of the spec (§9 File size display: bytes divided by 1048576, one decimal).
import { BYTES_PER_MB } from './constants'

export const formatMegabytes = (bytes: number) => `${(bytes / BYTES_PER_MB).toFixed(1)} MB`

/** Duration as m:ss (spec §2 list rows). */
export function formatDuration(seconds: number | null) {
  if (seconds == null || !Number.isFinite(seconds)) return ''
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}
