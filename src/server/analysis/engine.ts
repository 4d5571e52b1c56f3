// One photo's analysis from its image bytes (the 800-px rendition, or a video's poster):
// the model's objects and embedding, the colours and scene cues of a thumbnail, and whether it is
// stored turned on its side (orientation.ts). What the photo's neighbours say (category votes,
// suggestions) is added by analyze-media.ts.
import sharp from 'sharp'
import { colorShares, colorWords, lightWord, sceneCues, type SceneStats } from './colors'
import { toObjects, type DetectedObject } from './detections'
import { infer, MODEL_INPUT_SIZE } from './model'
import { findSideways } from './orientation'

/** Thumbnail side for k-means and scene cues: 2,304 pixels is plenty for 3 colours. */
const THUMBNAIL_SIZE = 48

export type ImageAnalysis = {
  objects: DetectedObject[]
  colors: string[]
  /** Every colour name of the palette with its share of the picture (what the colour words' confidence is). */
  colorShares: { name: string; share: number }[]
  cues: SceneStats
  light: 'bright' | 'dark' | null
  embedding: number[]
  /** The clockwise turn that makes the photo upright when it is stored on its side or upside down; null when it is upright or unsure (or not checked). */
  sideways: 90 | 180 | 270 | null
}

/**
 * `orientation`: check whether the photo is stored turned (three more inferences, orientation.ts);
 * off for a video's poster or a 360° photo, whose way up is not the detector's to say.
 */
export async function analyzeImageBytes(bytes: Buffer, { orientation = true }: { orientation?: boolean } = {}): Promise<ImageAnalysis> {
  // One decode: the model's input, and the thumbnail made from it while the model runs.
  const input = await sharp(bytes, { failOn: 'error' })
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .resize(MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, { fit: 'fill' })
    .raw()
    .toBuffer()
  const thumbnail = sharp(input, { raw: { width: MODEL_INPUT_SIZE, height: MODEL_INPUT_SIZE, channels: 3 } })
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const [{ detections, embedding }, thumb] = await Promise.all([infer(input), thumbnail])
  const pixels = { data: thumb.data, width: thumb.info.width, height: thumb.info.height }
  const cues = sceneCues(pixels)
  const shares = colorShares(pixels)
  const sideways = orientation ? (await findSideways(input, detections, async (rgb) => (await infer(rgb)).detections)).turn : null
  return { objects: toObjects(detections, MODEL_INPUT_SIZE), colors: colorWords(shares), colorShares: shares, cues, light: lightWord(cues), embedding, sideways }
}
