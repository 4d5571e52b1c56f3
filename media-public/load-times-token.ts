// The load-time token a public page carries (src/server/metrics/page-token.ts), from the
// secret the server runs with; a page rendered at build time (no secret) gets none and reports nothing.
import { loadTimesToken } from '../src/server/metrics/page-token'

export const pageLoadTimesToken = (): string => loadTimesToken(process.env.PAYLOAD_SECRET)
