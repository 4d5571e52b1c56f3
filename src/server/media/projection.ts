// 360° panoramas at ingest (camera issue, item 3). A photo is an equirectangular panorama when
// its XMP says so in Google's Photo Sphere terms (GPano:ProjectionType="equirectangular", and
// not GPano:UsePanoramaViewer="False"); a photo without that XMP whose shape is a panorama's
// (2:1, at least PANORAMA_MIN_WIDTH wide) is only offered to the manager to confirm. The XMP is
// read with exifr from the packet sharp hands over, whatever the container (JPEG, PNG, WebP).
import * as exifrModule from 'exifr'
import { PANORAMA_MIN_WIDTH, PANORAMA_RATIO_SLACK_PX } from '../../lib/constants'
import type { Projection } from '../../lib/panorama'

export type { Projection } from '../../lib/panorama'

export type ProjectionFacts = {
  /** What the photo's XMP declares; null without such XMP. */
  detected: Projection | null
  /** No XMP says so, but the shape is a panorama's: the manager is asked. */
  looksLikePanorama: boolean
}

type GPano = { ProjectionType?: unknown; UsePanoramaViewer?: unknown }

// exifr ships a UMD main and an ES module: Node's import sees the first through `default`, bundlers the second.
const exifr: typeof exifrModule =
  'sidecar' in exifrModule ? exifrModule : (exifrModule as unknown as { default: typeof exifrModule }).default

/** The GPano properties of an XMP packet; {} when there are none or the packet is unreadable. */
async function gpanoOf(xmp: Buffer | undefined): Promise<GPano> {
  if (!xmp?.length) return {}
  const parsed = (await exifr.sidecar(xmp, { mergeOutput: false } as never, 'xmp').catch(() => undefined)) as
    { GPano?: GPano } | undefined
  return parsed?.GPano ?? {}
}

/** True when the upright size is a panorama's shape. */
export function hasPanoramaShape(width: number, height: number): boolean {
  return width >= PANORAMA_MIN_WIDTH && Math.abs(width - 2 * height) <= PANORAMA_RATIO_SLACK_PX
}

export async function readProjection({
  xmp,
  width,
  height,
}: {
  xmp?: Buffer
  width: number
  height: number
}): Promise<ProjectionFacts> {
  const gpano = await gpanoOf(xmp)
  const declared =
    String(gpano.ProjectionType ?? '')
      .trim()
      .toLowerCase() === 'equirectangular'
  // exifr turns "False" into false; a packet it could not revive still says "False".
  const viewerRefused = gpano.UsePanoramaViewer === false || String(gpano.UsePanoramaViewer).trim().toLowerCase() === 'false'
  const detected = declared && !viewerRefused ? 'equirectangular' : null
  return { detected, looksLikePanorama: !detected && !viewerRefused && hasPanoramaShape(width, height) }
}
