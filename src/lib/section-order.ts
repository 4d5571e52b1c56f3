// Order of sections in the public navigation (spec §2 Gallery overview): the manager's
// order (position), with the outdoors section always last and the hidden pseudo-section never shown.
import { HIDDEN_SECTION_ID, LAST_SECTION_ID } from './constants'

export function orderSectionsForNavigation<T extends { id: string }>(sections: T[]): T[] {
  const shown = sections.filter((section) => section.id !== HIDDEN_SECTION_ID)
  return [
    ...shown.filter((section) => section.id !== LAST_SECTION_ID),
    ...shown.filter((section) => section.id === LAST_SECTION_ID),
  ]
}

/** The sections before and after `id` in navigation order, wrapping around at the ends. */
export function neighbourSections<T extends { id: string }>(ordered: T[], id: string): { previous: T | null; next: T | null } {
  const index = ordered.findIndex((section) => section.id === id)
  if (index === -1 || ordered.length < 2) return { previous: null, next: null }
  return {
    previous: ordered[(index - 1 + ordered.length) % ordered.length],
    next: ordered[(index + 1) % ordered.length],
  }
}
