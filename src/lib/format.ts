// Display formats of spec §2 and §9: file sizes in MB with one decimal (KB below 0.1 MB),
// durations as m:ss, counts of photos and videos.
import { BYTES_PER_MB } from './constants'

/** §9 File size display: bytes divided by 1048576, one decimal ("2.4 MB"). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / BYTES_PER_MB).toFixed(1)} MB`
}

/** Below this many bytes "0.0 MB" would say nothing: the size is shown in KB. */
const KB_BELOW_BYTES = BYTES_PER_MB / 10

/** A file's size: MB with one decimal ("2.4 MB"), or whole KB under 0.1 MB ("37 KB"). */
export function formatFileSize(bytes: number): string {
  if (bytes < KB_BELOW_BYTES) return `${bytes > 0 ? Math.max(1, Math.round(bytes / 1024)) : 0} KB`
  return formatMegabytes(bytes)
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

/** "20 photos · 1 video", "3 photos", "1 video"; "0 photos" when there is nothing. */
export function mediaCountLabel(images: number, videos: number): string {
  if (videos === 0) return countLabel(images, 'photo')
  if (images === 0) return countLabel(videos, 'video')
  return `${countLabel(images, 'photo')} · ${countLabel(videos, 'video')}`
}
