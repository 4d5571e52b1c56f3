// Which placement suggestions the manager can accept at once: unplaced, visible photos
// whose suggestion names the section, at or above a confidence, grouped by room (one
// bulk assignment per room, since bulk assignment takes one room).
import type { MediaFile } from './api/types'

export const SUGGESTION_THRESHOLDS = [0.5, 0.7, 0.9] as const
export const DEFAULT_SUGGESTION_THRESHOLD = 0.7

type Suggested = Pick<MediaFile, 'id' | 'section' | 'isHidden' | 'suggestion'>

const isOpen = (file: Suggested) => Boolean(file.suggestion) && !file.section && file.isHidden !== 'true'

/** Section id → how many open suggestions name it at or above minConfidence. */
export function suggestionCounts(files: readonly Suggested[], minConfidence: number): Map<string, number> {
  const counts = new Map<string, number>()
  for (const file of files) {
    if (!isOpen(file) || file.suggestion!.confidence < minConfidence) continue
    counts.set(file.suggestion!.section, (counts.get(file.suggestion!.section) ?? 0) + 1)
  }
  return counts
}

/** The photos to place in sectionId, grouped by suggested room (null: no room). */
export function suggestionGroups(files: readonly Suggested[], sectionId: string, minConfidence: number): { room: string | null; ids: string[] }[] {
  const groups = new Map<string, { room: string | null; ids: string[] }>()
  for (const file of files) {
    const suggestion = file.suggestion
    if (!isOpen(file) || suggestion!.section !== sectionId || suggestion!.confidence < minConfidence) continue
    const key = suggestion!.room?.toLowerCase() ?? ''
    const group = groups.get(key) ?? { room: suggestion!.room, ids: [] }
    group.ids.push(file.id)
    groups.set(key, group)
  }
  return [...groups.values()]
}
