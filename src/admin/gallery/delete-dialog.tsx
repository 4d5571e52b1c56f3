// Confirmation before deleting media from Media Gallery Pro (the card, the lightbox or the
// selection). It names how many files go; on Delete each goes through
// DELETE /api/media-files/{id}, whose objects the server moves under trash/.
'use client'
import * as Dialog from '@radix-ui/react-dialog'
import { useNotify } from '@/components/notices'
import { useDeleteMediaFiles } from '@/lib/api/delete-media'
import type { MediaFile } from '@/lib/api/types'
import { countLabel } from '@/lib/format'
import styles from './gallery.module.css'

type Props = {
  /** The files to delete; the dialog is open while there are any. */
  files: MediaFile[]
  onClose: () => void
  /** Called with the ids that were deleted. */
  onDeleted?: (ids: string[]) => void
}

/** "Delete sunset.jpg?" for one file, "Delete 3 files?" for several. */
export const deleteQuestion = (files: MediaFile[]) =>
  files.length === 1 ? `Delete ${files[0].originalFilename}?` : `Delete ${countLabel(files.length, 'file')}?`

export function DeleteDialog({ files, onClose, onDeleted }: Props) {
  const notify = useNotify()
  const remove = useDeleteMediaFiles()

  const confirm = () =>
    remove.mutate(
      files.map((file) => file.id),
      {
        onSuccess: ({ deleted, failed }) => {
          if (deleted.length) {
            notify({ title: 'Files Deleted', description: `Removed ${countLabel(deleted.length, 'file')}` })
            onDeleted?.(deleted)
          }
          if (failed.length)
            notify({
              title: 'Delete Failed',
              description: `${countLabel(failed.length, 'file')} could not be deleted. Please try again.`,
              variant: 'destructive',
            })
          onClose()
        },
      },
    )

  return (
    <Dialog.Root open={files.length > 0} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} data-testid="delete-dialog">
          <Dialog.Title className={styles.dialogTitle}>{deleteQuestion(files)}</Dialog.Title>
          <Dialog.Description className={styles.dialogDescription}>
            {files.length === 1 ? 'It disappears' : `All ${files.length} disappear`} from the gallery and from the public pages;
            the stored {files.length === 1 ? 'file moves' : 'files move'} to the store&apos;s trash.
          </Dialog.Description>
          <div className={styles.dialogActions}>
            <Dialog.Close asChild>
              <button type="button" className={styles.button} disabled={remove.isPending}>
                Cancel
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={`${styles.button} ${styles.dangerButton}`}
              onClick={confirm}
              disabled={remove.isPending}
            >
              {remove.isPending ? 'Deleting...' : `Delete ${countLabel(files.length, 'file')}`}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
