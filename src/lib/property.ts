// A property as the public pages use it (see collections/properties):
// the wire shape handed to client components and the rules for the booking link.
export type PropertyInfo = {
  /** The property's name, or the default "Property Gallery". */
  name: string
  tagline: string | null
  bookingUrl: string | null
}

export const DEFAULT_PROPERTY_NAME = 'Property Gallery'

/** An absolute http(s) URL, at most 2,000 characters. */
export function isBookingUrl(value: string): boolean {
  if (value.length > 2000) return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}
