// Bulk-assign floating panel (spec §2, §9): up to 10 thumbnails of the selection then "+N",
// a quick section assignment (individual updates in batches of 10 with 100 ms pauses,
// spec §7), and the button that opens the bulk assignment dialog.
'use client'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNotify } from '@/components/notices'
import { refreshGallery } from '@/lib/api/admin-reads'
import { assignSection } from '@/lib/api/assign-section'
import type { MediaFile } from '@/lib/api/types'
import styles from './gallery.module.css'
import { MediaThumb } from './media-thumb'
import { hiddenSection, sectionOptions, SelectBox, type SectionInfo } from './ui'
import { BULK_PANEL_THUMBNAILS, BULK_BATCH_SIZE, BULK_BATCH_PAUSE_MS } from '@/lib/constants'
import { useMay } from './permissions'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Props = {
  selection: MediaFile[]
  sections: SectionInfo[]
  onOpenDialog: () => void
  onClear: () => void
  onDelete: () => void
}

export function BulkAssignPanel({ selection, sections, onOpenDialog, onClear, onDelete }: Props) {
  const mayPlace = useMay('place')
  const mayDelete = useMay('delete')
  const notify = useNotify()
  const queryClient = useQueryClient()
  const [section, setSection] = useState<string | undefined>()
  const [pending, setPending] = useState(false)
  const extra = selection.length - BULK_PANEL_THUMBNAILS

  const assignAll = async () => {
    const target = section === hiddenSection.id ? hiddenSection : sections.find((candidate) => candidate.id === section)
    if (!target) {
      notify({ title: 'No Section Selected', description: 'Please select a section before assigning photos.' })
      return
    }
    setPending(true)
    try {
      for (let start = 0; start < selection.length; start += BULK_BATCH_SIZE) {
        if (start > 0) await pause(BULK_BATCH_PAUSE_MS)
        await Promise.all(
          selection.slice(start, start + BULK_BATCH_SIZE).map((file) => assignSection({ id: file.id, section: target.id })),
        )
      }
      notify({ title: 'Bulk Assignment Complete', description: `${selection.length} photos assigned to ${target.name}` })
      onClear()
    } catch {
      notify({
        title: 'Bulk Assignment Failed',
        description: 'Failed to assign photos. Please try again.',
        variant: 'destructive',
      })
    } finally {
      setPending(false)
      await refreshGallery(queryClient)
    }
  }

  return (
    <aside className={styles.floatingPanel} aria-label="Selected photos" data-testid="bulk-panel">
      {/* Placing needs `place`, deleting `delete`: each part is drawn only for an account that may. */}
      <strong>{selection.length} selected</strong>
      <div className={styles.panelThumbs}>
        {selection.slice(0, BULK_PANEL_THUMBNAILS).map((file) => (
          <div key={file.id} className={styles.panelThumb} data-testid="panel-thumb">
            <MediaThumb file={file} width={100} />
          </div>
        ))}
        {extra > 0 && <span className={styles.more}>+{extra}</span>}
      </div>
      {mayPlace && (
        <>
          <SelectBox
            label="Section for the selected photos"
            className={styles.smallTrigger}
            value={section}
            onValueChange={setSection}
            placeholder="Choose a section..."
            options={sectionOptions(sections, true)}
            disabled={pending}
          />
          <button type="button" className={styles.button} onClick={assignAll} disabled={!section || pending}>
            {pending ? 'Assigning...' : 'Assign'}
          </button>
          <button type="button" className={`${styles.button} ${styles.primary}`} onClick={onOpenDialog} disabled={pending}>
            Assign to Sections ({selection.length})
          </button>
        </>
      )}
      {mayDelete && (
        <button type="button" className={`${styles.button} ${styles.danger}`} onClick={onDelete} disabled={pending}>
          Delete ({selection.length})
        </button>
      )}
      <button type="button" className={styles.button} onClick={onClear} disabled={pending}>
        Clear
      </button>
    </aside>
  )
}
