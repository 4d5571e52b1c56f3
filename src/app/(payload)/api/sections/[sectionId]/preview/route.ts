// GET /api/sections/{id}/preview, served without Payload's REST pipeline (see fast-route.ts).
import { sectionPreview } from '@endpoints/sections'
import { fastRoute } from '@/server/http/fast-route'

export const GET = fastRoute(sectionPreview)
