// The edit job: a photo's renditions made again from its untouched original and its edit list
// (src/lib/edits.ts) — the WebP renditions, the public copy, the placeholder, its size, its
// perceptual hashes, quality codes and their suggested edits — under keys of the edit version
// (storage/keys.ts), so pages keep showing the version before until the new one is recorded (never
// a broken image). Its AVIF renditions follow in the same job, from the edited pixels it has in
// hand (the AVIF job would decode and edit the original again), recorded once the WebP ones are;
// and, as after an upload, analysis runs again (unless ANALYZE_ON_UPLOAD is off): what it says
// (the objects, a sideways photo's rotate) is of the edited photo.
//
// One job per save, named by its version. Idempotent and safe under kill -9: a re-run makes the
// same keys again and records them once; the write is conditional on the version still being the
// latest (a newer save or a revert supersedes it: that one's job renders), and after it the
// objects of older versions move to trash/, where backups and restores find them (a restore of an
// older backup brings its own version back). A photo deleted meanwhile ends the job, its objects
// trashed. The original's SHA-256 stays: it names the uploaded file, which is unchanged.
import type { Payload } from 'payload'
import { ANALYSIS_QUEUE, ANALYZE_TASK, analyzeOnUpload } from '../analysis/analysis-task'
import { checkpointsOf } from '../checkpoints'
import { standaloneSql } from '../db/transaction'
import { propertyScopeById } from '../properties/default-property'
import { editVersionOfKey, renditionPrefixes, uneditedPreviewKey } from '../storage/keys'
import { putObject } from '../storage/put-object'
import { listObjects } from '../storage/list-objects'
import { moveToTrash } from '../storage/move-to-trash'
import { readObject } from '../storage/read-object'
import { storeImage } from './ingest'
import { makeAvifFor, storeAvif, type AvifRecord } from './avif-renditions'
import { MediaRejectedError } from './errors'
import { headObject } from '../storage/head-object'
import type { PropertyScope } from '../db/property-db'
import { fillMissingAvif, readEditState, writeEditedRenditions } from './media-repository'
import { encodeAvif, processImage, type ProcessedImage } from './process-image'

export const EDIT_TASK = 'renderMediaEdits' as const

export type EditRenderOutcome =
  /** The version's renditions are recorded (now, or by an earlier run). */
  | { state: 'rendered' }
  /** A newer save or a revert came meanwhile: its own job renders it. */
  | { state: 'superseded' }
  /** The photo or its property is gone: nothing is left behind. */
  | { state: 'gone' }

/** Queues the job that renders edit `version` of a photo. */
export async function queueEditRender(payload: Payload, propertyId: string, mediaId: string, version: number): Promise<void> {
  await payload.jobs.queue({ task: EDIT_TASK, input: { propertyId, mediaId, version } as never })
}

export async function renderEdits(payload: Payload, propertyId: string, mediaId: string, version: number): Promise<EditRenderOutcome> {
  const scope = await propertyScopeById(payload, propertyId)
  if (!scope) return { state: 'gone' }
  const db = standaloneSql(payload)
  const state = await readEditState(db, scope, mediaId)
  if (!state) return { state: 'gone' }
  if (state.version !== version) return { state: 'superseded' }
  if (state.renderedVersion === version) {
    // Run again after a crash: the AVIF renditions may be what is left to make (makeAvifFor skips them when made).
    await trashOlderVersions(mediaId, version)
    await makeAvifFor(payload, scope.id, mediaId)
    return { state: 'rendered' }
  }
  if (!state.storageKey) throw new Error(`Media ${mediaId} has no original to edit`)
  const original = await readObject({ key: state.storageKey })
  if (!original) throw new Error(`The original of ${mediaId} is missing from the store`)

  // The editor's copy of the original is made once per photo (the original never changes).
  const image = await processImage(original, { edits: state.operations, uneditedPreview: !(await headObject({ key: uneditedPreviewKey(mediaId) })) })
  if (image.uneditedPreview) await putObject({ key: uneditedPreviewKey(mediaId), body: image.uneditedPreview, contentType: 'image/webp' })
  const stored = await storeImage(mediaId, image, original.length, version)
  await checkpointsOf(payload).reached('edits:before-write', mediaId)
  // The original's SHA-256 and what it says of itself (its 360° facts) stay as ingest wrote them.
  const { sha256: _sha256, detectedProjection: _detected, panoramaShape: _shape, ...fields } = stored
  const written = await writeEditedRenditions(db, scope, mediaId, version, fields)
  if (!written) {
    // Superseded or deleted meanwhile: what this run stored is nobody's.
    await moveToTrash({ keys: [...stored.derivatives.map((d) => d.key), stored.publicKey] })
    const still = await readEditState(db, scope, mediaId)
    return still ? { state: 'superseded' } : { state: 'gone' }
  }
  await trashOlderVersions(mediaId, version)
  await recordAvif(payload, scope, mediaId, version, image, stored.derivatives)
  if (analyzeOnUpload()) await queueAnalysisOf(payload, mediaId)
  return { state: 'rendered' }
}

/**
 * The AVIF renditions of the version's WebP ones, from the edited pixels; recorded only while the
 * version is still the one shown (as the AVIF job records them). Pixels that cannot be encoded
 * get none, as there.
 */
async function recordAvif(
  payload: Payload,
  scope: PropertyScope,
  mediaId: string,
  version: number,
  image: ProcessedImage,
  derivatives: ReadonlyArray<{ width: number; height: number }>,
) {
  if (!image.edited) return
  let made: AvifRecord[] = []
  try {
    made = await storeAvif(mediaId, version, await encodeAvif(image.edited, image, derivatives))
  } catch (error) {
    if (!(error instanceof MediaRejectedError)) throw error
  }
  const recorded = await fillMissingAvif(standaloneSql(payload), scope, mediaId, version, made)
  if (!recorded && made.length) await moveToTrash({ keys: made.map((rendition) => rendition.key) })
}

/** Analysis of the edited photo: a failure to queue it never fails the edit (Analyze All measures it later). */
async function queueAnalysisOf(payload: Payload, mediaId: string) {
  try {
    await payload.jobs.queue({ task: ANALYZE_TASK, queue: ANALYSIS_QUEUE, input: { mediaId, force: true } as never })
  } catch (error) {
    payload.logger.warn({ err: error, msg: `Could not queue the analysis of the edited ${mediaId}` })
  }
}

/** Renditions and public copies of versions before `version` go to trash/ (the store is listed: a crash after the write leaves none behind). */
async function trashOlderVersions(mediaId: string, version: number) {
  const listed = await Promise.all(renditionPrefixes(mediaId).map((prefix) => listObjects({ prefix })))
  const keep = uneditedPreviewKey(mediaId)
  const older = listed.flatMap((objects) => [...objects.keys()]).filter((key) => key !== keep && editVersionOfKey(key) < version)
  if (!older.length) return
  const { failed } = await moveToTrash({ keys: older })
  if (failed.length) throw failed[0].error
}
