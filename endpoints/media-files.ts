// Media API of spec §7. Reads: GET /api/media-files and GET /api/media-files/stats
// (visitors get the public read model; an account that may see hidden media gets every media file).
// Mutations, each behind its action: create (upload), delete, PUT .../{id}/section (a content
// editor only fixes the room there: placement.ts) and .../{id}/metadata.
import type { PayloadRequest } from 'payload'
import type { MediaFile } from '../src/lib/api/types'
import { publicJson, statsOf } from '../media-public/read-model'
import { filterByType } from '../src/lib/media-filters'
import { mediaListQuerySchema } from '../src/lib/schemas/media'
import { adminJson } from '../src/server/media/catalog'
import { averageLoadTimeSeconds } from '../src/server/metrics/load-times'
import { createMediaBatch, createMediaFromUpload } from '../src/server/media/create-media'
import { createMediaBatchSchema, createMediaSchema } from '../src/lib/schemas/upload'
import { endpoint, parseBody, parseParams, parseQuery, preparedEndpoints } from '../src/server/http/endpoint'
import { assignSectionSchema, mediaParamsSchema, metadataSchema } from '../src/lib/schemas/placement'
import { assignSection, updateMetadata } from '../src/server/media/placement'
import { deleteQuerySchema } from '../src/lib/schemas/duplicates'
import { deleteMediaFile } from '../src/server/duplicates/delete-duplicate'
import type { PreparedAnswer, PreparedRead } from '../src/server/http/prepared-answer'
import { audienceFor } from '../src/server/auth/request-access'
import { putEditsSchema } from '../src/lib/edits'
import { EditConflict, readEdits, revertEdits, saveEdits } from '../src/server/media/edits'
import { requestScope } from '../src/server/properties/request-property'

/** The caller's prepared answer: every media file for an account that may see hidden ones, the public read model otherwise. */
async function mediaJson(req: PayloadRequest, key: string, build: (media: MediaFile[]) => unknown): Promise<PreparedAnswer> {
  const audience = audienceFor(req)
  const scope = await requestScope(req)
  const answer =
    audience === 'admin'
      ? await adminJson(req.payload, scope, key, ({ media }) => build(media))
      : await publicJson(req.payload, scope, key, ({ media }) => build(media))
  return { ...answer, key, audience }
}

async function mediaFilesAnswer(req: PayloadRequest): Promise<PreparedAnswer> {
  const { type } = parseQuery(req, mediaListQuerySchema)
  return mediaJson(req, `media-files:${type ?? ''}`, (media) => filterByType(media, type))
}

async function statsAnswer(req: PayloadRequest): Promise<PreparedAnswer> {
  // Load times change without a media change: the average (the request's property's) is part of the key.
  const avgLoadTime = await averageLoadTimeSeconds(req.payload, await requestScope(req))
  return mediaJson(req, `stats:${avgLoadTime}`, (media) => statsOf(media, avgLoadTime))
}

const mediaFileReads: PreparedRead[] = [
  { path: '/media-files', answer: mediaFilesAnswer },
  { path: '/media-files/stats', answer: statsAnswer },
]

const NO_STORE = { 'Cache-Control': 'no-store' }

/** The record after a save or revert; a conflict answers 409 with the edits that are current. */
async function editAnswer(save: () => Promise<MediaFile>): Promise<Response> {
  try {
    return Response.json(await save(), { headers: NO_STORE })
  } catch (error) {
    if (!(error instanceof EditConflict)) throw error
    return Response.json({ message: error.message, current: error.current }, { status: 409, headers: NO_STORE })
  }
}

/** Registers an uploaded file (spec §7). */
export const createMediaEndpoint = endpoint('post', '/media-files', 'upload', async (req) => {
  const input = await parseBody(req, createMediaSchema)
  return Response.json(await createMediaFromUpload(req, input), { status: 201 })
})

/** Not in the spec: registers the files the uploader stored since its last call, each answered on its own. */
export const createMediaBatchEndpoint = endpoint('post', '/media-files/batch', 'upload', async (req) => {
  const { files } = await parseBody(req, createMediaBatchSchema)
  return Response.json({ files: await createMediaBatch(req, files) })
})

export const mediaFilesEndpoints = [
  ...preparedEndpoints(mediaFileReads),

  createMediaEndpoint,
  createMediaBatchEndpoint,

  // Removes the record; its objects move under trash/ (the media collection's afterDelete hook).
  // ?keep={id} names a duplicate that stays: organisation it lacks moves to it in the same transaction.
  endpoint('delete', '/media-files/:id', 'delete', async (req) => {
    const { id } = parseParams(req, mediaParamsSchema)
    const { keep } = parseQuery(req, deleteQuerySchema)
    return Response.json(await deleteMediaFile(req, await requestScope(req), id, keep))
  }),

  // Spec §4: hidden → section null + isHidden; a real section → that section, visible.
  // Needs `edit-room`; moving or hiding needs `place` too (checked against the record).
  endpoint('put', '/media-files/:id/section', 'edit-room', async (req) => {
    const { id } = parseParams(req, mediaParamsSchema)
    const choice = await parseBody(req, assignSectionSchema)
    return Response.json(await assignSection(req, id, choice))
  }),

  // Non-destructive edits (src/lib/edits.ts): managers only, an editor never changes pixels.
  endpoint('get', '/media-files/:id/edits', 'edit-photo', async (req) => {
    const { id } = parseParams(req, mediaParamsSchema)
    return Response.json(await readEdits(req, id), { headers: NO_STORE })
  }),
  endpoint('put', '/media-files/:id/edits', 'edit-photo', async (req) => {
    const { id } = parseParams(req, mediaParamsSchema)
    const { baseVersion, operations } = await parseBody(req, putEditsSchema)
    return editAnswer(() => saveEdits(req, id, baseVersion, operations))
  }),
  endpoint('delete', '/media-files/:id/edits', 'edit-photo', async (req) => {
    const { id } = parseParams(req, mediaParamsSchema)
    return editAnswer(() => revertEdits(req, id))
  }),

  // Spec §5: tags trimmed, lower-cased, empties and duplicates dropped; texts trimmed.
  endpoint('put', '/media-files/:id/metadata', 'edit-metadata', async (req) => {
    const { id } = parseParams(req, mediaParamsSchema)
    const change = await parseBody(req, metadataSchema)
    return Response.json(await updateMetadata(req, id, change))
  }),
]
