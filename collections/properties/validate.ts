// What a property's own fields must hold: a time zone the server knows (the backup panel shows
// its times in it). Slug and domain rules live in src/lib/property-slug.ts.
import type { TextFieldSingleValidation } from 'payload'

/** An IANA time zone name (e.g. Europe/Lisbon) or UTC. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export const validateTimeZone: TextFieldSingleValidation = (value) =>
  !value || isTimeZone(value) ? true : 'Enter a time zone such as Europe/Lisbon, America/New_York or UTC.'
