// The API's wire shapes (spec §3 and §7). Shared by the server's mappers and the client.
import type { CategorySource } from '../category-rules'
import type { QualityIssue, SuggestedEdit } from '../quality-issues'
import type { TagSource } from '../tags'
import type { Permissions, Role } from '../roles'
import type { RunKind, RunStatus } from '../schemas/runs'

export type TrueFalse = 'true' | 'false'

/**
 * Not in the spec: one file's answer in POST /api/media-files/batch, by the object path it named:
 * its new record (201), or the status and message POST /api/media-files would have answered.
 */
export type RegisteredUpload =
  | { objectPath: string; status: 201; file: MediaFile }
  | { objectPath: string; status: number; message: string }

export type MediaFile = {
  id: string
  filename: string
  originalFilename: string
  fileType: 'image' | 'video'
  mimeType: string
  fileSize: number
  originalFileSize: number
  optimizedFileSize: number | null
  compressionRatio: number
  width: number | null
  height: number | null
  duration: number | null
  /** URL of the image (or playable video), served by our app. */
  objectPath: string
  /** Poster frame URL (videos). */
  thumbnailPath: string | null
  uploadedAt: string
  optimizedAt: string | null
  isOptimized: TrueFalse
  description: string | null
  tags: string[]
  category: string | null
  colors: string[]
  objects: string[]
  isAnalyzed: TrueFalse
  analyzedAt: string | null
  section: string | null
  room: string | null
  sortOrder: number
  isHidden: TrueFalse
  /** Internal notes: only in answers to a signed-in administrator. */
  notes?: string | null
  /** Not in the spec: widths of the responsive WebP renditions (URLs from renditionUrl(objectPath, width)), and a blur-up placeholder. */
  variantWidths: number[]
  /** Not in the spec: the widths of variantWidths that also have an AVIF rendition (w{width}.avif), offered first. */
  avifWidths: number[]
  placeholder: string | null
  /** Camera issue, item 3: "equirectangular" for a 360° panorama (opened in the interactive viewer), else null. */
  projection: 'equirectangular' | null
  /** Not in the spec, for the manager: a 2:1 photo, at least 4,000 px wide, offered as "Looks like a 360° photo" to confirm. */
  panoramaSuggested?: boolean
  /** Not in the spec: processing state, for the administrator. */
  status?: 'pending' | 'processing' | 'ready' | 'failed'
  processingError?: string | null
  /** Not in the spec, for the administrator: who filed the photo under `category` (the manager's words, or analysis) and why. */
  categorySource?: CategorySource | null
  categoryReason?: string | null
  /** Not in the spec, for the administrator: the category's confidence 0..1, why analysis skipped it, and a placement suggestion. */
  categoryConfidence?: number | null
  analysisError?: string | null
  suggestion?: PlacementSuggestion | null
  /** Not in the spec, for the manager and editors: what listing sites would reject in the photo's pixels, empty when none. */
  qualityIssues?: QualityIssue[]
  /** Admin only: who wrote each of `tags`, in the same order (the manager's come first). */
  tagSources?: TagSource[]
  /** Admin only: what the pixels could not support ("Too flat to judge sharpness"), or null. */
  qualityNote?: string | null
  /**
   * Admin only: the edit that fixes each of `qualityIssues` the editor can fix (a straighten for
   * `tilted`, a rotate for `sideways`, an exposure for `dark`), empty when none; each names its code.
   */
  suggestedEdits?: SuggestedEdit[]
  /** Admin only: the version of the photo's saved edits (0: never edited; GET …/edits has the list). */
  editVersion?: number
  /**
   * Admin only: what the renditions show — the original, the saved edits, or the earlier version
   * while the saved one's are made ('applying').
   */
  editStatus?: 'original' | 'applying' | 'edited'
}

/** Analysis's guess of where an unplaced photo belongs; applied only when the manager accepts it. */
export type PlacementSuggestion = { section: string; room: string | null; confidence: number }

/** Spec §7's section, plus its badge colour as set in Payload (not in the spec). */
export type Section = { id: string; name: string; icon: string; colour: string; count: number }

export type SectionPreview<File = MediaFile> = { previewFiles: File[]; totalCount: number }

export type MediaStats = {
  totalFiles: number
  imageCount: number
  videoCount: number
  avgOptimization: number
  avgLoadTime: number
  totalSize: number
}

export type User = { id: string; username: string; email?: string | null; createdAt?: string }

/** GET /api/user: the signed-in account, with its role and what it may do (src/server/auth/access.ts). */
/** A property as the admin names it: its id, name and the slug of its /p/{slug} address. */
export type PropertyRef = { id: string; name: string; slug: string }

/** A row of the Properties overview (platform admins). */
export type PropertyOverview = {
  id: string
  name: string
  slug: string
  isDefault: boolean
  timeZone: string
  mediaCount: number
  /** When the last complete backup finished, or null when there is none. */
  lastBackupAt: Date | null
}

/**
 * GET /api/user: the account, its role, what it may do in the property the request acts on,
 * that property, and the properties the account may act on (sorted by name).
 */
export type CurrentUser = User & { role: Role | null; permissions: Permissions; property: PropertyRef; properties: PropertyRef[] }

/** Spec §3 Duplicate group: files best first (the first is the Best Quality one). */
export type DuplicateGroup = {
  id: string
  confidence: number
  duplicateReason: 'identical_hash' | 'visual_similarity' | 'size_and_name' | string
  files: MediaFile[]
}

/** A scan as the server reads its run; POST /api/duplicates/scan answers it, once finished, with spec §3's duplicateGroups. */
export type DuplicateScanStatus = {
  runId: string
  status: 'running' | 'done' | 'failed'
  processed: number
  total: number
  progress: number
  duplicateGroups: number | null
  error: string | null
}

/** GET /api/runs/{id} (and each of GET /api/runs?kind=): long work and its progress (docs/architecture.md §11). */
export type Run = {
  id: string
  kind: RunKind
  status: RunStatus
  /** Work done and to do (photos analysed, files examined); 0 of 0 where the work has no count (backups). */
  done: number
  total: number
  /** Where a backup or restore is, while it runs. */
  step: string | null
  error: string | null
  /** Once done, the spec's answer: { analyzed, skipped }, { duplicateGroups }, { backupFile }, { message, … }. */
  result: Record<string, unknown> | null
  startedBy: string | null
  createdAt: string
  finishedAt: string | null
}

/** A live share link as GET /api/share-links answers it (docs/sharing.md "Share links"). */
export type LiveShareLink = {
  id: string
  url: string
  sectionId: string | null
  room: string | null
  mediaIds: string[] | null
  includeHidden: boolean
  expiresAt: string
  createdAt: string
  opens: number
}
