// Ingest: turns an uploaded original into a servable media file. Checks the real type
// from the first bytes, then makes WebP renditions, a placeholder, hashes and the public copy
// (images; their AVIF renditions follow from a job of their own) or a poster and a browser-playable rendition or public copy (videos), and records
// measured savings. The original itself is never served to visitors: it may carry the camera's
// position, serial number and owner (docs/architecture.md §14 Privacy); only accounts of its property
// download it.
// Idempotent: a re-run overwrites the same derived keys and the same fields.
// It writes only the pipeline's fields (media-repository.ts), never a document read earlier,
// so the manager's edits made while it runs are kept, and its results are never undone.
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import type { Payload } from 'payload'
import { ANALYSIS_QUEUE, ANALYZE_TASK, analyzeOnUpload } from '../analysis/analysis-task'
import { assertDeclaredTypeMatches, detectMediaType, SNIFF_BYTES } from './detect-type'
import { MediaRejectedError } from './errors'
import { sha256OfFile } from './hash'
import { imageHashesOf } from './phash'
import { readStoredFile, writePipelineFields, type PipelineFields } from './media-repository'
import { processImage, type ProcessedImage } from './process-image'
import { QUALITY_VERSION } from './quality'
import { extractPoster, makePlayableRendition, makePublicVideoCopy, needsPlayableRendition, probeVideo } from './process-video'
import { getObject } from '../storage/get-object'
import { derivedKey, playbackKey, posterKey, publicCopyKey } from '../storage/keys'
import { moveToTrash } from '../storage/move-to-trash'
import { putObject } from '../storage/put-object'
import { readObject } from '../storage/read-object'
import { standaloneSql } from '../db/transaction'
import { checkpointsOf } from '../checkpoints'
import { mediaPropertyScope } from '../properties/media-property'
import type { PropertyScope } from '../db/property-db'
import { queueAvif } from './avif-renditions'

/** The rendition the lightbox shows: its saving against the original is the compression ratio. */
export const DISPLAY_WIDTH = 1600

/** A photo up to this size is read whole at once (camera photos are 2–30 MB). */
const READ_WHOLE_MAX_BYTES = 64 * 1024 * 1024

const missingOriginal = (mediaId: string) => new Error(`The original of ${mediaId} is missing from the store`)

const percentSaved = (original: number, optimized: number) =>
  original > 0 ? Math.max(0, Math.round((1 - optimized / original) * 1000) / 10) : 0

export async function ingestMedia(payload: Payload, mediaId: string): Promise<void> {
  // The job names the record only: its own row says whose it is, and every write names that property.
  const scope = await mediaPropertyScope(payload, mediaId)
  const media = scope && (await readStoredFile(standaloneSql(payload), scope, mediaId))
  if (!scope || !media) return // Deleted before it was processed: nothing to do.
  if (!media.storageKey) throw new MediaRejectedError('The record has no uploaded file.')
  const update = (fields: PipelineFields) => writePipelineFields(standaloneSql(payload), scope, mediaId, fields)
  await update({ status: 'processing', processingError: null })
  const originalSize = media.filesize ?? 0

  try {
    // A photo of a usual size is read whole once and its type sniffed from those bytes; a video's,
    // or a larger file's, first bytes only (a file that is not what it says is refused unread).
    const readWhole = media.fileType === 'image' && originalSize <= READ_WHOLE_MAX_BYTES
    const bytes = await readObject({ key: media.storageKey, firstBytes: readWhole ? undefined : SNIFF_BYTES })
    if (!bytes) throw missingOriginal(mediaId)
    const detected = await detectMediaType(bytes.subarray(0, SNIFF_BYTES))
    assertDeclaredTypeMatches(media.mimeType ?? '', detected)
    const fields =
      detected.kind === 'image'
        ? await storeImage(mediaId, await processImage(readWhole ? bytes : await readOriginal(mediaId, media.storageKey)), originalSize)
        : await ingestVideo(mediaId, media.storageKey, originalSize)
    await checkpointsOf(payload).reached('ingest:before-results', mediaId)
    await update({
      ...fields,
      isOptimized: true,
      optimizedAt: new Date().toISOString(),
      status: 'ready',
      processingError: null,
    })
    if (detected.kind === 'image') await queueAvifOf(payload, scope, mediaId)
    if (analyzeOnUpload()) {
      await payload.jobs.queue({ task: ANALYZE_TASK, queue: ANALYSIS_QUEUE, input: { mediaId } as never })
    }
  } catch (error) {
    if (error instanceof MediaRejectedError) {
      // Never served: the original leaves the bucket's live area and the record says why.
      const { failed } = await moveToTrash({ keys: [media.storageKey] })
      if (failed.length) throw failed[0].error
      await update({ status: 'failed', processingError: error.reason })
      return
    }
    throw error
  }
}

/**
 * The photo's AVIF renditions come after it is ready, from a job of their own (avif-renditions.ts):
 * a failure to queue it never fails the ingest (the backfill at the next start makes them).
 */
async function queueAvifOf(payload: Payload, scope: PropertyScope, mediaId: string) {
  try {
    await queueAvif(payload, scope.id, mediaId)
  } catch (error) {
    payload.logger.warn({ err: error, msg: `Could not queue the AVIF renditions of ${mediaId}` })
  }
}

export async function markIngestFailed(payload: Payload, mediaId: string, reason: string) {
  const scope = await mediaPropertyScope(payload, mediaId)
  if (scope) await writePipelineFields(standaloneSql(payload), scope, mediaId, { status: 'failed', processingError: reason })
}

async function readOriginal(mediaId: string, key: string) {
  const original = await readObject({ key })
  if (!original) throw missingOriginal(mediaId)
  return original
}

/**
 * Stores what processImage made of a photo (its renditions and public copy, under the keys of
 * its edit version: 0 at ingest, the saved one for an edit) and answers the fields that record them.
 */
export async function storeImage(mediaId: string, image: ProcessedImage, originalSize: number, editVersion = 0) {
  // The renditions and the public copy go to the store side by side.
  const publicKey = publicCopyKey(mediaId, image.publicCopy.ext, editVersion)
  const [derivatives] = await Promise.all([
    Promise.all(
      image.derivatives.map(async ({ width, height, data, size }) => {
        const derivedObjectKey = derivedKey(mediaId, width, editVersion)
        await putObject({ key: derivedObjectKey, body: data, contentType: 'image/webp' })
        return { width, height, key: derivedObjectKey, size }
      }),
    ),
    putObject({ key: publicKey, body: image.publicCopy.data, contentType: image.publicCopy.contentType }),
  ])
  const display = [...derivatives].reverse().find((d) => d.width <= DISPLAY_WIDTH) ?? derivatives[0]
  return {
    publicKey,
    width: image.width,
    height: image.height,
    derivatives,
    placeholder: image.placeholder,
    sha256: image.sha256,
    perceptualHash: image.perceptualHash,
    cropHashes: image.cropHashes,
    mirrorHash: image.mirrorHash,
    regionHashes: image.regionHashes,
    qualityIssues: image.quality.issues,
    qualityNote: image.quality.notJudged.join('; ') || null,
    qualityVersion: QUALITY_VERSION,
    suggestedEdits: image.quality.suggestions,
    optimizedFileSize: display.size,
    compressionRatio: percentSaved(originalSize, display.size),
    // What the photo says of itself; the manager's 360° toggle is a field of its own, kept.
    detectedProjection: image.projection.detected,
    panoramaShape: image.projection.looksLikePanorama,
  }
}

async function ingestVideo(mediaId: string, key: string, originalSize: number) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ingest-'))
  try {
    const original = path.join(dir, 'original')
    const object = await getObject({ key })
    if (!object?.Body) throw missingOriginal(mediaId)
    await pipeline(object.Body as Readable, createWriteStream(original))

    const probe = await probeVideo(original)
    const poster = path.join(dir, 'poster.jpg')
    await extractPoster(original, poster)
    const posterBytes = await fs.readFile(poster)
    const posterHashes = await imageHashesOf(posterBytes)
    await putObject({ key: posterKey(mediaId), body: posterBytes, contentType: 'image/jpeg' })

    let playback: string | null = null
    let publicKey: string | null = null
    let optimizedFileSize = originalSize
    if (needsPlayableRendition(probe)) {
      const rendition = path.join(dir, 'playback.mp4')
      await makePlayableRendition(original, rendition)
      const renditionBytes = await fs.readFile(rendition)
      playback = playbackKey(mediaId)
      await putObject({ key: playback, body: renditionBytes, contentType: 'video/mp4' })
      optimizedFileSize = renditionBytes.length
    } else {
      // It plays as it is: visitors get the same streams in a copy without the metadata.
      const copy = path.join(dir, 'public.mp4')
      await makePublicVideoCopy(original, copy, probe)
      publicKey = publicCopyKey(mediaId, 'mp4')
      await putObject({ key: publicKey, body: await fs.readFile(copy), contentType: 'video/mp4' })
    }
    return {
      publicKey,
      width: probe.width,
      height: probe.height,
      duration: probe.duration,
      sha256: await sha256OfFile(original),
      // The poster's pHash lets the duplicate scan find a re-encoded copy of a video.
      perceptualHash: posterHashes.hash,
      mirrorHash: posterHashes.mirror,
      regionHashes: posterHashes.regions,
      posterKey: posterKey(mediaId),
      playbackKey: playback,
      // The codes are about photos listing sites take; a video has none.
      qualityIssues: [],
      qualityNote: null,
      qualityVersion: QUALITY_VERSION,
      suggestedEdits: [],
      optimizedFileSize,
      compressionRatio: percentSaved(originalSize, optimizedFileSize),
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}
