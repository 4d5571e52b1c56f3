// Display formats of spec §2 and §9: file sizes in MB with one decimal, durations as m:ss.
import { BYTES_PER_MB } from './constants'

/** §9 File size display: bytes divided by 1048576, one decimal ("2.4 MB"). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / BYTES_PER_MB).toFixed(1)} MB`
}

/** §2 List rows: duration as m:ss ("1:05"); minutes are not capped at 59. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '0:00'
  const whole = Math.floor(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** "1 photo", "3 photos". */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`
}
