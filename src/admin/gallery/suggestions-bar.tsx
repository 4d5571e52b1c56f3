// Accept analysis's placement suggestions in bulk (beyond the spec): for each section that
// open suggestions name at or above the chosen confidence, one button places them all, one
// bulk assignment per suggested room, with bulk assignment's notices. Nothing is placed
// until the manager clicks.
'use client'
import { useMemo, useState } from 'react'
import { useNotify } from '@/components/notices'
import { useBulkAssign } from '@/lib/api/bulk-assign'
import type { MediaFile } from '@/lib/api/types'
import { DEFAULT_SUGGESTION_THRESHOLD, SUGGESTION_THRESHOLDS, suggestionCounts, suggestionGroups } from '@/lib/suggestions'
import styles from './gallery.module.css'
import { SelectBox, type SectionInfo } from './ui'

export function SuggestionsBar({ files, sections }: { files: MediaFile[]; sections: SectionInfo[] }) {
  const notify = useNotify()
  const bulk = useBulkAssign()
  const [threshold, setThreshold] = useState<number>(DEFAULT_SUGGESTION_THRESHOLD)
  const counts = useMemo(() => suggestionCounts(files, threshold), [files, threshold])
  const open = useMemo(() => suggestionCounts(files, 0), [files])
  if (!open.size) return null

  const accept = async (section: SectionInfo) => {
    const groups = suggestionGroups(files, section.id, threshold)
    const total = groups.reduce((sum, group) => sum + group.ids.length, 0)
    try {
      for (const group of groups) await bulk.mutateAsync({ sectionId: section.id, mediaIds: group.ids, room: group.room ?? '' })
      notify({ title: 'Bulk Assignment Complete', description: `${total} photos assigned to ${section.name}` })
    } catch {
      notify({ title: 'Bulk Assignment Failed', description: 'Failed to assign photos. Please try again.', variant: 'destructive' })
    }
  }

  return (
    <section className={styles.filterBar} aria-label="Placement suggestions" data-testid="suggestions-bar">
      <span className={styles.hint}>Suggested placements at</span>
      <SelectBox
        label="Minimum confidence"
        value={String(threshold)}
        onValueChange={(value) => setThreshold(Number(value))}
        placeholder="70 % or more"
        options={SUGGESTION_THRESHOLDS.map((t) => ({ value: String(t), label: `${Math.round(t * 100)} % or more` }))}
      />
      {sections
        .filter((section) => counts.get(section.id))
        .map((section) => (
          <button key={section.id} type="button" className={styles.button} disabled={bulk.isPending} onClick={() => accept(section)}>
            Accept {counts.get(section.id)} for {section.name}
          </button>
        ))}
      {!counts.size && <span className={styles.hint}>none at this confidence</span>}
    </section>
  )
}
