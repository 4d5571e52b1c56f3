// GET /api/media-files, served without Payload's REST pipeline (see fast-route.ts);
// every other method goes to Payload's REST handler like the rest of /api.
import config from '@payload-config'
import { REST_DELETE, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'
import { listMediaFiles } from '@endpoints/media-files'
import { fastRoute } from '@/server/http/fast-route'

export const GET = fastRoute(listMediaFiles)
export const POST = REST_POST(config)
export const PUT = REST_PUT(config)
export const PATCH = REST_PATCH(config)
export const DELETE = REST_DELETE(config)
export const OPTIONS = REST_OPTIONS(config)
