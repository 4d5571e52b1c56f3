// The quality problems listing sites reject, found in a photo's pixels at ingest: the codes
// media answers carry in `qualityIssues`, and the words the manager reads for each. Listing
// readiness reads the same codes.
export const QUALITY_ISSUES = ['low_resolution', 'blurry', 'dark', 'overexposed', 'black_and_white', 'portrait', 'tilted'] as const

export type QualityIssue = (typeof QUALITY_ISSUES)[number]

/** The smallest photo Airbnb and Vrbo take (landscape); below it a photo is `low_resolution`. */
export const LISTING_MIN_SIZE = { width: 1024, height: 683 } as const

export const QUALITY_ISSUE_WORDS: Record<QualityIssue, string> = {
  low_resolution: `Below ${LISTING_MIN_SIZE.width}×${LISTING_MIN_SIZE.height}`,
  blurry: 'Blurry',
  dark: 'Too dark',
  overexposed: 'Overexposed',
  black_and_white: 'Black and white',
  portrait: 'Portrait',
  tilted: 'Tilted',
}

export const isQualityIssue = (value: unknown): value is QualityIssue =>
  typeof value === 'string' && (QUALITY_ISSUES as readonly string[]).includes(value)
