// Bulk assignment dialog (spec §2): "Assign n Photo(s) to Sections". The bulk part assigns
// every selected photo to one section with an optional room in one call (all or nothing);
// the individual list (15rem, virtualised) assigns one photo at once from its own selector.
// The hidden pseudo-section is not offered here.
'use client'
import * as Dialog from '@radix-ui/react-dialog'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef, useState } from 'react'
import { Spinner } from '@/components/spinner'
import { useNotify } from '@/components/notices'
import { useAssignSection } from '@/lib/api/assign-section'
import { useBulkAssign } from '@/lib/api/bulk-assign'
import type { MediaFile } from '@/lib/api/types'
import styles from './gallery.module.css'
import { MediaThumb } from './media-thumb'
import { placementOf, SectionBadge, sectionOptions, SelectBox, type SectionInfo } from './ui'

const ROW_HEIGHT = 56

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  selection: MediaFile[]
  sections: SectionInfo[]
  onComplete: () => void
}

export function BulkAssignDialog({ open, onOpenChange, selection, sections, onComplete }: Props) {
  const notify = useNotify()
  const bulk = useBulkAssign()
  const [section, setSection] = useState<string | undefined>()
  const [room, setRoom] = useState('')
  const target = sections.find((candidate) => candidate.id === section)
  const count = selection.length

  const assignAll = () => {
    if (!target) {
      notify({ title: 'No Section Selected', description: 'Please select a section before assigning photos.' })
      return
    }
    bulk.mutate(
      { sectionId: target.id, mediaIds: selection.map((file) => file.id), room },
      {
        onSuccess: ({ message }) => {
          notify({ title: 'Assignment Complete', description: message })
          setSection(undefined)
          setRoom('')
          onComplete()
          onOpenChange(false)
        },
        onError: () =>
          notify({
            title: 'Assignment Failed',
            description: 'Failed to assign photos to section. Please try again.',
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.dialogTitle}>
            Assign {count} {count === 1 ? 'Photo' : 'Photos'} to Sections
          </Dialog.Title>
          <Dialog.Description className={styles.dialogDescription}>
            Assign every selected photo to one section, or each photo on its own below.
          </Dialog.Description>

          <div className={styles.field}>
            <span className={styles.fieldLabel} id="bulk-section-label">
              Section
            </span>
            <SelectBox
              label="Section"
              value={section}
              onValueChange={setSection}
              placeholder="Choose a section..."
              options={sectionOptions(sections, false)}
              disabled={bulk.isPending}
            />
          </div>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>Room (Optional)</span>
            <input
              className={styles.input}
              value={room}
              onChange={(event) => setRoom(event.target.value)}
              placeholder="e.g., Kitchen, Living Room, Master Bedroom"
              maxLength={120}
              disabled={bulk.isPending}
            />
          </label>
          <button
            type="button"
            className={`${styles.button} ${styles.primary}`}
            onClick={assignAll}
            disabled={!target || bulk.isPending}
          >
            {bulk.isPending && <Spinner size={14} label="Assigning" />}
            {target ? `Assign All to ${target.name}` : 'Assign All to Section'}
          </button>

          <h3 className={styles.sectionTitle}>Assign Individually</h3>
          <IndividualList selection={selection} sections={sections} room={room} />

          <div className={styles.dialogActions}>
            <Dialog.Close asChild>
              <button type="button" className={styles.button}>
                Cancel
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function IndividualList({ selection, sections, room }: { selection: MediaFile[]; sections: SectionInfo[]; room: string }) {
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: selection.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
  })
  return (
    <div ref={scroller} className={styles.individualList} data-testid="individual-list">
      <ul style={{ height: virtualizer.getTotalSize(), position: 'relative', margin: 0, padding: 0, listStyle: 'none' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <IndividualRow
            key={selection[item.index].id}
            file={selection[item.index]}
            sections={sections}
            room={room}
            top={item.start}
          />
        ))}
      </ul>
    </div>
  )
}

function IndividualRow({ file, sections, room, top }: { file: MediaFile; sections: SectionInfo[]; room: string; top: number }) {
  const assign = useAssignSection()
  return (
    <li
      className={styles.individualRow}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${top}px)` }}
      data-testid="individual-row"
    >
      <div className={styles.individualThumb}>
        <MediaThumb file={file} width={100} />
      </div>
      <div style={{ minWidth: 0 }}>
        <p className={styles.fileName}>{file.originalFilename}</p>
        <SectionBadge section={placementOf(file, sections)} />
      </div>
      <div className={styles.individualControls}>
        {assign.isPending && <Spinner size={14} label="Assigning" />}
        {/* The individual assignment has no error notice (spec §8). */}
        <SelectBox
          label={`Section for ${file.originalFilename}`}
          className={styles.smallTrigger}
          value={undefined}
          onValueChange={(section) => assign.mutate({ id: file.id, section, room: room.trim() || null })}
          placeholder="Choose section..."
          options={sectionOptions(sections, false)}
          disabled={assign.isPending}
        />
      </div>
    </li>
  )
}
