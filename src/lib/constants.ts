// Constants from the product specification, named, with the section they come from.

/** §3 Section: the five areas of the property, seeded on first start. Position gives the order. */
export const SEEDED_SECTIONS = [
  { key: 'main_level', name: 'Main Level', icon: '🏠', colour: 'blue', position: 1 },
  { key: 'upstairs', name: 'Upstairs', icon: '🛏️', colour: 'purple', position: 2 },
  { key: 'downstairs', name: 'Downstairs', icon: '🛋️', colour: 'orange', position: 3 },
  { key: 'backyard', name: 'Backyard', icon: '🌳', colour: 'emerald', position: 4 },
  { key: 'outdoors', name: 'Outdoors', icon: '🏞️', colour: 'green', position: 5 },
] as const

/** §3: the pseudo-section that means "section null, isHidden 'true'". Never a row. */
export const HIDDEN_SECTION_ID = 'hidden'
export const HIDDEN_SECTION_LABEL = 'Hide from Gallery'
/** §3: 'all' means no section filter. */
export const ALL_SECTIONS_ID = 'all'
/**
 * §4 "unassigned" (no section, not hidden): beyond the spec, a filter of the admin's section bar,
 * so photos not placed yet are counted where the section counts are. Never a row.
 */
export const UNASSIGNED_SECTION_ID = 'unassigned'
/** §2 Per-photo section picker: the note of a photo in no section. */
export const UNASSIGNED_LABEL = 'Unassigned'
/** §2 Gallery overview: the outdoors section is sorted last in public navigation. */
export const LAST_SECTION_ID = 'outdoors'

/** §3 Section colours (picker badges). */
export const SECTION_COLOURS = ['green', 'blue', 'purple', 'orange', 'emerald', 'grey', 'red', 'teal', 'pink', 'yellow'] as const

/** §5 Upload: the stored media types we accept (HEIC/HEIF: iPhones' photos, beyond the spec). */
export const ALLOWED_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'video/mp4',
  'video/quicktime',
] as const
/** The allowed types as people name them, for every message that refuses a file. */
export const ALLOWED_TYPES_TEXT = 'JPG, PNG, GIF, WebP, HEIC, MP4 or MOV'

/** §7: queries never go stale, no refetch on focus, no polling by default, no retries. */
export const SECTIONS_POLL_MS = 30_000
/** Not in the spec: while any media file is pending or processing, the admin list is re-read this often. */
export const PROCESSING_POLL_MS = 3_000

/** This app's cookiePrefix: Payload's session cookie is `payload-token` (request-user.ts reads a site's own). */
export const COOKIE_PREFIX = 'payload'

/** Security (docs/architecture.md §13): Payload's default minimum is 3. */
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
/**
 * Files the uploader has on their way at once. A browser opens at most 6 connections to one
 * origin, and the store is an origin of its own: 6 files are sent to it while the other slots
 * ask our API for their upload parameters, so the next file's POST starts as soon as a
 * connection is free instead of after a round trip to us. Ten covers that round trip at about
 * a third of a photo's transfer (bench/README.md, "Upload and ingest").
 */
export const UPLOADER_SLOTS = 10
/** The browser's connections to one origin over HTTP/1.1, the store's among them. */
export const CONNECTIONS_PER_ORIGIN = 6
/** §9 Multipart: files above 100 MiB go in parts (at least 5 MiB each, at most 10000). */
export const MULTIPART_THRESHOLD_BYTES = 100 * 1024 * 1024

/** §2 Device classification: mobile below 768 px; screen sizes sm < 640, md < 768, lg < 1024, xl from 1024. */
export const MOBILE_BREAKPOINT = 768
export const SCREEN_BREAKPOINTS = { sm: 640, md: 768, lg: 1024 } as const

/** §9 Grid columns and virtualisation. */
export const GRID_OVERSCAN_ROWS = 2

/** §9 Skeletons: 12 section, 8 public, 4 preview slots. */
export const PUBLIC_SKELETONS = 8
export const SECTION_SKELETONS = 12
export const PREVIEW_SKELETONS = 4
/** §2 Gallery overview: up to four preview images per section card. */
export const PREVIEW_SIZE = 4

/** §9 Lightbox: zoom 0.5 to 4, double-tap window 300 ms toggling 1 and 2, wheel steps 0.9/1.1. */
export const ZOOM_MIN = 0.5
export const ZOOM_MAX = 4
export const ZOOM_DOUBLE_TAP = 2
export const DOUBLE_TAP_MS = 300
export const WHEEL_ZOOM_OUT = 0.9
export const WHEEL_ZOOM_IN = 1.1

/** §2 Start Tour: up to 3 images from each of these sections, in this order. */
export const TOUR_SECTIONS = ['main_level', 'upstairs', 'downstairs', 'backyard', 'outdoors'] as const
export const TOUR_IMAGES_PER_SECTION = 3
/** §9 Video scrubber: arrow keys step 10 percent of the duration. */
export const VIDEO_SCRUB_STEP = 0.1

/** Image load-time reports (Avg Load Time): at most this many samples per report. */
export const MAX_SAMPLES_PER_REPORT = 50
/** Longer than a minute is not an image load we can learn from (a stalled tab). */
export const MAX_SAMPLE_MS = 60_000

/** §9 Duplicate reasons and their labels; any other reason reads "Potential duplicate". */
export const DUPLICATE_REASON_LABELS: Record<string, string> = {
  size_and_name: 'Same size and similar name',
  visual_similarity: 'Visually similar images',
  identical_hash: 'Identical file content',
}
export const DUPLICATE_REASON_FALLBACK = 'Potential duplicate'
/** §9 Duplicate confidence colours: 90+ red, 70+ orange, else yellow. */
export const DUPLICATE_CONFIDENCE_RED = 90
export const DUPLICATE_CONFIDENCE_ORANGE = 70
/** §9 Backups: automatic every 30 minutes; the last 10 are kept. §7: status polled every 30 s. */
export const AUTO_BACKUP_CRON = '*/30 * * * *'
export const AUTO_BACKUP_PERIOD_MS = 30 * 60 * 1000
export const BACKUPS_KEPT = 10
export const BACKUP_STATUS_POLL_MS = 30_000
/** §9 "created on each upload": one backup a short while after an upload batch's last file. */
export const UPLOAD_BACKUP_DEBOUNCE_MS = 60_000
/** …but never later than this after the batch's first file, however long uploads trickle in. */
export const UPLOAD_BACKUP_MAX_DELAY_MS = 10 * 60 * 1000
/** Not in the spec: property settings (a Payload global) limits. */
export const PROPERTY_NAME_MAX = 80
export const PROPERTY_TAGLINE_MAX = 160
/**
 * Long work (Analyze All, a duplicate scan, Create Backup, Restore) runs as a run: the request
 * waits this long for the spec's answer (§7 `{ analyzed }`, `{ duplicateGroups }`,
 * `{ backupFile }`, `{ message }`), else answers what is done with the runId.
 */
export const RUN_WAIT_MS = 25_000
/** The screens follow a run's progress this often (GET /api/runs/{id}). */
export const RUN_POLL_MS = 1_000
/** The rendition analysis reads (docs/architecture.md §8): the 800-px one. */
export const ANALYSIS_RENDITION_WIDTH = 800

/** §9 Skeletons while loading: admin cards and section-bar blocks. */
export const ADMIN_SKELETON_CARDS = 12
export const SECTION_BAR_SKELETONS = 6
/** §9 Cards show up to 3 tags. */
export const MAX_CARD_TAGS = 3
/** §9 Bulk panel: up to 10 thumbnails; updates in batches of 10 with 100 ms pauses. */
export const BULK_PANEL_THUMBNAILS = 10
export const BULK_BATCH_SIZE = 10
export const BULK_BATCH_PAUSE_MS = 100
/** §9 Tooltips: open delay 700 ms, skip delay 300 ms. */
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300
/** §9 Notices last 5000 ms and are swiped right to dismiss past 50 px. */
export const NOTICE_DURATION_MS = 5000
export const NOTICE_SWIPE_THRESHOLD_PX = 50
/**
 * 360° panoramas (camera issue, item 3): an image without the camera's XMP saying so is offered
 * to the manager as one when it is twice as wide as high (within PANORAMA_RATIO_SLACK_PX, for
 * stitchers that round) and at least PANORAMA_MIN_WIDTH pixels wide.
 */
export const PANORAMA_MIN_WIDTH = 4000
export const PANORAMA_RATIO_SLACK_PX = 2

/** Not in the spec (listing-ready issue): an export pack's download URL works this long after it is handed out. */
export const EXPORT_DOWNLOAD_TTL_MS = 15 * 60 * 1000
/** An export pack's JPEG quality (the channels recompress what they take). */
export const EXPORT_JPEG_QUALITY = 88
/** The jobs worker process logs this once its slots start claiming jobs (the benchmarks' clocks start there). */
export const WORKER_RUNNING_MESSAGE = 'Jobs worker running; Ctrl-C to stop'
