// One media card of the admin grid (spec §2): the picture, name, size, category and detected
// objects once analysed, a placement suggestion to accept, its quality problems in words, up to
// 3 tags (the manager's first; analysis's look apart), the
// tags-and-notes button and the per-photo section picker. In select mode a click toggles
// the card (shift-click selects a range); otherwise it opens the lightbox.
'use client'
import { Check, Crop, Pencil, Tag, Trash } from 'lucide-react'
import { memo, useState, type MouseEvent } from 'react'
import type { MediaFile } from '@/lib/api/types'
import { formatFileSize } from '@/lib/format'
import { FileName } from './file-name'
import styles from './gallery.module.css'
import { MediaThumb } from './media-thumb'
import { SectionPicker } from './section-picker'
import { useMay } from './permissions'
import { SuggestionRow } from './suggestion-row'
import { PanoramaSuggestion, PanoramaToggle } from './panorama-toggle'
import { PANORAMA_BADGE } from '@/lib/panorama'
import type { SectionInfo } from './ui'
import { MAX_CARD_TAGS } from '@/lib/constants'
import { QUALITY_ISSUE_WORDS } from '@/lib/quality-issues'
import { describeOperation } from '@/lib/edits'
import { useApplySuggestion } from '@/lib/api/photo-edits'
import { ApiError } from '@/lib/api/client'
import { useNotify } from '@/components/notices'
import type { TagSource } from '@/lib/tags'

const MAX_CARD_OBJECTS = 3
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Payload's stock edit view of a media file, kept for editors' fixes. */
export const editorUrl = (file: MediaFile) => `/admin/collections/media/${encodeURIComponent(file.id)}`

type Props = {
  file: MediaFile
  sections: SectionInfo[]
  selectMode: boolean
  selected: boolean
  onActivate: (file: MediaFile, event: MouseEvent) => void
  onEditTags: (file: MediaFile) => void
  onEditPhoto: (file: MediaFile) => void
  onDelete: (file: MediaFile) => void
}

export const MediaCard = memo(function MediaCard({
  file,
  sections,
  selectMode,
  selected,
  onActivate,
  onEditTags,
  onEditPhoto,
  onDelete,
}: Props) {
  // The picker (a Radix select) mounts when the card is first hovered or focused: a grid
  // of cards scrolling past, or re-filtered on each keystroke, stays cheap to render.
  const [engaged, setEngaged] = useState(false)
  const engage = () => setEngaged(true)
  const mayPlace = useMay('place')
  const shownObjects = file.isAnalyzed === 'true' ? file.objects.slice(0, MAX_CARD_OBJECTS).join(', ') : ''
  const metaEmpty = !file.category && !shownObjects
  return (
    <article
      onPointerEnter={engage}
      onFocus={engage}
      className={`${styles.card} ${selected ? styles.cardSelected : ''}`}
      data-testid="media-card"
      data-id={file.id}
      aria-label={file.originalFilename}
    >
      <div className={styles.pickerHost} style={{ position: 'relative' }}>
        <button
          type="button"
          className={styles.cardMain}
          aria-label={selectMode ? `Select ${file.originalFilename}` : `View ${file.originalFilename}`}
          aria-pressed={selectMode ? selected : undefined}
          onClick={(event) => onActivate(file, event)}
        >
          <MediaThumb file={file} />
          {selectMode && (
            <span className={styles.checkMark} aria-hidden>
              {selected && <Check size={16} strokeWidth={3} />}
            </span>
          )}
          {file.fileType === 'video' && <span className={styles.typeBadge}>Video</span>}
          {file.editStatus === 'applying' && (
            <span className={styles.typeBadge} data-testid="edit-applying" role="status">
              Applying edits…
            </span>
          )}
          {file.projection === 'equirectangular' && (
            <span className={styles.typeBadge} data-testid="panorama-badge">
              {PANORAMA_BADGE}
            </span>
          )}
        </button>
        {!selectMode && engaged && mayPlace && <SectionPicker file={file} sections={sections} />}
      </div>
      <div className={styles.cardBody}>
        {/* The name has the card's whole width; the actions share the line below with size and room. */}
        <FileName name={file.originalFilename} />
        <div className={styles.cardActionsRow}>
          <p className={styles.meta}>
            {formatFileSize(file.fileSize)}
            {file.room ? ` · ${file.room}` : ''}
          </p>
          <span className={styles.toolbar}>
            <MediaActions file={file} onEditTags={onEditTags} onEditPhoto={onEditPhoto} onDelete={onDelete} />
          </span>
        </div>
        {file.status === 'failed' && file.processingError && (
          <p className={styles.failure} title={file.processingError}>
            {file.processingError}
          </p>
        )}
        {/* One line, empty or not, so the cards of a row keep one height (phones, one card a row, leave an empty one out). */}
        <p
          className={styles.meta}
          data-testid="card-analysis"
          data-empty={metaEmpty ? '' : undefined}
          title={file.description ?? undefined}
          aria-hidden={metaEmpty || undefined}
        >
          {file.category && <CardCategory file={file} />}
          {file.category && shownObjects && ' · '}
          {metaEmpty ? '\u00a0' : shownObjects}
        </p>
        <SuggestionRow file={file} sections={sections} />
        <PanoramaSuggestion file={file} />
        <SuggestedFixes file={file} />
        {/* One line for the quality words, then the tags: every card keeps one height. */}
        <div className={styles.badgeRow}>
          {(file.qualityIssues?.length ?? 0) > 0 && (
            <ul className={styles.qualityRow} aria-label="Quality problems" title={file.qualityNote ?? undefined} data-testid="card-quality">
              {file.qualityIssues!.map((code) => (
                <li key={code} className={styles.qualityIssue}>
                  {QUALITY_ISSUE_WORDS[code]}
                </li>
              ))}
            </ul>
          )}
          <ul className={styles.tagRow} aria-label="Tags">
            {file.tags.slice(0, MAX_CARD_TAGS).map((tag, index) => (
              <CardTag key={tag} tag={tag} source={file.tagSources?.[index] ?? 'manager'} />
            ))}
          </ul>
        </div>
      </div>
    </article>
  )
})

/**
 * The edits that fix the photo's quality codes (a sideways photo's turn, a tilted one's
 * straighten, a dark one's exposure), each applied with one click — never by itself — for a
 * manager; the card shows "Applying edits…" until the renditions are made again.
 */
function SuggestedFixes({ file }: { file: MediaFile }) {
  const mayEditPhoto = useMay('edit-photo')
  const apply = useApplySuggestion()
  const notify = useNotify()
  const suggestions = file.suggestedEdits ?? []
  if (!mayEditPhoto || !suggestions.length || file.editStatus === 'applying') return null
  return (
    <div className={styles.suggestionRow} data-testid="suggested-edits">
      {suggestions.map(({ issue, operation }) => (
        <button
          key={issue}
          type="button"
          className={styles.button}
          disabled={apply.isPending}
          title={`${QUALITY_ISSUE_WORDS[issue]}: apply the suggested fix`}
          onClick={() =>
            apply.mutate(
              { id: file.id, operation },
              {
                onSuccess: () => notify({ title: 'Suggestion applied', description: `${describeOperation(operation)}: the photo's renditions are being made again.` }),
                onError: (error) =>
                  notify({ title: 'Error', description: (error instanceof ApiError && error.serverMessage) || error.message, variant: 'destructive' }),
              },
            )
          }
        >
          Apply suggestion: {describeOperation(operation)}
        </button>
      ))}
    </div>
  )
}

/** The card's category, and who filed the photo there and why (on hover, and to screen readers). */
function CardCategory({ file }: { file: MediaFile }) {
  const reason = file.categoryReason ? `${capitalise(file.category!)}: ${file.categoryReason}` : undefined
  return (
    <span data-testid="card-category" data-source={file.categorySource ?? undefined} title={reason}>
      {capitalise(file.category!)}
      {file.categoryReason && <span className={styles.visuallyHidden}> ({file.categoryReason})</span>}
    </span>
  )
}

/** One of the card's tags; analysis's look apart from the manager's (and say so to screen readers). */
function CardTag({ tag, source }: { tag: string; source: TagSource }) {
  const byAnalysis = source === 'analysis'
  return (
    <li className={styles.tag} data-source={source} title={byAnalysis ? 'Added by analysis' : undefined}>
      {tag}
      {byAnalysis && <span className={styles.visuallyHidden}> (added by analysis)</span>}
    </li>
  )
}

/** Size of the icons on the card's and the list row's buttons (the buttons' font is 14 px). */
const ACTION_ICON_SIZE = 16

/** The card's and the list row's actions: the photo editor, tags and notes, the stock editor, delete. */
export function MediaActions({
  file,
  onEditTags,
  onEditPhoto,
  onDelete,
}: {
  file: MediaFile
  onEditTags: (file: MediaFile) => void
  onEditPhoto: (file: MediaFile) => void
  onDelete: (file: MediaFile) => void
}) {
  const mayEditMetadata = useMay('edit-metadata')
  const mayEditPhoto = useMay('edit-photo')
  const mayDelete = useMay('delete')
  return (
    <>
      <PanoramaToggle file={file} iconSize={ACTION_ICON_SIZE} />
      {mayEditPhoto && file.fileType === 'image' && file.status === 'ready' && (
        <button
          type="button"
          className={`${styles.button} ${styles.iconButton} ${styles.wideOnly}`}
          aria-label={`Edit photo ${file.originalFilename}`}
          title="Edit photo: turn, straighten, crop, exposure"
          onClick={() => onEditPhoto(file)}
        >
          <Crop size={ACTION_ICON_SIZE} />
        </button>
      )}
      {mayEditMetadata && (
        <button
          type="button"
          className={`${styles.button} ${styles.iconButton}`}
          aria-label={`Edit tags and notes of ${file.originalFilename}`}
          title="Custom Tags and Notes"
          onClick={() => onEditTags(file)}
        >
          <Tag size={ACTION_ICON_SIZE} />
        </button>
      )}
      <a
        className={`${styles.button} ${styles.iconButton}`}
        href={editorUrl(file)}
        aria-label={`Open ${file.originalFilename} in the editor`}
        title="Open in the editor"
      >
        <Pencil size={ACTION_ICON_SIZE} />
      </a>
      {mayDelete && (
        <button
          type="button"
          className={`${styles.button} ${styles.iconButton} ${styles.danger}`}
          aria-label={`Delete ${file.originalFilename}`}
          title="Delete"
          onClick={() => onDelete(file)}
        >
          <Trash size={ACTION_ICON_SIZE} />
        </button>
      )}
    </>
  )
}
