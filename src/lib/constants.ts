// Constants from the product specification, named, with the section they come from.

/** §3 Section: the five areas of the property, seeded on first start. Position gives the order. */
export const SEEDED_SECTIONS = [
  { id: 'main_level', name: 'Main Level', icon: '🏠', colour: 'blue', position: 1 },
  { id: 'upstairs', name: 'Upstairs', icon: '🛏️', colour: 'purple', position: 2 },
  { id: 'downstairs', name: 'Downstairs', icon: '🛋️', colour: 'orange', position: 3 },
  { id: 'backyard', name: 'Backyard', icon: '🌳', colour: 'emerald', position: 4 },
  { id: 'outdoors', name: 'Outdoors', icon: '🏞️', colour: 'green', position: 5 },
] as const

/** §3: the pseudo-section that means "section null, isHidden 'true'". Never a row. */
export const HIDDEN_SECTION_ID = 'hidden'
export const HIDDEN_SECTION_LABEL = 'Hide from Gallery'
/** §3: 'all' means no section filter. */
export const ALL_SECTIONS_ID = 'all'
/** §2 Gallery overview: the outdoors section is sorted last in public navigation. */
export const LAST_SECTION_ID = 'outdoors'

/** §3 Section colours (picker badges). */
export const SECTION_COLOURS = ['green', 'blue', 'purple', 'orange', 'emerald', 'grey', 'red', 'teal', 'pink', 'yellow'] as const

/** §5 Upload: the stored media types we accept. */
export const ALLOWED_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/quicktime'] as const

/** §7: queries never go stale, no refetch on focus, no polling by default, no retries. */
export const SECTIONS_POLL_MS = 30_000

/** Security (ARCHITECTURE §9): Payload's default minimum is 3. */
export const MIN_PASSWORD_LENGTH = 12
/** Login lockout: 5 failures lock the account for 10 minutes. */
export const MAX_LOGIN_ATTEMPTS = 5
export const LOCK_TIME_MS = 10 * 60 * 1000
/** Usernames: letters, digits, dot, underscore, hyphen. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,64}$/

/** §9 File size display: bytes divided by 1048576, one decimal. */
export const BYTES_PER_MB = 1_048_576

/** §9 Upload: at most 200 files per batch, no size limit. */
export const MAX_FILES_PER_BATCH = 200
/** §2 Upload button and modal: the file count limit defaults to 1. */
export const UPLOAD_MODAL_DEFAULT_MAX_FILES = 1
/** §9 Multipart: files above 100 MiB go in parts (at least 5 MiB each, at most 10000). */
export const MULTIPART_THRESHOLD_BYTES = 100 * 1024 * 1024
