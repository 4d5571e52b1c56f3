// GET /api/sections, served without Payload's REST pipeline (see fast-route.ts).
import { listSections } from '@endpoints/sections'
import { fastRoute } from '@/server/http/fast-route'

export const GET = fastRoute(listSections)
