// A placement suggestion on an unplaced photo's card ("Suggested: Upstairs · Master
// Bedroom — 87 %"), applied only when the manager accepts it, with the ordinary section
// assignment call and its notices.
'use client'
import { useNotify } from '@/components/notices'
import { useAssignSection } from '@/lib/api/assign-section'
import type { MediaFile, PlacementSuggestion } from '@/lib/api/types'
import styles from './gallery.module.css'
import type { SectionInfo } from './ui'

export function suggestionLabel(suggestion: PlacementSuggestion, sections: SectionInfo[]): string {
  const section = sections.find((s) => s.id === suggestion.section)?.name ?? suggestion.section
  return `Suggested: ${section}${suggestion.room ? ` · ${suggestion.room}` : ''} — ${Math.round(suggestion.confidence * 100)} %`
}

export function SuggestionRow({ file, sections }: { file: MediaFile; sections: SectionInfo[] }) {
  const notify = useNotify()
  const assign = useAssignSection()
  const suggestion = file.suggestion
  if (!suggestion || file.section || file.isHidden === 'true') return null
  const target = sections.find((s) => s.id === suggestion.section)
  if (!target) return null
  // mutateAsync: the card may leave the list (filters) once the lists refresh; the notice must still show.
  const accept = async () => {
    try {
      await assign.mutateAsync({ id: file.id, section: suggestion.section, room: suggestion.room })
      notify({ title: 'Section Assigned', description: `Photo moved to ${target.name}` })
    } catch {
      notify({
        title: 'Assignment Failed',
        description: 'Failed to assign photo to section. Please try again.',
        variant: 'destructive',
      })
    }
  }
  return (
    <p className={styles.suggestion} data-testid="suggestion">
      {/* The label gives way (ellipsis) on a narrow card; the button always stays whole and clickable. */}
      <span className={styles.suggestionLabel} title={suggestionLabel(suggestion, sections)}>
        {suggestionLabel(suggestion, sections)}
      </span>
      <button
        type="button"
        className={styles.button}
        onClick={accept}
        disabled={assign.isPending}
        aria-label={`Accept suggestion for ${file.originalFilename}`}
      >
        Accept
      </button>
    </p>
  )
}
