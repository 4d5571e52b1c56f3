// How far a photo is turned from level, read from its straight lines (line-segments.ts): the
// `tilted` code and the straighten that undoes it (quality.ts).
//
// Verticals: in a level photo, the vertical edges of buildings, doors and furniture meet in one
// vanishing point straight above or below the centre (parallel when the camera is not pointed up
// or down, converging when it is). The point is found among the near-vertical segments by
// consensus: each pair's intersection, and each segment's own direction (parallel), is a
// candidate; the one the most segment length agrees with (each segment's direction within its
// tolerance of the line to the point) wins, refined by least squares over those segments. The
// photo's turn is the angle between the image's vertical and the line from its centre to that
// point. A vanishing point too near the photo (closer than VERTICALS.minDistance) is refused: it
// is the floorboards or a jetty's planks running away from the camera, not uprights.
//
// Horizontals: only the level ones say anything (a horizon, the edges of a wall seen face on);
// those of a receding wall slope with the perspective. So they count only as a parallel family,
// and only when a converging point explains them hardly better (at most HORIZONTALS.maxGain times
// the length): planks and tiles converge. When both are found they must agree within AGREEMENT
// or the photo is left unjudged; horizontals alone must be a strong horizon (HORIZON).
//
// The first attempt, the peak of a Sobel histogram of edge directions (quality.ts), strayed by up to
// 3° on level photos: every edge pixel voted, people's and trees' too. Here only long straight
// segments vote, and only when they agree.
//
// The thresholds were fitted by `npm run bench:analysis-accuracy` (bench/lib/quality-accuracy.ts) on
// the fitting half of the labelled photos turned by known angles (see TILT_MARGIN).
import { lineSegments, type LineSegment } from './line-segments'

/** The largest turn the estimate considers (and the straighten edit undoes), in degrees. */
export const MAX_TILT = 15

/** Segments within this many degrees of vertical (or horizontal) are candidates. */
const NEAR = 20
/** Segments shorter than this fraction of the photo's short side are left out (texture, hair, leaves). */
const MIN_SEGMENT = 0.04
/** A segment agrees with a vanishing point within 0.5° plus 20 pixels' worth of its length (short ones point less precisely). */
const TOLERANCE_DEGREES = 0.5
const TOLERANCE_PIXELS = 20
/** The longest this many segments make the candidate points. */
const CANDIDATES = 40

/**
 * Verticals are believed when the segments agreeing with their point are at least minLength long
 * together (in lengths of the photo's long side), at least minShare of all the near-vertical
 * length, at least minCount of them, and the point at least minDistance long sides from the centre.
 */
export const VERTICALS = { minLength: 0.6, minShare: 0.4, minCount: 4, minDistance: 1.2 }
/** Horizontals are believed (to confirm verticals) as a parallel family this long and this large a share, converging hardly better. */
export const HORIZONTALS = { minLength: 0.5, minShare: 0.4, maxGain: 1.2 }
/** Horizontals alone (no verticals believed): a horizon this long and this large a share. */
export const HORIZON = { minLength: 0.7, minShare: 0.5 }
/** Verticals and horizontals that disagree by more than this (degrees) leave the photo unjudged. */
export const AGREEMENT = 1
/**
 * Verticals the horizontals do not confirm (see HORIZONTALS) are believed only while the
 * horizontals, taken as a family of their own (converging as verticals may), are not longer than
 * this many times theirs: a photo whose strongest family of lines runs across it is more likely
 * turned sideways (a building's uprights lying down) than level, and its "verticals" are then
 * perspective lines. A facade seen face on has long horizontals too, but level and parallel ones:
 * they confirm its verticals.
 */
export const DOMINANCE = 1

export type TiltEstimate = {
  /** How far the photo's content is turned clockwise from level, in degrees (the straighten that undoes it is the opposite). */
  degrees: number
  /** The lines it was read from. */
  from: 'verticals' | 'horizon' | 'both'
}

type Line = {
  /** Midpoint and unit direction, in long sides from the image's centre. */
  x: number
  y: number
  ux: number
  uy: number
  length: number
  /** The line as a homogeneous vector (a, b, c), a² + b² = 1. */
  line: [number, number, number]
  tolerance: number
}

type Family = { degrees: number; length: number; share: number; count: number; distance: number }

const RADIANS = Math.PI / 180

/**
 * The photo's turn from its luma (width × height values, 0–255), or null when its straight lines
 * do not say it surely: too few, too short, disagreeing, or converging like perspective does.
 */
export function estimateTilt(luma: Float32Array, width: number, height: number): TiltEstimate | null {
  return tiltOfSegments(lineSegments(luma, width, height), width, height)
}

/** See estimateTilt; from segments already found. */
export function tiltOfSegments(segments: readonly LineSegment[], width: number, height: number): TiltEstimate | null {
  const verticals = nearLines(segments, width, height, 'vertical')
  const horizontals = nearLines(segments, width, height, 'horizontal')
  const v = family(verticals, 'vertical', false)
  const believedV =
    v && v.length >= VERTICALS.minLength && v.share >= VERTICALS.minShare && v.count >= VERTICALS.minCount && v.distance >= VERTICALS.minDistance
      ? v
      : null
  const h = family(horizontals, 'horizontal', true)
  const converging = family(horizontals, 'horizontal', false, 0.3)
  const believedH =
    h && h.length >= HORIZONTALS.minLength && h.share >= HORIZONTALS.minShare && (converging?.length ?? 0) <= HORIZONTALS.maxGain * h.length ? h : null
  if (believedV && believedH) {
    return Math.abs(believedV.degrees - believedH.degrees) <= AGREEMENT ? { degrees: believedV.degrees, from: 'both' } : null
  }
  const across = believedV && family(horizontals, 'horizontal', false)
  if (believedV && across && across.length > DOMINANCE * believedV.length) return null
  if (believedV) return { degrees: believedV.degrees, from: 'verticals' }
  if (believedH && believedH.length >= HORIZON.minLength && believedH.share >= HORIZON.minShare) return { degrees: believedH.degrees, from: 'horizon' }
  return null
}

/** The segments within NEAR degrees of vertical (or horizontal), longest first. */
function nearLines(segments: readonly LineSegment[], width: number, height: number, kind: 'vertical' | 'horizontal'): Line[] {
  const side = Math.max(width, height)
  const out: Line[] = []
  for (const s of segments) {
    const off = kind === 'horizontal' ? s.angle : s.angle > 0 ? s.angle - 90 : s.angle + 90
    if (Math.abs(off) > NEAR || s.length < MIN_SEGMENT * Math.min(width, height)) continue
    const ux = Math.cos(s.angle * RADIANS)
    const uy = Math.sin(s.angle * RADIANS)
    const x = (s.x - width / 2) / side
    const y = (s.y - height / 2) / side
    out.push({ x, y, ux, uy, length: s.length / side, line: [-uy, ux, uy * x - ux * y], tolerance: (TOLERANCE_DEGREES + TOLERANCE_PIXELS / s.length) * RADIANS })
  }
  return out.sort((a, b) => b.length - a.length)
}

type Point = [number, number, number]

/** The angle between a segment's direction and the line from its midpoint to a (homogeneous) point. */
function residual(s: Line, [px, py, w]: Point): number {
  const dx = Math.abs(w) < 1e-9 ? px : px / w - s.x
  const dy = Math.abs(w) < 1e-9 ? py : py / w - s.y
  const norm = Math.hypot(dx, dy)
  if (norm === 0) return Math.PI / 2
  return Math.acos(Math.min(1, Math.abs(dx * s.ux + dy * s.uy) / norm))
}

/** The turn a vanishing point says: the line from the centre to it, against the image's vertical (or horizontal). */
function turnOf([px, py, w]: Point, kind: 'vertical' | 'horizontal'): number {
  let dx = Math.abs(w) < 1e-9 ? px : px / w
  let dy = Math.abs(w) < 1e-9 ? py : py / w
  if (kind === 'vertical') {
    // Pointing up (y grows downwards): a clockwise turn leans the top to the right.
    if (dy > 0) [dx, dy] = [-dx, -dy]
    return Math.atan2(dx, -dy) / RADIANS
  }
  if (dx < 0) [dx, dy] = [-dx, -dy]
  return Math.atan2(dy, dx) / RADIANS
}

const distanceOf = ([px, py, w]: Point) => (Math.abs(w) < 1e-9 ? Infinity : Math.hypot(px / w, py / w))

/**
 * The vanishing point most of the lines' length agrees with (parallel only: a direction), its turn
 * and support; null when none within MAX_TILT (and at least minDistance from the centre).
 */
function family(lines: Line[], kind: 'vertical' | 'horizontal', parallelOnly: boolean, minDistance = VERTICALS.minDistance): Family | null {
  if (!lines.length) return null
  const plausible = (point: Point, distance = minDistance) =>
    Math.abs(turnOf(point, kind)) <= MAX_TILT + 1 && distanceOf(point) >= distance
  const top = lines.slice(0, CANDIDATES)
  const candidates: Point[] = top.map((s) => [s.ux, s.uy, 0])
  if (!parallelOnly) {
    for (let i = 0; i < top.length; i++) {
      for (let j = i + 1; j < top.length; j++) {
        const point = cross(top[i].line, top[j].line)
        const norm = Math.hypot(...point)
        if (norm > 0) candidates.push([point[0] / norm, point[1] / norm, point[2] / norm])
      }
    }
  }
  let best: { point: Point; score: number } | null = null
  for (const point of candidates) {
    if (!plausible(point)) continue
    let score = 0
    for (const s of lines) if (residual(s, point) < s.tolerance) score += s.length
    if (!best || score > best.score) best = { point, score }
  }
  if (!best) return null
  let point = best.point
  for (let round = 0; round < 3; round++) {
    const agreeing = lines.filter((s) => residual(s, point) < s.tolerance)
    if (agreeing.length < 2) break
    const refined = parallelOnly ? meanDirection(agreeing, point) : leastSquaresPoint(agreeing)
    if (!plausible(refined, minDistance * 0.8)) break
    point = refined
  }
  const agreeing = lines.filter((s) => residual(s, point) < s.tolerance)
  const length = agreeing.reduce((sum, s) => sum + s.length, 0)
  const total = lines.reduce((sum, s) => sum + s.length, 0)
  return { degrees: turnOf(point, kind), length, share: length / total, count: agreeing.length, distance: distanceOf(point) }
}

const cross = (a: Point, b: Point): Point => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]

/** The length-weighted mean direction of parallel segments (each turned to point the way `near` does). */
function meanDirection(lines: Line[], near: Point): Point {
  let x = 0
  let y = 0
  for (const s of lines) {
    const sign = s.ux * near[0] + s.uy * near[1] < 0 ? -1 : 1
    x += s.length * s.ux * sign
    y += s.length * s.uy * sign
  }
  return [x, y, 0]
}

/** The point nearest every line, weighted by length: the smallest eigenvector of Σ w l lᵀ. */
function leastSquaresPoint(lines: Line[]): Point {
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ]
  for (const s of lines) for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) m[a][b] += s.length * s.line[a] * s.line[b]
  return smallestEigenvector(m)
}

/** Jacobi rotations on a symmetric 3 × 3 matrix. */
function smallestEigenvector(matrix: number[][]): Point {
  const a = matrix.map((row) => [...row])
  const v = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ]
  for (let sweep = 0; sweep < 30; sweep++) {
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ]) {
      if (Math.abs(a[p][q]) < 1e-15) continue
      const theta = 0.5 * Math.atan2(2 * a[p][q], a[q][q] - a[p][p])
      const c = Math.cos(theta)
      const s = Math.sin(theta)
      for (let k = 0; k < 3; k++) {
        const kp = a[k][p]
        const kq = a[k][q]
        a[k][p] = c * kp - s * kq
        a[k][q] = s * kp + c * kq
      }
      for (let k = 0; k < 3; k++) {
        const pk = a[p][k]
        const qk = a[q][k]
        a[p][k] = c * pk - s * qk
        a[q][k] = s * pk + c * qk
      }
      for (let k = 0; k < 3; k++) {
        const kp = v[k][p]
        const kq = v[k][q]
        v[k][p] = c * kp - s * kq
        v[k][q] = s * kp + c * kq
      }
    }
  }
  let smallest = 0
  for (let i = 1; i < 3; i++) if (a[i][i] < a[smallest][smallest]) smallest = i
  return [v[0][smallest], v[1][smallest], v[2][smallest]]
}
