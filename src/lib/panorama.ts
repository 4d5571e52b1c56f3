// 360° panoramas (camera issue, item 3): what a media file's projection is, from what ingest
// found and what the manager chose. Ingest's finding and the manager's choice are stored apart,
// so processing a file again never undoes the manager's toggle; this is the one rule that
// combines them (the mapper and analysis both use it).
export type Projection = 'equirectangular'

/** The manager's toggle: a 360° photo, or not one whatever ingest found; null until they choose. */
export type ProjectionChoice = Projection | 'flat'

export type ProjectionSource = {
  fileType?: string | null
  /** From the photo's XMP at ingest. */
  detectedProjection?: Projection | string | null
  /** A 2:1 photo at least 4,000 px wide without such XMP. */
  panoramaShape?: boolean | null
  projectionChoice?: ProjectionChoice | string | null
}

/** The projection a media file is shown with: the manager's choice, else ingest's; never for a video. */
export function projectionOf(source: ProjectionSource): Projection | null {
  if (source.fileType !== 'image') return null
  const chosen = source.projectionChoice ?? source.detectedProjection ?? null
  return chosen === 'equirectangular' ? 'equirectangular' : null
}

/** "Looks like a 360° photo": the shape says so, nothing else has, and the manager has not chosen. */
export function panoramaSuggested(source: ProjectionSource): boolean {
  return source.fileType === 'image' && Boolean(source.panoramaShape) && !source.detectedProjection && !source.projectionChoice
}

/** The badge's text on cards and grids. */
export const PANORAMA_BADGE = '360°'
/** The card's offer to the manager (the words). */
export const PANORAMA_SUGGESTION = 'Looks like a 360° photo'
