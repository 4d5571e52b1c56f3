// Duplicate Detection dialog (spec §2, §4, §8, §9): Scan with a progress bar that shows the
// scan's real progress (the spec's was random steps), the groups with their coloured
// confidence and reason, each file with thumbnail, size, resolution and section, the first
// labelled Best Quality; pick files, "Select All But Best", Delete. Beyond the spec: before
// Delete the dialog says which organisation moves to the file each group keeps.
'use client'
import * as Dialog from '@radix-ui/react-dialog'
import { useMemo, useState } from 'react'
import { useNotify } from '@/components/notices'
import { useSections } from '@/lib/api/admin-reads'
import { useDeleteDuplicates, useDuplicateGroups, useDuplicateScan, type DuplicateDeletion } from '@/lib/api/duplicates'
import type { DuplicateGroup, MediaFile } from '@/lib/api/types'
import { HIDDEN_SECTION_LABEL } from '@/lib/constants'
import { carrySummary, confidenceColour, plannedDeletions, reasonLabel } from '@/lib/duplicate-view'
import { formatMegabytes } from '@/lib/format'
import { MediaThumb } from './media-thumb'
import styles from './gallery.module.css'

type Props = { open: boolean; onOpenChange: (open: boolean) => void }

export function DuplicatesDialog({ open, onOpenChange }: Props) {
  const notify = useNotify()
  const groupsQuery = useDuplicateGroups(open)
  const sections = useSections()
  const { scan, state, progress } = useDuplicateScan()
  const { remove, pending } = useDeleteDuplicates()
  const [picked, setPicked] = useState<Set<string>>(new Set())

  const groups = useMemo(() => groupsQuery.data ?? [], [groupsQuery.data])
  const plan = useMemo(() => plannedDeletions(groups, picked), [groups, picked])
  const carried = useMemo(() => carrySummary(plan), [plan])
  const sectionName = (file: MediaFile) =>
    file.isHidden === 'true'
      ? HIDDEN_SECTION_LABEL
      : file.section
        ? (sections.data?.find((section) => section.id === file.section)?.name ?? file.section)
        : 'Unassigned'

  const toggle = (id: string) =>
    setPicked((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  // §9: keeps the largest file, which the server lists first.
  const selectAllButBest = (group: DuplicateGroup) =>
    setPicked((current) => {
      const next = new Set(current)
      group.files.forEach((file, index) => (index === 0 ? next.delete(file.id) : next.add(file.id)))
      return next
    })

  const runScan = async () => {
    try {
      const found = await scan()
      setPicked(new Set())
      notify({ title: 'Duplicate Scan Complete', description: `Found ${found} potential duplicate groups` })
    } catch {
      notify({ title: 'Scan Failed', description: 'Failed to scan for duplicates. Please try again.', variant: 'destructive' })
    }
  }

  const deletePicked = async () => {
    const deletions: DuplicateDeletion[] = plan.map(({ file, kept }) => ({ id: file.id, keepId: kept?.id ?? null }))
    try {
      const deleted = await remove(deletions)
      notify({ title: 'Files Deleted', description: `Removed ${deleted.length} duplicate files` })
    } catch {
      notify({ title: 'Delete Failed', description: 'Failed to delete duplicate files. Please try again.', variant: 'destructive' })
    } finally {
      // §4: deleting clears the selection.
      setPicked(new Set())
    }
  }

  const scanning = state === 'scanning'
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={`${styles.dialog} ${styles.duplicatesDialog}`}>
          <Dialog.Title className={styles.dialogTitle}>Duplicate Detection</Dialog.Title>
          <Dialog.Description className={styles.dialogDescription}>
            Find identical files, visually similar photos and files with the same size and a similar name.
          </Dialog.Description>

          <div className={styles.inline}>
            <button type="button" className={`${styles.button} ${styles.primary}`} onClick={runScan} disabled={scanning || pending}>
              {scanning ? 'Scanning...' : 'Scan for Duplicates'}
            </button>
            {picked.size > 0 && (
              <button type="button" className={`${styles.button} ${styles.danger}`} onClick={deletePicked} disabled={pending || scanning}>
                {pending ? 'Deleting...' : `Delete Selected (${picked.size})`}
              </button>
            )}
          </div>
          {(scanning || progress > 0) && (
            <div
              className={styles.progressTrack}
              role="progressbar"
              aria-label="Scan progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
            >
              <div className={styles.progressBar} style={{ width: `${progress}%` }} />
            </div>
          )}

          {carried.length > 0 && (
            <div className={styles.carryNote} role="note">
              {carried.map(({ kept, fields }) => (
                <p key={kept.id}>
                  {[...fields].join(', ')} will move to {kept.originalFilename}, which is kept.
                </p>
              ))}
            </div>
          )}

          {groupsQuery.isLoading ? (
            <p className={styles.dialogDescription}>Loading...</p>
          ) : groupsQuery.isError ? (
            <p className={styles.dialogDescription}>Failed to load duplicate groups.</p>
          ) : groups.length === 0 ? (
            <p className={styles.dialogDescription}>No duplicate groups. Scan to look for duplicates.</p>
          ) : (
            <ul className={styles.duplicateGroups} aria-label="Duplicate groups">
              {groups.map((group) => (
                <li key={group.id} className={styles.duplicateGroup} aria-label={`Duplicate group: ${reasonLabel(group.duplicateReason)}`}>
                  <div className={styles.duplicateGroupHeader}>
                    <span className={`${styles.confidence} ${styles[`confidence_${confidenceColour(group.confidence)}`]}`}>
                      {group.confidence}% match
                    </span>
                    <span>{reasonLabel(group.duplicateReason)}</span>
                    <button type="button" className={styles.button} onClick={() => selectAllButBest(group)} disabled={pending}>
                      Select All But Best
                    </button>
                  </div>
                  <ul className={styles.duplicateFiles}>
                    {group.files.map((file, index) => (
                      <li key={file.id} className={styles.duplicateFile}>
                        <input
                          type="checkbox"
                          checked={picked.has(file.id)}
                          onChange={() => toggle(file.id)}
                          aria-label={`Select ${file.originalFilename}`}
                          disabled={pending}
                        />
                        <div className={styles.individualThumb}>
                          <MediaThumb file={file} width={100} />
                        </div>
                        <div className={styles.duplicateFileText}>
                          <span className={styles.duplicateFileName}>
                            {file.originalFilename}
                            {index === 0 && <span className={styles.bestBadge}>Best Quality</span>}
                          </span>
                          <span className={styles.duplicateFileMeta}>
                            {formatMegabytes(file.originalFileSize || file.fileSize)}
                            {file.width && file.height ? ` · ${file.width}×${file.height}` : ''} · {sectionName(file)}
                          </span>
                        </div>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}

          <div className={styles.dialogActions}>
            <Dialog.Close asChild>
              <button type="button" className={styles.button}>
                Close
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
