// Listing readiness and export packs (listing-ready issue):
//   GET  /api/listing-readiness?channel=airbnb|vrbo|booking|google → { channel, ready, rules: [{ id, status, message, mediaIds }], cover, choice }
//        (managers and editors of the property: view-hidden)
//   PUT  /api/listing-channels/{channel} { mediaIds: [...] | null, coverId | null } → the choice (managers: export)
//   PUT  /api/listing-channels/{channel}/cover-crops { mediaId, crops: { '16:9': { x, y, width, height } | null } } → { crops }
//   POST /api/exports { channel, sectionIds? } → 200 { runId, status: 'done', downloadUrl, … } when the pack is
//        written within the runs' bounded wait, else the runs' one 202 { runId, status, statusUrl }; GET /api/runs/{runId} then
//        answers the run with a fresh downloadUrl in its result once done (managers: export)
//   GET  /api/exports/{runId}/download?expires&signature → the zip (the signed URL above; 403 once expired)
import type { Readable } from 'node:stream'
import {
  channelChoiceSchema,
  channelParamsSchema,
  coverCropsSchema,
  exportBodySchema,
  exportDownloadParamsSchema,
  exportDownloadQuerySchema,
  readinessQuerySchema,
} from '../src/lib/schemas/listing'
import { poolOf } from '../src/server/db/pool'
import { endpoint, parseBody, parseParams, parseQuery, requireUser } from '../src/server/http/endpoint'
import { notFound } from '../src/server/http/errors'
import { writeChannelChoice } from '../src/server/listing/choices'
import { writeCoverCrops } from '../src/server/listing/cover-crops'
import { checkDownloadSignature } from '../src/server/listing/download'
import { startExport, type ExportResult } from '../src/server/listing/export'
import { listingReadiness } from '../src/server/listing/readiness'
import { requestScope } from '../src/server/properties/request-property'
import { findRun } from '../src/server/runs/run'
import { describeRun, runAnswer } from '../src/server/runs/run-answer'
import { runWaitMs, waitForRun } from '../src/server/runs/wait-for-run'
import { getObject } from '../src/server/storage/get-object'
import { exportPackKey } from '../src/server/storage/keys'

const NO_STORE = { 'Cache-Control': 'no-store' }
const NO_SUCH_EXPORT = 'There is no such export (finished exports are kept for a day).'

export const listingEndpoints = [
  endpoint('get', '/listing-readiness', 'view-hidden', async (req) => {
    const { channel } = parseQuery(req, readinessQuerySchema)
    return Response.json(await listingReadiness(poolOf(req.payload), await requestScope(req), channel), { headers: NO_STORE })
  }),

  endpoint('put', '/listing-channels/:channel', 'export', async (req) => {
    const { channel } = parseParams(req, channelParamsSchema)
    const choice = await parseBody(req, channelChoiceSchema)
    return Response.json(await writeChannelChoice(poolOf(req.payload), await requestScope(req), channel, choice), { headers: NO_STORE })
  }),

  // The manager's frames of the cover's crops (the content-aware frame where none is set).
  endpoint('put', '/listing-channels/:channel/cover-crops', 'export', async (req) => {
    const { channel } = parseParams(req, channelParamsSchema)
    const body = await parseBody(req, coverCropsSchema)
    return Response.json({ crops: await writeCoverCrops(poolOf(req.payload), await requestScope(req), channel, body) }, { headers: NO_STORE })
  }),

  endpoint('post', '/exports', 'export', async (req) => {
    const user = requireUser(req)
    const { channel, sectionIds } = await parseBody(req, exportBodySchema)
    const pool = poolOf(req.payload)
    const started = await startExport(pool, await requestScope(req), { channel, sectionKeys: sectionIds ?? null, startedBy: String(user.id) })
    const run = (await waitForRun(pool, started.id, { signal: req.signal, waitMs: runWaitMs(req.payload) })) ?? started
    const { result } = await describeRun(req, run)
    return runAnswer(run, { result: { runId: run.id, status: run.status, ...result } })
  }),

  endpoint('get', '/exports/:runId/download', 'export', async (req) => {
    const { runId } = parseParams(req, exportDownloadParamsSchema)
    const { expires, signature } = parseQuery(req, exportDownloadQuerySchema)
    const scope = await requestScope(req)
    checkDownloadSignature(req.payload.secret, { runId, propertyId: scope.id, expires, signature })
    const run = await findRun(poolOf(req.payload), runId)
    if (!run || run.kind !== 'export' || run.status !== 'done' || run.propertyId !== scope.id) throw notFound(NO_SUCH_EXPORT)
    const object = await getObject({ key: exportPackKey(scope.id, runId) })
    if (!object?.Body) throw notFound(NO_SUCH_EXPORT)
    const file = String((run.result as ExportResult | null)?.file ?? 'export.zip').replace(/[^A-Za-z0-9._-]/g, '_')
    return new Response((object.Body as Readable & { transformToWebStream: () => ReadableStream }).transformToWebStream(), {
      headers: {
        'Content-Type': 'application/zip',
        ...(object.ContentLength !== undefined ? { 'Content-Length': String(object.ContentLength) } : {}),
        'Content-Disposition': `attachment; filename="${file}"`,
        ...NO_STORE,
      },
    })
  }),
]
