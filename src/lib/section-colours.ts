// Section badge colours (spec §3): each section's colour is a field of the section, seeded
// as the spec says (outdoors green, main_level blue, upstairs purple, downstairs orange,
// backyard emerald) and editable in Payload; hidden is grey.
import type { SECTION_COLOURS } from './constants'

type Colour = (typeof SECTION_COLOURS)[number]

/** Badge background and text colours (text contrast at least 4.5:1 on the background). */
export const COLOUR_STYLES: Record<Colour, { background: string; color: string }> = {
  green: { background: '#dcfce7', color: '#166534' },
  blue: { background: '#dbeafe', color: '#1e40af' },
  purple: { background: '#f3e8ff', color: '#6b21a8' },
  orange: { background: '#ffedd5', color: '#9a3412' },
  emerald: { background: '#d1fae5', color: '#065f46' },
  grey: { background: '#f3f4f6', color: '#374151' },
  red: { background: '#fee2e2', color: '#991b1b' },
  teal: { background: '#ccfbf1', color: '#115e59' },
  pink: { background: '#fce7f3', color: '#9d174d' },
  yellow: { background: '#fef9c3', color: '#854d0e' },
}

/** A section's badge style from its colour (edited in Payload); grey for hidden, none or an unknown colour. */
export function badgeStyle(colour: string | null | undefined): { background: string; color: string } {
  return COLOUR_STYLES[(colour ?? 'grey') as Colour] ?? COLOUR_STYLES.grey
}
