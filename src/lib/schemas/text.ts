// Text rules shared by the request schemas. PostgreSQL text cannot hold a NUL character, so a
// value carrying one is refused with a message instead of failing in the database (a 500).
// (File names are the exception: spec §5 sanitises them, NUL included.)
import { z } from 'zod'

// In the browser, zod would probe for eval (`Function("")`) to compile its parsers; the pages'
// Content-Security-Policy forbids eval and the browser reports the probe as a violation.
// Every schema module imports this one, so the setting is made before the first parse.
if (typeof window !== 'undefined') z.config({ jitless: true })

export const noNul = {
  check: (text: string) => !text.includes('\u0000'),
  message: 'Text may not contain NUL characters.',
}
