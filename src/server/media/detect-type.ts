// What the ingest accepts (docs/architecture.md §6): the real type of an upload, from its first
// bytes rather than its name or the browser's claim, and the largest image it will decode.
// Only the spec's images and videos pass; SVG, HTML, PDF, programs and anything
// unrecognised are refused with a reason naming what they are.
import { fileTypeFromBuffer } from 'file-type'
import { ALLOWED_MIME_TYPES, ALLOWED_TYPES_TEXT } from '../../lib/constants'
import { MediaRejectedError } from './errors'

export type AllowedMime = (typeof ALLOWED_MIME_TYPES)[number]

export type DetectedMediaType = { mime: AllowedMime; ext: string; kind: 'image' | 'video' }

/** How many leading bytes detection reads: file-type's own detection window. Fewer still works, less reliably. */
export const SNIFF_BYTES = 4100

/**
 * The most pixels an image may have (100 megapixels): sharp refuses larger ones from the
 * header, before decoding, so a small file claiming 20000 × 20000 cannot exhaust memory.
 */
export const MAX_IMAGE_PIXELS = 100_000_000

const ALLOWED_HINT = `use ${ALLOWED_TYPES_TEXT}`

/** Names for what people actually try to upload, so the reason says what the file is. */
const KNOWN_NAMES: Record<string, string> = {
  'image/svg+xml': 'SVG',
  'application/xml': 'XML',
  'text/html': 'HTML',
  'application/pdf': 'PDF',
  'application/x-elf': 'a program (ELF executable)',
  'application/x-msdownload': 'a program (Windows executable)',
  'application/x-mach-binary': 'a program (macOS executable)',
  'application/x-sh': 'a shell script',
  'application/zip': 'a ZIP archive',
  'application/gzip': 'a gzip archive',
  'application/x-rar-compressed': 'a RAR archive',
  'application/x-7z-compressed': 'a 7-Zip archive',
  'image/avif': 'AVIF',
  'image/tiff': 'TIFF',
  'image/bmp': 'BMP',
  'image/x-icon': 'an icon (ICO)',
  'video/webm': 'WebM',
  'video/x-matroska': 'MKV',
  'video/x-msvideo': 'AVI',
  'video/x-m4v': 'M4V',
  'video/3gpp': '3GP',
  'audio/mpeg': 'MP3 audio',
  'audio/x-m4a': 'M4A audio',
  'audio/wav': 'WAV audio',
}

/** Variants file-type reports that are, for storage and display, one of the allowed types. */
const SAME_AS: Record<string, AllowedMime> = {
  // An animated PNG is a PNG: every browser shows it, and sharp reads its first frame.
  'image/apng': 'image/png',
  // HEIF image sequences (ftyp brands hevc, hevx, msf1): a burst or Live Photo's still; the
  // primary image is the photo. (heic, heix: image/heic; mif1: image/heif.)
  'image/heic-sequence': 'image/heic',
  'image/heif-sequence': 'image/heif',
}

const isAllowed = (mime: string): mime is AllowedMime => (ALLOWED_MIME_TYPES as readonly string[]).includes(mime)

/** Detects the type from the first bytes of a file (pass at least SNIFF_BYTES when the file is that long). */
export async function detectMediaType(head: Uint8Array): Promise<DetectedMediaType> {
  if (head.length === 0) throw new MediaRejectedError(`The file is empty (0 bytes): ${ALLOWED_HINT}`)

  const found = await fileTypeFromBuffer(head)
  const mime = found ? (SAME_AS[found.mime] ?? found.mime) : undefined
  if (found && mime && isAllowed(mime)) {
    return { mime, ext: mime === found.mime ? found.ext : extOf(mime), kind: mime.startsWith('video/') ? 'video' : 'image' }
  }

  const name =
    markupName(head, found?.mime) ??
    (found ? (KNOWN_NAMES[found.mime] ?? `${found.ext.toUpperCase()} (${found.mime})`) : undefined)
  if (name) throw new MediaRejectedError(`File content is ${name}, not an allowed image or video: ${ALLOWED_HINT}`)
  if (looksLikeText(head)) throw new MediaRejectedError(`File content is text, not an image or video: ${ALLOWED_HINT}`)
  throw new MediaRejectedError(`File content is not a recognised image or video: ${ALLOWED_HINT}`)
}

/**
 * Refuses an upload whose declared MIME type (what the browser said, and what the presigned
 * URL was bound to) disagrees with its content. image/jpg and image/pjpeg mean image/jpeg.
 * MP4 and MOV are one container family (ISO base media) and cameras and editors label them
 * loosely, so a .mov that is really MP4 (or the reverse) is not refused: store the detected type.
 * HEIC and HEIF likewise.
 */
export function assertDeclaredTypeMatches(declared: string | null | undefined, detected: { mime: AllowedMime }): void {
  const claimed = normaliseMime(declared ?? '')
  if (claimed === detected.mime || (isIsoMedia(claimed) && isIsoMedia(detected.mime))) return
  if (isHeif(claimed) && isHeif(detected.mime)) return
  const content = extOf(detected.mime).toUpperCase()
  throw new MediaRejectedError(
    `File was uploaded as ${claimed || 'an unknown type'} but its content is ${content}: rename it to .${extOf(detected.mime)} or export it again as the type its name says`,
  )
}

function normaliseMime(mime: string): string {
  const base = mime.split(';')[0].trim().toLowerCase()
  return base === 'image/jpg' || base === 'image/pjpeg' ? 'image/jpeg' : base
}

const isIsoMedia = (mime: string) => mime === 'video/mp4' || mime === 'video/quicktime'
/** Phones and browsers call the same files image/heic or image/heif (and their -sequence variants). */
const isHeif = (mime: string) => /^image\/hei[cf](-sequence)?$/.test(mime)

function extOf(mime: AllowedMime): string {
  switch (mime) {
    case 'image/jpeg':
      return 'jpg'
    case 'video/quicktime':
      return 'mov'
    default:
      return mime.split('/')[1]
  }
}

/** file-type has no signature for SVG or HTML (they are text), so look at the markup itself. */
function markupName(head: Uint8Array, detectedMime: string | undefined): string | undefined {
  if (detectedMime && detectedMime !== 'application/xml') return undefined
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(head.subarray(0, 2048))
    .replace(/^\uFEFF/, '')
    .toLowerCase()
  if (/<svg[\s>]/.test(text)) return KNOWN_NAMES['image/svg+xml']
  if (/<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<script[\s>]|<iframe[\s>]/.test(text)) return KNOWN_NAMES['text/html']
  if (detectedMime === 'application/xml' || /^\s*<\?xml\s/.test(text)) return KNOWN_NAMES['application/xml']
  return undefined
}

/** Mostly printable UTF-8 with no NUL bytes: a text file of some kind (CSV, JSON, a script). */
function looksLikeText(head: Uint8Array): boolean {
  const sample = head.subarray(0, 1024)
  if (sample.includes(0)) return false
  const text = new TextDecoder('utf-8', { fatal: false }).decode(sample)
  const unprintable = text.match(/[\u0000-\u0008\u000e-\u001f\ufffd]/g)?.length ?? 0
  return unprintable <= text.length * 0.02
}
