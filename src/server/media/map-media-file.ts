// The one mapper from a stored media record to the spec's MediaFile shape, fed from one
// shape: a row of media-sql.ts's SELECT (the media repository's read by id, the manager's
// catalogue, the public read model), so a record answers the same everywhere. It is the only
// place that knows both shapes, so storage keys and internal fields never leak.
import type { MediaFile } from '../../lib/api/types'
import { filedCategory } from '../../lib/category-rules'
import { objectUrl, posterUrl } from '../../lib/media-urls'
import { panoramaSuggested, projectionOf } from '../../lib/panorama'
import { ANALYSIS_QUALITY_ISSUES, isQualityIssue, type SuggestedEdit } from '../../lib/quality-issues'
import { operationSchema } from '../../lib/edits'
import { answeredTags } from '../../lib/tags'

export type Derivative = { width: number; height?: number; key?: string; size?: number }

export type MediaRecord = {
  id: string | number
  filename?: string | null
  originalFilename?: string | null
  fileType?: string | null
  mimeType?: string | null
  filesize?: number | null
  originalFileSize?: number | null
  optimizedFileSize?: number | null
  compressionRatio?: number | null
  width?: number | null
  height?: number | null
  duration?: number | null
  uploadedAt?: string | Date | null
  optimizedAt?: string | Date | null
  isOptimized?: boolean | null
  description?: string | null
  /** The manager's tags; machineTags are analysis's, removedMachineTags those the manager removed. */
  tags?: string[] | null
  machineTags?: string[] | null
  removedMachineTags?: string[] | null
  category?: string | null
  /** What analysis last wrote as the category: `category` equal to it is still analysis's word. */
  analysisCategory?: string | null
  colors?: string[] | null
  objects?: string[] | null
  isAnalyzed?: boolean | null
  analyzedAt?: string | Date | null
  section?: string | { id: string } | null
  room?: string | null
  sortOrder?: number | null
  isHidden?: boolean | null
  notes?: string | null
  derivatives?: Derivative[] | null
  avifRenditions?: Derivative[] | null
  posterKey?: string | null
  placeholder?: string | null
  status?: string | null
  processingError?: string | null
  categoryConfidence?: number | null
  analysisError?: string | null
  suggestedSection?: string | null
  suggestedRoom?: string | null
  suggestionConfidence?: number | null
  detectedProjection?: string | null
  panoramaShape?: boolean | null
  projectionChoice?: string | null
  qualityIssues?: unknown
  qualityNote?: string | null
  suggestedEdits?: unknown
  /** The edit version the renditions show, the one saved, and how many operations it has. */
  renderedEditVersion?: number | null
  editVersion?: number | null
  editCount?: number | null
}

/** The stored suggestions that are well formed (a known code and an operation the edit list takes). */
function suggestedEditsOf(value: unknown): SuggestedEdit[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) => {
    const issue = (entry as { issue?: unknown } | null)?.issue
    const operation = operationSchema.safeParse((entry as { operation?: unknown } | null)?.operation)
    return isQualityIssue(issue) && operation.success ? [{ issue, operation: operation.data as SuggestedEdit['operation'] }] : []
  })
}

/** Whether the renditions show the original, are being made again from a saved edit, or show the edits. */
function editStatusOf(record: MediaRecord): NonNullable<MediaFile['editStatus']> {
  if ((record.editVersion ?? 0) !== (record.renderedEditVersion ?? 0)) return 'applying'
  return (record.editCount ?? 0) > 0 ? 'edited' : 'original'
}

const trueFalse = (value: boolean | null | undefined) => (value ? 'true' : 'false') as 'true' | 'false'
const iso = (value: string | Date | null | undefined) =>
  value == null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString()

export function mapMediaFile(record: MediaRecord, { forAdmin = false }: { forAdmin?: boolean } = {}): MediaFile {
  const filename = record.filename ?? ''
  const fileType = record.fileType === 'video' ? 'video' : 'image'
  const section = typeof record.section === 'object' && record.section ? record.section.id : (record.section ?? null)
  const variantWidths = (record.derivatives ?? []).map((d) => d.width).filter(Number.isFinite)
  // Only widths that have a WebP rendition too: the AVIF one is offered in its place.
  const avifWidths = (record.avifRenditions ?? []).map((d) => d.width).filter((width) => variantWidths.includes(width))
  const tags = answeredTags({ manager: record.tags ?? [], machine: record.machineTags ?? [], removed: record.removedMachineTags ?? [] })
  const filed = filedCategory({
    category: record.category ?? null,
    analysisCategory: record.analysisCategory ?? null,
    room: record.room ?? null,
    objects: record.objects ?? [],
  })
  const mapped: MediaFile = {
    id: String(record.id),
    filename,
    originalFilename: record.originalFilename ?? filename,
    fileType,
    mimeType: record.mimeType ?? '',
    fileSize: record.filesize ?? 0,
    originalFileSize: record.originalFileSize ?? record.filesize ?? 0,
    optimizedFileSize: record.optimizedFileSize ?? null,
    compressionRatio: record.compressionRatio ?? 0,
    width: record.width ?? null,
    height: record.height ?? null,
    duration: record.duration ?? null,
    objectPath: objectUrl(filename, record.renderedEditVersion ?? 0),
    thumbnailPath: record.posterKey ? posterUrl(filename) : null,
    uploadedAt: iso(record.uploadedAt) ?? new Date(0).toISOString(),
    optimizedAt: iso(record.optimizedAt),
    isOptimized: trueFalse(record.isOptimized),
    description: record.description ?? null,
    tags: tags.tags,
    category: filed.category,
    colors: record.colors ?? [],
    objects: record.objects ?? [],
    isAnalyzed: trueFalse(record.isAnalyzed),
    analyzedAt: iso(record.analyzedAt),
    section,
    room: record.room ?? null,
    sortOrder: record.sortOrder ?? 0,
    isHidden: trueFalse(record.isHidden),
    variantWidths,
    avifWidths,
    placeholder: record.placeholder ?? null,
    projection: projectionOf(record),
  }
  if (forAdmin) {
    mapped.notes = record.notes ?? null
    mapped.tagSources = tags.sources
    mapped.status = (record.status as MediaFile['status']) ?? 'pending'
    mapped.processingError = record.processingError ?? null
    mapped.categorySource = filed.source
    mapped.categoryReason = filed.reason
    // A confidence is analysis's: none for a category the manager's words gave.
    mapped.categoryConfidence = filed.source === 'analysis' ? (record.categoryConfidence ?? null) : null
    mapped.analysisError = record.analysisError ?? null
    // Not measured yet (processing, or before the quality backfill reached it): none known.
    mapped.suggestedEdits = suggestedEditsOf(record.suggestedEdits)
    // The codes analysis finds (sideways) are kept only with their suggestion, apart from ingest's codes.
    const codes = Array.isArray(record.qualityIssues) ? record.qualityIssues.filter(isQualityIssue) : []
    const found = mapped.suggestedEdits.map((entry) => entry.issue).filter((issue) => ANALYSIS_QUALITY_ISSUES.includes(issue) && !codes.includes(issue))
    mapped.qualityIssues = [...codes, ...new Set(found)]
    mapped.qualityNote = record.qualityNote ?? null
    mapped.suggestion =
      record.suggestedSection && !section && !record.isHidden
        ? { section: record.suggestedSection, room: record.suggestedRoom ?? null, confidence: record.suggestionConfidence ?? 0 }
        : null
    mapped.panoramaSuggested = panoramaSuggested(record)
    mapped.editVersion = record.editVersion ?? 0
    mapped.editStatus = editStatusOf(record)
  }
  return mapped
}
