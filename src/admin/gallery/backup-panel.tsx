// The Backup panel (spec §2): a floating Backup button at the top right that expands into
// the Backup System card: Database Status, Auto Backup, Media Files, Create Backup and
// Restore Latest, the help texts with the last backup in local time, and the spec's
// notices (§8). Restoring asks first, saying what will change. Beyond the spec: the kept
// backups with time, kind and counts, each restorable and downloadable.
// The button floats over the top of the page and scrolls away with it, so it never covers
// the sticky section bar; the card opens in the page's flow, above the header, so it never
// covers the upload card, and it closes on Escape (focus returns to the button) as dialogs do.
'use client'
import { X } from 'lucide-react'
import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useRef, useState } from 'react'
import { useNotify } from '@/components/notices'
import {
  backupDownloadUrl,
  useBackupStatus,
  useCreateBackup,
  useKeptBackups,
  useRestoreBackup,
  type KeptBackup,
} from '@/lib/api/backup'
import { BACKUPS_KEPT } from '@/lib/constants'
import styles from './backup-panel.module.css'
import gallery from './gallery.module.css'
import { useMay } from './permissions'

const KIND_LABELS: Record<KeptBackup['kind'], string> = {
  auto: 'Automatic',
  upload: 'After upload',
  manual: 'Manual',
  'restore-point': 'Restore point',
  final: 'Final (property removed)',
}

const localTime = (iso: string) => new Date(iso).toLocaleString()
const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`

export function BackupPanel() {
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  // Closing gives the focus back to the button the card came from (it is drawn again first).
  const closedByPerson = useRef(false)
  useEffect(() => {
    if (!open && closedByPerson.current) toggle.current?.focus()
  }, [open])
  const close = () => {
    closedByPerson.current = true
    setOpen(false)
  }
  if (open) return <BackupCard onClose={close} />
  return (
    <div className={styles.floating}>
      <button
        ref={toggle}
        type="button"
        className={`${gallery.button} ${styles.toggle}`}
        onClick={() => setOpen(true)}
        aria-expanded={false}
      >
        Backup
      </button>
    </div>
  )
}

/** Escape closes the card, unless something above it (the restore confirmation, a select) took the key first. */
function useCloseOnEscape(onClose: () => void) {
  const latest = useRef(onClose)
  useEffect(() => {
    latest.current = onClose
  })
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) latest.current()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}

function BackupCard({ onClose }: { onClose: () => void }) {
  const card = useRef<HTMLElement>(null)
  useCloseOnEscape(onClose)
  useEffect(() => card.current?.focus({ preventScroll: true }), [])
  const notify = useNotify()
  const status = useBackupStatus()
  const kept = useKeptBackups(true)
  const create = useCreateBackup()
  const mayRestore = useMay('restore')
  const restore = useRestoreBackup()
  // The backup a confirmation is open for: the latest (Restore Latest) or one of the list.
  const [confirming, setConfirming] = useState<KeptBackup | null>(null)
  const pending = create.isPending || restore.isPending

  const latest = (kept.data ?? []).find((backup) => backup.kind !== 'restore-point') ?? null

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: ({ backupFile }) =>
        notify({ title: 'Backup Created', description: `Successfully created backup: ${backupFile}` }),
      onError: () =>
        notify({ title: 'Backup Failed', description: 'Failed to create backup. Please try again.', variant: 'destructive' }),
    })

  const onRestore = (backup: KeptBackup, latestOne: boolean) => {
    setConfirming(null)
    restore.mutate(latestOne ? undefined : backup.id, {
      onSuccess: ({ message }) => notify({ title: 'Restore Complete', description: message }),
      onError: () =>
        notify({
          title: 'Restore Failed',
          description: 'Failed to restore from backup. Please try again.',
          variant: 'destructive',
        }),
    })
  }

  const onRestoreLatest = () => {
    if (latest) setConfirming(latest)
    else
      notify({ title: 'Restore Failed', description: 'Failed to restore from backup. Please try again.', variant: 'destructive' })
  }

  const database = status.isPending ? 'Loading...' : status.data?.databaseConnected ? 'Connected' : 'Disconnected'
  const lastBackup = status.data?.lastBackupTime

  return (
    <section ref={card} tabIndex={-1} className={styles.card} aria-label="Backup System" data-testid="backup-panel">
      <div className={styles.header}>
        <h2 className={styles.title}>Backup System</h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
          <X size={18} />
        </button>
      </div>
      <dl className={styles.rows}>
        <dt>Database Status</dt>
        <dd className={database === 'Connected' ? styles.good : database === 'Disconnected' ? styles.bad : undefined}>
          {database}
        </dd>
        <dt>Auto Backup</dt>
        <dd className={status.data?.backupSystemActive ? styles.good : styles.bad}>
          {status.data?.backupSystemActive ? 'Active' : 'Inactive'}
        </dd>
        <dt>Media Files</dt>
        <dd>{status.data?.mediaFilesCount ?? 0}</dd>
      </dl>
      <div className={styles.actions}>
        <button type="button" className={`${gallery.button} ${gallery.primary}`} onClick={onCreate} disabled={pending}>
          {create.isPending ? 'Creating...' : 'Create Backup'}
        </button>
        {mayRestore && (
          <button type="button" className={gallery.button} onClick={onRestoreLatest} disabled={pending}>
            {restore.isPending ? 'Restoring...' : 'Restore Latest'}
          </button>
        )}
      </div>
      <ul className={styles.help}>
        <li>Automatic backups every 30 minutes</li>
        <li>Backups created on each upload</li>
        <li>Last {BACKUPS_KEPT} backups kept automatically</li>
        {lastBackup && <li>Last backup: {localTime(lastBackup)}</li>}
      </ul>

      {(kept.data?.length ?? 0) > 0 && (
        <>
          <h3 className={styles.keptTitle}>Kept backups</h3>
          <ul className={styles.kept} data-testid="kept-backups">
            {kept.data!.map((backup) => (
              <li key={backup.id} className={styles.keptRow}>
                <span>
                  {localTime(backup.createdAt)}
                  <br />
                  <span className={styles.keptMeta}>
                    {KIND_LABELS[backup.kind]} · {plural(backup.mediaCount, 'media file')} ·{' '}
                    {plural(backup.objectCount, 'object')}
                  </span>
                </span>
                {mayRestore && (
                  <button
                    type="button"
                    className={`${gallery.button} ${styles.small}`}
                    onClick={() => setConfirming(backup)}
                    disabled={pending}
                    aria-label={`Restore the backup of ${localTime(backup.createdAt)}`}
                  >
                    Restore
                  </button>
                )}
                <a
                  className={`${gallery.button} ${styles.small}`}
                  href={backupDownloadUrl(backup.id)}
                  download={backup.file}
                  aria-label={`Download the backup of ${localTime(backup.createdAt)}`}
                >
                  Download
                </a>
              </li>
            ))}
          </ul>
        </>
      )}

      <Dialog.Root open={confirming !== null} onOpenChange={(next) => !next && setConfirming(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className={gallery.overlay} />
          {confirming && (
            <Dialog.Content className={gallery.dialog}>
              <Dialog.Title className={gallery.dialogTitle}>Restore this backup?</Dialog.Title>
              <Dialog.Description className={gallery.dialogDescription}>
                Every section and media record will be replaced by the backup of {localTime(confirming.createdAt)}:{' '}
                {plural(confirming.mediaCount, 'media file')} (the gallery has{' '}
                {plural(status.data?.mediaFilesCount ?? 0, 'media file')} now). Photos deleted since come back; photos uploaded
                since are removed; organisation, tags and notes return to what they were. A restore point is taken first, so you
                can undo this.
              </Dialog.Description>
              <div className={gallery.dialogActions}>
                <Dialog.Close asChild>
                  <button type="button" className={gallery.button}>
                    Cancel
                  </button>
                </Dialog.Close>
                <button
                  type="button"
                  className={`${gallery.button} ${gallery.primary}`}
                  onClick={() => onRestore(confirming, confirming.id === latest?.id)}
                >
                  Restore
                </button>
              </div>
            </Dialog.Content>
          )}
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  )
}
