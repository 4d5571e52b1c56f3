// Custom Tags and Notes dialog (spec §2, §5): Enter adds a tag (Add is disabled while the
// field is empty), the first 12 suggested tags not yet chosen, description and internal notes;
// what analysis detected (category, objects, colours) above them. Tags analysis wrote look
// apart; one removed here is never written again by analysis (src/lib/tags.ts).
'use client'
import { X } from 'lucide-react'
import * as Dialog from '@radix-ui/react-dialog'
import { useState, type FormEvent } from 'react'
import { useNotify } from '@/components/notices'
import type { MediaFile } from '@/lib/api/types'
import { useUpdateMetadata } from '@/lib/api/update-metadata'
import { addTag, suggestedTags } from '@/lib/tags'
import styles from './gallery.module.css'

type Props = { file: MediaFile | null; onClose: () => void }

export function TagsDialog({ file, onClose }: Props) {
  return (
    <Dialog.Root open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          {/* Keyed by file: the form starts from the photo's saved values each time it opens. */}
          {file && <TagsForm key={file.id} file={file} onClose={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function TagsForm({ file, onClose }: { file: MediaFile; onClose: () => void }) {
  const notify = useNotify()
  const update = useUpdateMetadata()
  const [tags, setTags] = useState<string[]>(file.tags)
  // The record as the dialog opened: the list may refresh behind it while the manager edits
  // (analysis may write tags or a description meanwhile), so only what the manager changed is sent.
  const [opened] = useState(() => ({ tags: file.tags, description: file.description ?? '', notes: file.notes ?? '' }))
  // Who wrote each saved tag; one typed here is the manager's.
  const byAnalysis = new Set(file.tags.filter((_, index) => file.tagSources?.[index] === 'analysis'))
  const [typed, setTyped] = useState('')
  const [description, setDescription] = useState(file.description ?? '')
  const [notes, setNotes] = useState(file.notes ?? '')

  const add = () => {
    setTags((current) => addTag(current, typed))
    setTyped('')
  }
  const onTagKey = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      if (typed.trim()) add()
    }
  }
  const save = (event: FormEvent) => {
    event.preventDefault()
    update.mutate(
      {
        id: file.id,
        tags,
        shownTags: opened.tags,
        ...(description !== opened.description && { description }),
        ...(notes !== opened.notes && { notes }),
      },
      {
        onSuccess: () => {
          notify({ title: 'Tags Updated' })
          onClose()
        },
        onError: () =>
          notify({
            title: 'Update Failed',
            description: 'Failed to update tags and notes. Please try again.',
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <form onSubmit={save} style={{ display: 'grid', gap: 14 }}>
      <Dialog.Title className={styles.dialogTitle}>Custom Tags and Notes</Dialog.Title>
      <Dialog.Description className={styles.dialogDescription}>{file.originalFilename}</Dialog.Description>

      {file.isAnalyzed === 'true' && (
        <dl className={styles.field} data-testid="analysis-summary" style={{ margin: 0 }}>
          <dt className={styles.fieldLabel}>Detected</dt>
          <dd style={{ margin: 0 }}>
            {file.category ? `Category: ${file.category}${file.categoryReason ? ` (${file.categoryReason})` : ''}` : 'Category: —'}
            {file.categoryConfidence != null ? ` (${Math.round(file.categoryConfidence * 100)} %)` : ''}
          </dd>
          <dd style={{ margin: 0 }}>Objects: {file.objects.length ? file.objects.join(', ') : 'none found'}</dd>
          {file.colors.length > 0 && <dd style={{ margin: 0 }}>Colours: {file.colors.join(', ')}</dd>}
        </dl>
      )}
      {file.analysisError && (
        <p className={styles.hint} role="note">
          Analysis skipped this photo: {file.analysisError}
        </p>
      )}

      <div className={styles.field}>
        <label className={styles.fieldLabel} htmlFor="tag-entry">
          Custom Tags
        </label>
        <div className={styles.inline}>
          <input
            id="tag-entry"
            className={styles.input}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={onTagKey}
            placeholder="Add a tag..."
            maxLength={60}
          />
          <button type="button" className={styles.button} onClick={add} disabled={!typed.trim()}>
            Add
          </button>
        </div>
        <div className={styles.chips} aria-label="Chosen tags" role="list">
          {tags.map((tag) => (
            <span
              key={tag}
              className={styles.chip}
              role="listitem"
              data-source={byAnalysis.has(tag) ? 'analysis' : 'manager'}
              title={byAnalysis.has(tag) ? 'Added by analysis' : undefined}
            >
              {tag}
              {byAnalysis.has(tag) && <span className={styles.visuallyHidden}> (added by analysis)</span>}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => setTags((current) => current.filter((t) => t !== tag))}
                style={{ border: 0, background: 'transparent', color: 'inherit', cursor: 'pointer', padding: 0 }}
              >
                <X size={12} />
              </button>
            </span>
          ))}
        </div>
        {byAnalysis.size > 0 && (
          <p className={styles.hint} data-testid="tag-sources-hint">
            Dashed tags were added by analysis. One you remove is never added again, even when you analyse again.
          </p>
        )}
      </div>

      <div className={styles.field}>
        <span className={styles.fieldLabel}>Suggested Tags</span>
        <div className={styles.chips}>
          {suggestedTags(tags).map((tag) => (
            <button
              key={tag}
              type="button"
              className={styles.chip}
              aria-label={`Add suggested tag ${tag}`}
              onClick={() => setTags((current) => addTag(current, tag))}
            >
              + {tag}
            </button>
          ))}
        </div>
      </div>

      <label className={styles.field}>
        <span className={styles.fieldLabel}>Description</span>
        <textarea
          className={styles.textarea}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={2000}
        />
      </label>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>Notes</span>
        <textarea
          className={styles.textarea}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          maxLength={5000}
          placeholder="Internal notes, never shown to visitors"
        />
      </label>

      <div className={styles.dialogActions}>
        <Dialog.Close asChild>
          <button type="button" className={styles.button}>
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  )
}
