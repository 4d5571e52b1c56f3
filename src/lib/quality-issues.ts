// The quality problems listing sites reject, found in a photo's pixels: the codes media answers
// carry in `qualityIssues`, and the words the manager reads for each. Listing readiness reads the
// same codes. Ingest finds all but `sideways`, which analysis finds (it needs the detector).
import type { Operation } from './edits'

export const QUALITY_ISSUES = ['low_resolution', 'blurry', 'dark', 'overexposed', 'black_and_white', 'portrait', 'tilted', 'sideways'] as const

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
  sideways: 'Turned sideways',
}

/** The codes analysis finds (analysis/orientation.ts); ingest's quality pass finds the others. */
export const ANALYSIS_QUALITY_ISSUES: readonly QualityIssue[] = ['sideways']

/**
 * The edit that fixes a code (the editor applies it when the manager accepts): a straighten for
 * `tilted`, a rotate for `sideways`, an exposure for `dark`.
 */
export type SuggestedEdit = { issue: QualityIssue; operation: Operation }

export const isQualityIssue = (value: unknown): value is QualityIssue =>
  typeof value === 'string' && (QUALITY_ISSUES as readonly string[]).includes(value)
