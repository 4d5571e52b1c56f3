// GET /api/media-files/stats, served without Payload's REST pipeline (see fast-route.ts).
import { mediaStats } from '@endpoints/media-files'
import { fastRoute } from '@/server/http/fast-route'

export const GET = fastRoute(mediaStats)
