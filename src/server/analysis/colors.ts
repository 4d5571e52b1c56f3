// Colours and scene cues from a small thumbnail (raw RGB): the dominant colours by k-means
// (deterministic: seeded from luminance quantiles, so the same photo always gives the
// same palette), each named from a small palette; and the light and "where is this" cues
// the category rules use (sky at the top, greenery, water low in the frame).

export type Rgb = [number, number, number]
export type Pixels = { data: Uint8Array | Buffer; width: number; height: number }

export const PALETTE_K = 5
const KMEANS_ITERATIONS = 12
/** A cluster smaller than this share of the picture is not one of its colours. */
const MIN_COLOR_SHARE = 0.1
const MAX_COLORS = 3

export function rgbToHsv([r, g, b]: Rgb): { h: number; s: number; v: number } {
  const rn = r / 255
  const gn = g / 255
  const bn = b / 255
  const max = Math.max(rn, gn, bn)
  const min = Math.min(rn, gn, bn)
  const d = max - min
  let h = 0
  if (d > 0) {
    if (max === rn) h = ((gn - bn) / d) % 6
    else if (max === gn) h = (bn - rn) / d + 2
    else h = (rn - gn) / d + 4
    h *= 60
    if (h < 0) h += 360
  }
  return { h, s: max === 0 ? 0 : d / max, v: max }
}

/** A plain colour word for an RGB value. */
export function nameColor(rgb: Rgb): string {
  const { h, s, v } = rgbToHsv(rgb)
  if (v < 0.2) return 'black'
  if (s < 0.14) return v > 0.85 ? 'white' : 'gray'
  if (s < 0.3 && v > 0.75 && h >= 20 && h < 70) return 'beige'
  if (h < 15 || h >= 340) return v < 0.5 ? 'brown' : s < 0.5 ? 'pink' : 'red'
  if (h < 45) return v < 0.65 ? 'brown' : s < 0.45 ? 'beige' : 'orange'
  if (h < 70) return v < 0.5 ? 'brown' : s < 0.35 ? 'beige' : 'yellow'
  if (h < 165) return 'green'
  if (h < 200) return 'teal'
  if (h < 255) return 'blue'
  if (h < 290) return 'purple'
  return 'pink'
}

const luminance = ([r, g, b]: Rgb) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255

function pixelAt(p: Pixels, i: number): Rgb {
  return [p.data[i * 3], p.data[i * 3 + 1], p.data[i * 3 + 2]]
}

/** k-means over the pixels; clusters with their share of the picture, largest first. */
export function kmeans(pixels: Pixels, k = PALETTE_K): { center: Rgb; share: number }[] {
  const n = pixels.width * pixels.height
  if (n === 0) return []
  const points = Array.from({ length: n }, (_, i) => pixelAt(pixels, i))
  const byLight = [...points].sort((a, b) => luminance(a) - luminance(b))
  let centers: Rgb[] = Array.from({ length: Math.min(k, n) }, (_, j) => [...byLight[Math.floor(((j + 0.5) / k) * n)]] as Rgb)
  const assignment = new Int32Array(n)
  for (let iteration = 0; iteration < KMEANS_ITERATIONS; iteration++) {
    let moved = false
    for (let i = 0; i < n; i++) {
      let best = 0
      let bestDistance = Infinity
      for (let c = 0; c < centers.length; c++) {
        const dr = points[i][0] - centers[c][0]
        const dg = points[i][1] - centers[c][1]
        const db = points[i][2] - centers[c][2]
        const distance = dr * dr + dg * dg + db * db
        if (distance < bestDistance) {
          bestDistance = distance
          best = c
        }
      }
      if (assignment[i] !== best) moved = true
      assignment[i] = best
    }
    const sums = centers.map(() => [0, 0, 0, 0])
    for (let i = 0; i < n; i++) {
      const s = sums[assignment[i]]
      s[0] += points[i][0]
      s[1] += points[i][1]
      s[2] += points[i][2]
      s[3] += 1
    }
    centers = centers.map((c, j) => (sums[j][3] ? [sums[j][0] / sums[j][3], sums[j][1] / sums[j][3], sums[j][2] / sums[j][3]] : c) as Rgb)
    if (!moved && iteration > 0) break
  }
  const counts = centers.map(() => 0)
  for (let i = 0; i < n; i++) counts[assignment[i]]++
  return centers
    .map((center, j) => ({ center: center.map(Math.round) as Rgb, share: counts[j] / n }))
    .filter((c) => c.share > 0)
    .sort((a, b) => b.share - a.share)
}

/** The picture's colour words, most of the picture first (merging clusters of one name). */
export function dominantColors(pixels: Pixels): string[] {
  const shares = new Map<string, number>()
  for (const { center, share } of kmeans(pixels)) {
    const name = nameColor(center)
    shares.set(name, (shares.get(name) ?? 0) + share)
  }
  return [...shares.entries()]
    .filter(([, share]) => share >= MIN_COLOR_SHARE)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_COLORS)
    .map(([name]) => name)
}

export type SceneCues = {
  /** Mean luminance 0..1. */
  brightness: number
  /** Share of the top third that looks like sky (blue, or light and colourless: overcast). */
  skyTop: number
  /** Share of the picture that is vegetation green. */
  green: number
  /** Share of the lower half that is pool water cyan (sky blue is a bluer hue). */
  waterLow: number
}

export function sceneCues(pixels: Pixels): SceneCues {
  const { width, height } = pixels
  let light = 0
  let sky = 0
  let skyTotal = 0
  let green = 0
  let water = 0
  let waterTotal = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const rgb = pixelAt(pixels, y * width + x)
      const { h, s, v } = rgbToHsv(rgb)
      light += luminance(rgb)
      const isBlue = h >= 190 && h < 250 && s > 0.2 && v > 0.45
      if (y < height / 3) {
        skyTotal++
        if (isBlue || (s < 0.15 && v > 0.75)) sky++
      }
      if (h >= 65 && h < 160 && s > 0.25 && v > 0.15) green++
      if (y >= height / 2) {
        waterTotal++
        if (h >= 165 && h < 200 && s > 0.35 && v > 0.4) water++
      }
    }
  }
  const n = width * height || 1
  return {
    brightness: light / n,
    skyTop: skyTotal ? sky / skyTotal : 0,
    green: green / n,
    waterLow: waterTotal ? water / waterTotal : 0,
  }
}

/** 'bright' / 'dark' / null: the light words for tags and descriptions. */
export function lightWord(cues: SceneCues): 'bright' | 'dark' | null {
  if (cues.brightness >= 0.58) return 'bright'
  if (cues.brightness < 0.28) return 'dark'
  return null
}
