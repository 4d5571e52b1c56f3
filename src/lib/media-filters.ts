// Filters over media lists, shared by the API and the screens (spec §4 Filters, §5 search).
// Pure functions: the admin screen runs them client-side over the loaded list.
import type { MediaFile } from './api/types'
import type { CategorySource } from './category-rules'
import { ALL_SECTIONS_ID, HIDDEN_SECTION_ID, UNASSIGNED_SECTION_ID } from './constants'
import { compareSectionOrder } from './media-order'

/** The public filter: all, image or video. */
export const filterByType = (files: MediaFile[], type?: 'image' | 'video') =>
  type ? files.filter((file) => file.fileType === type) : files

/** Spec §4: search text, category (null means all) and chosen tags; beyond it, only photos with a quality problem. */
export type MediaFilters = { search: string; category: string | null; tags: string[]; needsAttention?: boolean }

export const NO_FILTERS: MediaFilters = { search: '', category: null, tags: [], needsAttention: false }

export const hasActiveFilters = (filters: MediaFilters) =>
  filters.search.trim() !== '' || filters.category !== null || filters.tags.length > 0 || Boolean(filters.needsAttention)

/** A photo listing sites would reject as it is: it has a quality code. */
export const needsAttention = (file: MediaFile) => (file.qualityIssues?.length ?? 0) > 0

// The lower-cased text a search looks through, computed once per (immutable) media object.
const haystacks = new WeakMap<MediaFile, string>()
function haystackOf(file: MediaFile): string {
  let text = haystacks.get(file)
  if (text === undefined) {
    text = [file.description ?? '', file.originalFilename, file.filename, ...file.tags, ...file.objects].join('\n').toLowerCase()
    haystacks.set(file, text)
  }
  return text
}

/**
 * Spec §5: search is a case-insensitive substring match on description, filename, tags and
 * detected objects; the category is an exact match; the tag filter keeps items with any chosen tag;
 * Needs attention keeps photos with a quality problem.
 */
export function filterMedia(files: MediaFile[], { search, category, tags, needsAttention: attention }: MediaFilters): MediaFile[] {
  const needle = search.trim().toLowerCase()
  const wanted = tags.length ? new Set(tags) : null
  if (!needle && category === null && !wanted && !attention) return files
  return files.filter(
    (file) =>
      (!needle || haystackOf(file).includes(needle)) &&
      (category === null || file.category === category) &&
      (!wanted || file.tags.some((tag) => wanted.has(tag))) &&
      (!attention || needsAttention(file)),
  )
}

/** Spec §4: a photo is unassigned (no section, not hidden), in a section, or hidden. */
export const isUnassigned = (file: Pick<MediaFile, 'section' | 'isHidden'>) => !file.section && file.isHidden !== 'true'

/** Spec §2 Section filter bar: 'all', a section id, the pseudo-section 'hidden', or 'unassigned'. */
export function filterBySection(files: MediaFile[], section: string): MediaFile[] {
  if (section === ALL_SECTIONS_ID) return files
  if (section === HIDDEN_SECTION_ID) return files.filter((file) => file.isHidden === 'true')
  if (section === UNASSIGNED_SECTION_ID) return files.filter(isUnassigned)
  return files.filter((file) => file.section === section)
}

/** A category of the list and who filed its photos there (the manager first), as the filter shows it. */
export type CategoryOption = { category: string; sources: CategorySource[] }

/** The distinct categories of a list, sorted, each with who filed photos under it. */
export function categoriesOf(files: MediaFile[]): CategoryOption[] {
  const sources = new Map<string, Set<CategorySource>>()
  for (const { category, categorySource } of files) {
    if (!category) continue
    const seen = sources.get(category) ?? new Set<CategorySource>()
    seen.add(categorySource ?? 'manager')
    sources.set(category, seen)
  }
  const order: CategorySource[] = ['manager', 'analysis']
  return [...sources.keys()].sort().map((category) => ({ category, sources: order.filter((source) => sources.get(category)!.has(source)) }))
}

/** The distinct tags of a list, sorted. */
export const tagsOf = (files: MediaFile[]) => [...new Set(files.flatMap((file) => file.tags))].sort()

/**
 * Spec §2: Sort by Upload Date (newest first), File Size (largest first) or Name (A to Z);
 * inside one section also its manual order (what visitors see, and what Save Order saved).
 */
export type MediaSort = 'sectionOrder' | 'uploadedAt' | 'fileSize' | 'name'

/** The sort a list starts with: a section's own order inside a real section, else newest first. */
export const defaultSort = (inRealSection: boolean): MediaSort => (inRealSection ? 'sectionOrder' : 'uploadedAt')

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

export function sortMedia(files: MediaFile[], sort: MediaSort): MediaFile[] {
  const sorted = [...files]
  if (sort === 'sectionOrder') sorted.sort(compareSectionOrder)
  else if (sort === 'fileSize') sorted.sort((a, b) => b.fileSize - a.fileSize || a.id.localeCompare(b.id))
  else if (sort === 'name')
    sorted.sort((a, b) => byName.compare(a.originalFilename, b.originalFilename) || a.id.localeCompare(b.id))
  else sorted.sort((a, b) => (a.uploadedAt < b.uploadedAt ? 1 : a.uploadedAt > b.uploadedAt ? -1 : a.id.localeCompare(b.id)))
  return sorted
}

/** Counts for the Media Gallery heading's All/Images/Videos buttons. */
export function typeCounts(files: MediaFile[]) {
  let images = 0
  for (const file of files) if (file.fileType === 'image') images++
  return { all: files.length, image: images, video: files.length - images }
}

/** The photos a listing rule names (the readiness panel's links): only those, in the list's order. */
export const filterByIds = (files: MediaFile[], ids: ReadonlySet<string> | null) => (ids ? files.filter((file) => ids.has(file.id)) : files)
