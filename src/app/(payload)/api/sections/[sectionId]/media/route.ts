// GET /api/sections/{section}/media, served without Payload's REST pipeline (see fast-route.ts).
import { sectionMedia } from '@endpoints/sections'
import { fastRoute } from '@/server/http/fast-route'

export const GET = fastRoute(sectionMedia)
