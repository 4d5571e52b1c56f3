// Stored filenames (spec §5): every character other than a letter, digit, dot or hyphen
// becomes an underscore. On top of that (not in the spec): no leading dots, so a name is
// never "." or ".." or hidden, and at most 120 characters with the extension kept.
const MAX_LENGTH = 120

export function sanitizeFilename(name: string): string {
  const replaced = Array.from(name, (char) => (/^[A-Za-z0-9.-]$/.test(char) ? char : '_')).join('')
  const trimmed = replaced.replace(/^\.+/, (dots) => '_'.repeat(dots.length))
  if (!trimmed) return 'file'
  if (trimmed.length <= MAX_LENGTH) return trimmed
  const dot = trimmed.lastIndexOf('.')
  const extension = dot > 0 && trimmed.length - dot <= 10 ? trimmed.slice(dot) : ''
  return trimmed.slice(0, MAX_LENGTH - extension.length) + extension
}

/** The extension (lower-case, without the dot) of a filename, or ''. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/**
 * A file's name as a title guests can read: no extension, separators as spaces, the first
 * letter capitalised ("back_yard-walkthrough.mp4" → "Back yard walkthrough"). Falls back to
 * the name itself when nothing readable is left.
 */
export function readableTitle(name: string): string {
  const dot = name.lastIndexOf('.')
  const stem = dot > 0 ? name.slice(0, dot) : name
  const words = stem
    .replace(/[_.\-+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (!words) return name
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Characters before the extension that stay beside it when a name is cut (they often number a series). */
const KEPT_BEFORE_EXTENSION = 4

/**
 * A filename in two parts for a middle ellipsis: the head, which gives way ("…") when the name
 * does not fit, and the tail, which always shows: the extension and the few characters before
 * it ("wayne-lakeside-liv…m-01.jpg").
 */
export function middleEllipsisParts(name: string): { head: string; tail: string } {
  const characters = Array.from(name)
  const dot = characters.lastIndexOf('.')
  const extensionStart = dot > 0 && characters.length - dot <= 10 ? dot : characters.length
  const tailStart = Math.max(0, extensionStart - KEPT_BEFORE_EXTENSION)
  return { head: characters.slice(0, tailStart).join(''), tail: characters.slice(tailStart).join('') }
}
