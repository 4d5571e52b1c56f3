// Per-photo section picker (spec §2): an overlay at the bottom of a photo card on hover,
// with "Section:", a coloured badge of the current section, a selector ("Choose section...",
// "Assigning..." while busy), and the notes "Unassigned" or "Hidden from Gallery".
'use client'
import { useState } from 'react'
import { useNotify } from '@/components/notices'
import { useAssignSection } from '@/lib/api/assign-section'
import type { MediaFile } from '@/lib/api/types'
import { UNASSIGNED_LABEL } from '@/lib/constants'
import { isUnassigned } from '@/lib/media-filters'
import styles from './gallery.module.css'
import { hiddenSection, placementOf, SectionBadge, sectionOptions, SelectBox, type SectionInfo } from './ui'

export function SectionPicker({ file, sections }: { file: MediaFile; sections: SectionInfo[] }) {
  const notify = useNotify()
  const assign = useAssignSection()
  const [open, setOpen] = useState(false)
  const current = placementOf(file, sections)
  const hidden = file.isHidden === 'true'

  // mutateAsync, not mutate's callbacks: the card may leave the filtered list (and unmount)
  // once the lists refresh, and the notice must still be shown.
  const choose = async (section: string) => {
    const target = section === hiddenSection.id ? hiddenSection : sections.find((candidate) => candidate.id === section)
    try {
      await assign.mutateAsync({ id: file.id, section })
      notify({ title: 'Section Assigned', description: `Photo moved to ${target?.name ?? section}` })
    } catch {
      notify({
        title: 'Assignment Failed',
        description: 'Failed to assign photo to section. Please try again.',
        variant: 'destructive',
      })
    }
  }

  return (
    <div className={styles.picker} data-open={open || assign.isPending} data-testid="section-picker">
      <div className={styles.pickerRow}>
        <span>Section:</span>
        <SectionBadge section={current} />
      </div>
      <SelectBox
        label={`Section for ${file.originalFilename}`}
        className={styles.pickerTrigger}
        value={undefined}
        onValueChange={(section) => void choose(section)}
        onOpenChange={setOpen}
        disabled={assign.isPending}
        placeholder={assign.isPending ? 'Assigning...' : 'Choose section...'}
        options={sectionOptions(sections, true)}
      />
      {isUnassigned(file) && <span className={styles.unassigned}>{UNASSIGNED_LABEL}</span>}
      {hidden && <span className={styles.hiddenNote}>Hidden from Gallery</span>}
    </div>
  )
}
