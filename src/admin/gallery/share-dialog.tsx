// Share links from Media Gallery Pro: make a link to a section, a room or the selected photos,
// with an expiry (14 days unless changed, at most a year) and hidden photos if the manager says
// so; the property's live links with their expiry and openings, each copied or revoked in one click.
'use client'
import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import { useNotify } from '@/components/notices'
import { ApiError } from '@/lib/api/client'
import { useCreateShareLink, useRevokeShareLink, useShareLinks, type LiveShareLink } from '@/lib/api/share-links'
import type { MediaFile } from '@/lib/api/types'
import { HIDDEN_SECTION_ID } from '@/lib/constants'
import { countLabel } from '@/lib/format'
import { SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_MAX_DAYS } from '@/lib/schemas/share-links'
import styles from './gallery.module.css'
import { SelectBox, type SectionInfo } from './ui'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  sections: SectionInfo[]
  /** The photos selected in the grid, offered as what to share when there are any. */
  selection: MediaFile[]
  /** The section the grid shows, offered first. */
  activeSection: string | null
}

const DAY_MS = 24 * 60 * 60 * 1000
/** A date input's value (local calendar day) `days` from today. */
const dayFromNow = (days: number) => {
  const date = new Date(Date.now() + days * DAY_MS)
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}
const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })

function describe(link: LiveShareLink, sections: SectionInfo[]): string {
  if (link.mediaIds) return countLabel(link.mediaIds.length, 'chosen photo')
  const section = link.sectionId === HIDDEN_SECTION_ID ? 'Hidden photos' : sections.find((s) => s.id === link.sectionId)?.name
  return [section, link.room].filter(Boolean).join(' · ')
}

const messageOf = (error: unknown) => (error instanceof ApiError ? (error.serverMessage ?? error.message) : (error as Error).message)

export function ShareDialog({ open, onOpenChange, sections, selection, activeSection }: Props) {
  const notify = useNotify()
  const links = useShareLinks(open)
  const create = useCreateShareLink()
  const revoke = useRevokeShareLink()
  const firstChoice = selection.length ? 'selection' : `section:${activeSection ?? sections[0]?.id ?? ''}`
  const [what, setWhat] = useState<string | undefined>()
  const [room, setRoom] = useState('')
  const [day, setDay] = useState(() => dayFromNow(SHARE_LINK_DEFAULT_DAYS))
  const [includeHidden, setIncludeHidden] = useState(false)
  const [made, setMade] = useState<string | null>(null)
  const choice = what ?? firstChoice

  const options = [
    ...(selection.length ? [{ value: 'selection', label: `Selected photos (${selection.length})` }] : []),
    ...sections.map((section) => ({ value: `section:${section.id}`, label: `${section.icon} ${section.name}`, text: section.name })),
    { value: `section:${HIDDEN_SECTION_ID}`, label: '🙈 Hidden photos', text: 'Hidden photos' },
    { value: 'room', label: 'A room…', text: 'A room' },
  ]

  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url).catch(() => undefined)
    notify({ title: 'Link Copied', description: url })
  }

  const submit = () => {
    const sectionId = choice.startsWith('section:') ? choice.slice('section:'.length) : undefined
    const input = {
      ...(sectionId ? { sectionId } : {}),
      ...(choice === 'room' ? { room } : {}),
      ...(choice === 'selection' ? { mediaIds: selection.map((file) => file.id) } : {}),
      // The end of the chosen day, where the manager is.
      expiresAt: new Date(`${day}T23:59:59`).toISOString(),
      includeHidden: includeHidden || sectionId === HIDDEN_SECTION_ID,
    }
    create.mutate(input, {
      onSuccess: (link) => setMade(link.url),
      onError: (error) => notify({ title: 'Could Not Create Link', description: messageOf(error), variant: 'destructive' }),
    })
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} data-testid="share-dialog">
          <Dialog.Title className={styles.dialogTitle}>Share Photos</Dialog.Title>
          <Dialog.Description className={styles.dialogDescription}>
            Anyone with the link sees these photos until it expires or you revoke it. Search engines do not list it.
          </Dialog.Description>
          <div className={styles.field}>
            <span className={styles.fieldLabel} id="share-what-label">
              What to share
            </span>
            <SelectBox label="What to share" value={choice} onValueChange={setWhat} options={options} placeholder="Choose" />
          </div>
          {choice === 'room' && (
            <label className={styles.field}>
              <span className={styles.fieldLabel}>Room</span>
              <input className={styles.input} value={room} onChange={(event) => setRoom(event.target.value)} placeholder="e.g. Master Bedroom" />
            </label>
          )}
          <label className={styles.field}>
            <span className={styles.fieldLabel}>Expires on</span>
            <input
              className={styles.input}
              type="date"
              value={day}
              min={dayFromNow(1)}
              max={dayFromNow(SHARE_LINK_MAX_DAYS - 1)}
              onChange={(event) => setDay(event.target.value)}
            />
          </label>
          <label className={styles.inline}>
            <input type="checkbox" checked={includeHidden} onChange={(event) => setIncludeHidden(event.target.checked)} />
            Include hidden photos
          </label>
          {made && (
            <div className={styles.inline}>
              <input className={styles.input} readOnly value={made} aria-label="New link" />
              <button type="button" className={styles.button} onClick={() => copy(made)}>
                Copy Link
              </button>
            </div>
          )}
          <div className={styles.dialogActions}>
            <Dialog.Close asChild>
              <button type="button" className={styles.button}>
                Close
              </button>
            </Dialog.Close>
            <button type="button" className={`${styles.button} ${styles.primary}`} onClick={submit} disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Link'}
            </button>
          </div>
          <section aria-label="Live links">
            <h3 className={styles.fieldLabel}>Live links</h3>
            {links.data?.length ? (
              <ul className={styles.individualList}>
                {links.data.map((link) => (
                  <li key={link.id} className={styles.shareLinkRow} data-testid="share-link">
                    <span className={styles.shareLinkText}>
                      {describe(link, sections)}
                      {link.includeHidden ? ' (with hidden photos)' : ''} · until {formatDay(link.expiresAt)} · {countLabel(link.opens, 'open')}
                    </span>
                    <button type="button" className={styles.button} onClick={() => copy(link.url)}>
                      Copy
                    </button>
                    <button
                      type="button"
                      className={`${styles.button} ${styles.dangerButton}`}
                      disabled={revoke.isPending}
                      onClick={() =>
                        revoke.mutate(link.id, {
                          onSuccess: () => {
                            // A revoked link no longer opens: it is not offered for copying any more.
                            setMade((shown) => (shown === link.url ? null : shown))
                            notify({ title: 'Link Revoked', description: 'It no longer opens.' })
                          },
                          onError: (error) => notify({ title: 'Could Not Revoke', description: messageOf(error), variant: 'destructive' }),
                        })
                      }
                    >
                      Revoke
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.dialogDescription}>{links.isPending ? 'Loading...' : 'No live links.'}</p>
            )}
          </section>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
