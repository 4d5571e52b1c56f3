// Search, category and tags (spec §2 Filter bar, §4 Filters), Needs attention (photos with a quality
// problem), and Analyze All. Client-side over the loaded list.
'use client'
import * as Popover from '@radix-ui/react-popover'
import type { CategorySource } from '@/lib/category-rules'
import { type CategoryOption, hasActiveFilters, NO_FILTERS, type MediaFilters } from '@/lib/media-filters'
import { AnalyzeAllButton } from './analyze-all-button'
import { useMay } from './permissions'
import styles from './gallery.module.css'
import { SelectBox } from './ui'

const ALL_CATEGORIES = 'all'
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

const SOURCE_WORDS: Record<CategorySource, string> = { manager: 'you', analysis: 'analysis' }

/** "Bedroom (by you and analysis)": the category, and who filed the list's photos under it. */
export const categoryOptionLabel = ({ category, sources }: CategoryOption) =>
  `${capitalise(category)} (by ${sources.map((source) => SOURCE_WORDS[source]).join(' and ')})`

type Props = {
  filters: MediaFilters
  onChange: (filters: MediaFilters) => void
  categories: CategoryOption[]
  tags: string[]
}

export function FilterBar({ filters, onChange, categories, tags }: Props) {
  const mayAnalyze = useMay('analyze')
  const toggleTag = (tag: string) =>
    onChange({ ...filters, tags: filters.tags.includes(tag) ? filters.tags.filter((t) => t !== tag) : [...filters.tags, tag] })

  return (
    <section className={styles.filterBar} aria-label="Search and filters">
      <input
        type="search"
        className={styles.search}
        placeholder="Search photos by description, objects, or filename..."
        aria-label="Search photos"
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.target.value })}
      />
      <SelectBox
        label="Category"
        className={styles.categoryTrigger}
        value={filters.category ?? ALL_CATEGORIES}
        onValueChange={(value) => onChange({ ...filters, category: value === ALL_CATEGORIES ? null : value })}
        placeholder="All Categories"
        options={[
          { value: ALL_CATEGORIES, label: 'All Categories' },
          ...categories.map((option) => ({ value: option.category, label: categoryOptionLabel(option) })),
        ]}
      />
      <Popover.Root>
        <Popover.Trigger asChild>
          <button type="button" className={styles.button}>
            Tags ({filters.tags.length})
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content className={styles.popover} sideOffset={6} align="start">
            <h3 className={styles.popoverTitle}>Filter by Tags</h3>
            {tags.length ? (
              <div className={styles.chips}>
                {tags.map((tag) => (
                  <button
                    key={tag}
                    type="button"
                    className={styles.chip}
                    aria-pressed={filters.tags.includes(tag)}
                    onClick={() => toggleTag(tag)}
                  >
                    {tag}
                  </button>
                ))}
              </div>
            ) : (
              <p className={styles.hint}>No tags yet.</p>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <button
        type="button"
        className={styles.button}
        aria-pressed={Boolean(filters.needsAttention)}
        title="Photos listing sites would reject as they are: blurry, too dark, too small…"
        onClick={() => onChange({ ...filters, needsAttention: !filters.needsAttention })}
      >
        Needs attention
      </button>
      {mayAnalyze && <AnalyzeAllButton />}
      {hasActiveFilters(filters) && (
        <button type="button" className={styles.button} onClick={() => onChange(NO_FILTERS)}>
          Clear All
        </button>
      )}
      {(filters.category || filters.tags.length > 0 || filters.needsAttention) && (
        <div className={styles.activeFilters} aria-label="Active filters">
          {filters.category && <span className={styles.chip}>Category: {filters.category}</span>}
          {filters.needsAttention && <span className={styles.chip}>Needs attention</span>}
          {filters.tags.map((tag) => (
            <span key={tag} className={styles.chip}>
              Tag: {tag}
            </span>
          ))}
        </div>
      )}
    </section>
  )
}
