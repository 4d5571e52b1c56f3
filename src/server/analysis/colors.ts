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

/** The picture's colours by name with their share of it, largest first (clusters of one name merged). */
export function colorShares(pixels: Pixels): { name: string; share: number }[] {
  const shares = new Map<string, number>()
  for (const { center, share } of kmeans(pixels)) {
    const name = nameColor(center)
    shares.set(name, (shares.get(name) ?? 0) + share)
  }
  return [...shares.entries()].map(([name, share]) => ({ name, share: Math.round(share * 1000) / 1000 })).sort((a, b) => b.share - a.share)
}

/** The picture's colour words, most of the picture first (merging clusters of one name). */
export function dominantColors(pixels: Pixels): string[] {
  return colorWords(colorShares(pixels))
}

/** The colour words of colorShares' answer: the three largest that cover a tenth of the picture each. */
export function colorWords(shares: { name: string; share: number }[]): string[] {
  return shares
    .filter(({ share }) => share >= MIN_COLOR_SHARE)
    .slice(0, MAX_COLORS)
    .map(({ name }) => name)
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

/** The scene cues and the statistics the indoor/outdoor score reads (src/server/analysis/decide.ts). */
export type SceneStats = SceneCues & {
  /** Share of the upper half that is vegetation green (trees, hedges: rarely a ceiling). */
  greenTop: number
  /** Share of the top third that is clearly blue (sky, not a white ceiling). */
  blueTop: number
  /** Mean (red − blue) / 255, −1..1: warm artificial light and sunsets above 0, daylight shade below. */
  warmth: number
  /** Mean luminance step between neighbouring pixels of the upper half, 0..1: foliage and clouds vs walls. */
  textureTop: number
  /** Mean of the top third's rows' luminance spread, 0..0.5: a sky is level across, walls, lamps and objects are not. */
  topVariation: number
  /** Mean luminance of the top third minus the bottom third, −1..1: a sky over ground is above 0. */
  topMinusBottom: number
  /** Mean HSV saturation 0..1. */
  saturation: number
}

export function sceneCues(pixels: Pixels): SceneStats {
  const { width, height } = pixels
  let light = 0
  let sky = 0
  let blue = 0
  let skyTotal = 0
  let green = 0
  let greenTop = 0
  let topTotal = 0
  let water = 0
  let waterTotal = 0
  let warmth = 0
  let saturation = 0
  let texture = 0
  let textureTotal = 0
  let lightTop = 0
  let lightBottom = 0
  let bottomTotal = 0
  let rowSpread = 0
  let topRows = 0
  for (let y = 0; y < height; y++) {
    if (y < height / 3) {
      let sum = 0
      let squares = 0
      for (let x = 0; x < width; x++) {
        const l = luminance(pixelAt(pixels, y * width + x))
        sum += l
        squares += l * l
      }
      rowSpread += width ? Math.sqrt(Math.max(0, squares / width - (sum / width) ** 2)) : 0
      topRows++
    }
    for (let x = 0; x < width; x++) {
      const rgb = pixelAt(pixels, y * width + x)
      const { h, s, v } = rgbToHsv(rgb)
      const l = luminance(rgb)
      light += l
      warmth += (rgb[0] - rgb[2]) / 255
      saturation += s
      const isBlue = h >= 190 && h < 250 && s > 0.2 && v > 0.45
      const isGreen = h >= 65 && h < 160 && s > 0.25 && v > 0.15
      if (y < height / 3) {
        skyTotal++
        lightTop += l
        if (isBlue || (s < 0.15 && v > 0.75)) sky++
        if (isBlue) blue++
      }
      if (y >= (height * 2) / 3) {
        bottomTotal++
        lightBottom += l
      }
      if (isGreen) green++
      if (y < height / 2) {
        topTotal++
        if (isGreen) greenTop++
        if (x + 1 < width && y + 1 < height) {
          textureTotal++
          const right = luminance(pixelAt(pixels, y * width + x + 1))
          const below = luminance(pixelAt(pixels, (y + 1) * width + x))
          texture += (Math.abs(right - l) + Math.abs(below - l)) / 2
        }
      }
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
    greenTop: topTotal ? greenTop / topTotal : 0,
    blueTop: skyTotal ? blue / skyTotal : 0,
    warmth: warmth / n,
    textureTop: textureTotal ? texture / textureTotal : 0,
    topVariation: topRows ? rowSpread / topRows : 0,
    topMinusBottom: (skyTotal ? lightTop / skyTotal : 0) - (bottomTotal ? lightBottom / bottomTotal : 0),
    saturation: saturation / n,
  }
}

/** 'bright' / 'dark' / null: the light words for tags and descriptions. */
export function lightWord(cues: SceneCues): 'bright' | 'dark' | null {
  if (cues.brightness >= 0.58) return 'bright'
  if (cues.brightness < 0.28) return 'dark'
  return null
}
