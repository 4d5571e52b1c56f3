// Straight line segments in a photo's luma, for the tilt estimate (tilt.ts): a region-growing
// detector after LSD (von Gioi et al., "LSD: a Line Segment Detector", IPOL 2012), reduced to what
// a level-or-not question needs. Pixels with a strong gradient are taken strongest first; each
// grows a region of 8-connected neighbours whose edge direction stays within ANGLE_TOLERANCE of
// the region's; a region long, thin and dense enough is a segment, its direction the principal
// axis of its pixels weighted by gradient (a least-squares line through the edge, good to a
// fraction of a degree over a few dozen pixels). Only edges within SEED_RANGE of vertical or
// horizontal seed a region: the others cannot tell a tilt the straighten edit can undo.
//
// A Hough transform was the other candidate: it finds long collinear sets too, but its angle is
// the bin's (a tenth of a degree costs ten times the accumulator) and it joins unrelated edges
// that happen to line up (leaves, gravel); region growing needs the pixels to touch.

/** A segment: its centre and its two ends in pixels, its length, and its direction in degrees (see `angle`). */
export type LineSegment = {
  x: number
  y: number
  length: number
  /**
   * Direction in degrees in (−90, 90]: 0 is horizontal, 90 vertical; positive turns clockwise on
   * the screen from horizontal (the right end lower), as the image's y axis points down.
   */
  angle: number
  /** Sum of the gradient magnitude along it: how strong an edge it is. */
  strength: number
}

/** A region's pixels may differ in edge direction by this much from its mean (LSD's τ). */
const ANGLE_TOLERANCE = (22.5 * Math.PI) / 180
/** Seeds: edges within this many degrees of vertical or horizontal. */
const SEED_RANGE = 25
/** A pixel's gradient (grey levels a pixel, after a light blur) must be at least this. */
const MIN_GRADIENT = 5
/** A segment is at least this long (pixels) and at most MAX_WIDTH wide, its rectangle at least MIN_DENSITY filled. */
const MIN_LENGTH = 24
const MAX_WIDTH = 6
const MIN_DENSITY = 0.5

/**
 * The segments of a luma image (width × height values, 0–255), longest first.
 * About 20–40 ms on an 800 × 600 image.
 */
export function lineSegments(luma: Float32Array, width: number, height: number, minLength = MIN_LENGTH): LineSegment[] {
  const smooth = blur3(luma, width, height)
  const count = width * height
  const magnitude = new Float32Array(count)
  // The level line's direction (along the edge) as a unit vector: the gradient turned a quarter.
  const alongX = new Float32Array(count)
  const alongY = new Float32Array(count)
  const seedCos = Math.cos(((90 - SEED_RANGE) * Math.PI) / 180)
  const tolerance = Math.cos(ANGLE_TOLERANCE)
  // Seeds by magnitude in whole grey levels a pixel (LSD's pseudo-ordering: a bucket sort).
  const seedsOf: number[][] = []
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x
      // Sobel, divided by 8: grey levels a pixel.
      const gx =
        (smooth[i - width + 1] + 2 * smooth[i + 1] + smooth[i + width + 1] - smooth[i - width - 1] - 2 * smooth[i - 1] - smooth[i + width - 1]) / 8
      const gy =
        (smooth[i + width - 1] + 2 * smooth[i + width] + smooth[i + width + 1] - smooth[i - width - 1] - 2 * smooth[i - width] - smooth[i - width + 1]) / 8
      const squared = gx * gx + gy * gy
      if (squared < MIN_GRADIENT * MIN_GRADIENT) continue
      const m = Math.sqrt(squared)
      magnitude[i] = m
      alongX[i] = -gy / m
      alongY[i] = gx / m
      // Near vertical or horizontal: the gradient itself is near one of the axes.
      if (Math.abs(gx) >= seedCos * m || Math.abs(gy) >= seedCos * m) (seedsOf[Math.floor(m)] ??= []).push(i)
    }
  }

  const used = new Uint8Array(count)
  const segments: LineSegment[] = []
  const region = new Int32Array(count)
  for (let level = seedsOf.length - 1; level >= 0; level--) {
    for (const seed of seedsOf[level] ?? []) {
      if (used[seed]) continue
      let size = 0
      region[size++] = seed
      used[seed] = 1
      // The region's direction: the sum of its pixels' unit vectors (LSD's mean angle), kept unit.
      let sumX = alongX[seed]
      let sumY = alongY[seed]
      let meanX = sumX
      let meanY = sumY
      for (let k = 0; k < size; k++) {
        const p = region[k]
        const px = p % width
        const py = (p - px) / width
        for (let dy = -1; dy <= 1; dy++) {
          const ny = py + dy
          if (ny < 1 || ny >= height - 1) continue
          for (let dx = -1; dx <= 1; dx++) {
            const nx = px + dx
            if ((dx === 0 && dy === 0) || nx < 1 || nx >= width - 1) continue
            const q = ny * width + nx
            if (used[q] || magnitude[q] === 0) continue
            // Within ANGLE_TOLERANCE of the region's direction (edges of opposite contrast differ by 180°).
            if (alongX[q] * meanX + alongY[q] * meanY < tolerance) continue
            used[q] = 1
            region[size++] = q
            sumX += alongX[q]
            sumY += alongY[q]
            const norm = Math.sqrt(sumX * sumX + sumY * sumY)
            meanX = sumX / norm
            meanY = sumY / norm
          }
        }
      }
      if (size < minLength) continue
      const segment = fitSegment(region.subarray(0, size), magnitude, width, minLength)
      if (segment) segments.push(segment)
    }
  }
  return segments.sort((a, b) => b.length - a.length)
}

/** The principal axis of a region's pixels (weighted by gradient), if the region is a thin, dense line. */
function fitSegment(region: Int32Array, magnitude: Float32Array, width: number, minLength: number): LineSegment | null {
  let w = 0
  let sx = 0
  let sy = 0
  for (const p of region) {
    const m = magnitude[p]
    const x = p % width
    w += m
    sx += m * x
    sy += m * ((p - x) / width)
  }
  const cx = sx / w
  const cy = sy / w
  let xx = 0
  let yy = 0
  let xy = 0
  for (const p of region) {
    const m = magnitude[p]
    const x = (p % width) - cx
    const y = (p - (p % width)) / width - cy
    xx += m * x * x
    yy += m * y * y
    xy += m * x * y
  }
  // The axis of largest spread.
  const theta = 0.5 * Math.atan2(2 * xy, xx - yy)
  const ux = Math.cos(theta)
  const uy = Math.sin(theta)
  let minU = Infinity
  let maxU = -Infinity
  let minV = Infinity
  let maxV = -Infinity
  for (const p of region) {
    const x = (p % width) - cx
    const y = (p - (p % width)) / width - cy
    const u = x * ux + y * uy
    const v = -x * uy + y * ux
    if (u < minU) minU = u
    if (u > maxU) maxU = u
    if (v < minV) minV = v
    if (v > maxV) maxV = v
  }
  const length = maxU - minU + 1
  const thickness = maxV - minV + 1
  if (length < minLength || thickness > MAX_WIDTH || region.length / (length * thickness) < MIN_DENSITY) return null
  let angle = (theta * 180) / Math.PI
  if (angle <= -90) angle += 180
  if (angle > 90) angle -= 180
  const mid = (minU + maxU) / 2
  return { x: cx + mid * ux, y: cy + mid * uy, length, angle, strength: w }
}

/** A 3 × 3 binomial blur: less JPEG noise in the gradient's direction. */
function blur3(luma: Float32Array, width: number, height: number): Float32Array {
  const across = new Float32Array(luma.length)
  for (let y = 0; y < height; y++) {
    const row = y * width
    across[row] = luma[row]
    across[row + width - 1] = luma[row + width - 1]
    for (let x = 1; x < width - 1; x++) across[row + x] = (luma[row + x - 1] + 2 * luma[row + x] + luma[row + x + 1]) / 4
  }
  const out = new Float32Array(luma.length)
  for (let x = 0; x < width; x++) {
    out[x] = across[x]
    out[(height - 1) * width + x] = across[(height - 1) * width + x]
  }
  for (let y = 1; y < height - 1; y++) {
    const row = y * width
    for (let x = 0; x < width; x++) out[row + x] = (across[row + x - width] + 2 * across[row + x] + across[row + x + width]) / 4
  }
  return out
}
