import { describe as group, expect, it } from 'vitest'
import { dominantColors, kmeans, lightWord, nameColor, sceneCues, type Pixels } from '../../src/server/analysis/colors'
import { categoryOfRoom } from '../../src/lib/category-rules'
import { categorise, type CategoryVote } from '../../src/server/analysis/category'
import { analysisTags, countPhrase, describe } from '../../src/server/analysis/describe'
import { mergeTags } from '../../src/lib/tags'
import { iou, nonMaxSuppression, objectLabels, toObjects, type Detection, type DetectedObject } from '../../src/server/analysis/detections'
import { suggestPlacement, type PlacedPhoto } from '../../src/server/analysis/suggest'

const det = (classIndex: number, score: number, x1: number, y1: number, x2: number, y2: number): Detection => ({ classIndex, score, x1, y1, x2, y2 })
const obj = (label: string, score = 0.5): DetectedObject => ({ label, score, box: [0, 0, 0.5, 0.5] })
const indoorCues = { brightness: 0.5, skyTop: 0, green: 0, waterLow: 0 }

function solid(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Pixels {
  const data = new Uint8Array(width * height * 3)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 3)
  return { data, width, height }
}

group('non-maximum suppression', () => {
  it('measures overlap as intersection over union', () => {
    expect(iou(det(0, 1, 0, 0, 10, 10), det(0, 1, 0, 0, 10, 10))).toBe(1)
    expect(iou(det(0, 1, 0, 0, 10, 10), det(0, 1, 5, 0, 15, 10))).toBeCloseTo(50 / 150)
    expect(iou(det(0, 1, 0, 0, 10, 10), det(0, 1, 20, 20, 30, 30))).toBe(0)
  })

  it('keeps the strongest of overlapping boxes of one class, and overlapping boxes of different classes', () => {
    const kept = nonMaxSuppression([
      det(59, 0.6, 0, 0, 100, 100), // bed
      det(59, 0.9, 5, 5, 100, 100), // the same bed, stronger
      det(56, 0.5, 10, 10, 90, 90), // a chair in the same place: another class
      det(59, 0.4, 200, 200, 300, 300), // a second bed elsewhere
    ])
    expect(kept.map((d) => [d.classIndex, d.score])).toEqual([
      [59, 0.9],
      [56, 0.5],
      [59, 0.4],
    ])
  })

  it('drops boxes under the score threshold, unknown classes and NaN scores', () => {
    const kept = nonMaxSuppression([det(59, 0.1, 0, 0, 1, 1), det(200, 0.9, 0, 0, 1, 1), det(0, Number.NaN, 0, 0, 1, 1), det(0, 0.3, 0, 0, 1, 1)])
    expect(kept).toHaveLength(1)
    expect(kept[0].classIndex).toBe(0)
  })

  it('names objects in COCO words with boxes as fractions, distinct labels most confident first', () => {
    const objects = toObjects([det(62, 0.3, 0, 0, 256, 512), det(59, 0.8, 0, 256, 512, 512), det(60, 0.5, 600, 0, 700, 10)], 512)
    expect(objects.map((o) => o.label)).toEqual(['bed', 'dining table', 'tv'])
    expect(objects[0].box).toEqual([0, 0.5, 1, 1])
    expect(objects[1].box[0]).toBe(1) // clamped to the picture
    expect(objectLabels([obj('chair', 0.3), obj('bed', 0.9), obj('chair', 0.4)])).toEqual(['bed', 'chair'])
  })
})

group('colours', () => {
  it('names plain colours', () => {
    expect(nameColor([250, 250, 250])).toBe('white')
    expect(nameColor([10, 10, 10])).toBe('black')
    expect(nameColor([128, 128, 128])).toBe('gray')
    expect(nameColor([220, 30, 30])).toBe('red')
    expect(nameColor([40, 160, 40])).toBe('green')
    expect(nameColor([30, 80, 200])).toBe('blue')
    expect(nameColor([240, 140, 20])).toBe('orange')
    expect(nameColor([230, 220, 40])).toBe('yellow')
    expect(nameColor([120, 70, 30])).toBe('brown')
    expect(nameColor([235, 222, 195])).toBe('beige')
    expect(nameColor([130, 40, 180])).toBe('purple')
    expect(nameColor([20, 170, 170])).toBe('teal')
  })

  it('finds the two halves of a two-colour picture with their shares', () => {
    const pixels = solid(20, 10, (x) => (x < 15 ? [250, 250, 250] : [30, 80, 200]))
    const clusters = kmeans(pixels, 3)
    expect(clusters[0].center).toEqual([250, 250, 250])
    expect(clusters[0].share).toBeCloseTo(0.75)
    expect(clusters[1].center).toEqual([30, 80, 200])
    expect(dominantColors(pixels)).toEqual(['white', 'blue'])
  })

  it('leaves out colours under a tenth of the picture and is the same on every run', () => {
    const pixels = solid(20, 10, (x) => (x < 19 ? [40, 160, 40] : [220, 30, 30]))
    expect(dominantColors(pixels)).toEqual(['green'])
    const noisy = solid(16, 16, (x, y) => [(x * 37 + y * 11) % 256, (x * 5 + y * 53) % 256, (x * 91) % 256])
    expect(dominantColors(noisy)).toEqual(dominantColors(noisy))
  })

  it('reads sky at the top, greenery and pool water low in the frame, and the light', () => {
    const outdoor = solid(30, 30, (_x, y) => (y < 10 ? [90, 150, 230] : y < 15 ? [60, 150, 50] : [20, 190, 200]))
    const cues = sceneCues(outdoor)
    expect(cues.skyTop).toBe(1)
    expect(cues.green).toBeCloseTo(5 / 30)
    expect(cues.waterLow).toBe(1)
    expect(lightWord(sceneCues(solid(4, 4, () => [240, 240, 240])))).toBe('bright')
    expect(lightWord(sceneCues(solid(4, 4, () => [20, 20, 30])))).toBe('dark')
    expect(lightWord(sceneCues(solid(4, 4, () => [110, 110, 110])))).toBeNull()
  })
})

group('category rules', () => {
  it('a bed makes a bedroom, a toilet a bathroom, an oven and a fridge a kitchen', () => {
    expect(categorise([obj('bed', 0.6), obj('chair', 0.4), obj('tv', 0.3)], indoorCues).category).toBe('bedroom')
    expect(categorise([obj('toilet', 0.5), obj('sink', 0.5)], indoorCues).category).toBe('bathroom')
    expect(categorise([obj('oven', 0.5), obj('refrigerator', 0.4), obj('sink', 0.4)], indoorCues).category).toBe('kitchen')
    expect(categorise([obj('couch', 0.6), obj('tv', 0.5), obj('potted plant', 0.3)], indoorCues).category).toBe('living room')
    expect(categorise([obj('dining table', 0.6), obj('chair', 0.5), obj('wine glass', 0.3)], indoorCues).category).toBe('dining room')
    expect(categorise([obj('laptop', 0.6), obj('keyboard', 0.4)], indoorCues).category).toBe('office')
  })

  it('never calls an outdoor photo a room', () => {
    const sky = { brightness: 0.6, skyTop: 0.8, green: 0.3, waterLow: 0 }
    const result = categorise([obj('chair', 0.5), obj('dining table', 0.5), obj('umbrella', 0.4)], sky)
    expect(result.outdoor).toBe(true)
    expect(['exterior', 'garden', 'pool', 'terrace/balcony', 'view']).toContain(result.category)
    expect(result.category).toBe('terrace/balcony')
    expect(categorise([obj('car', 0.5)], { ...indoorCues, skyTop: 0.3 }).category).toBe('exterior')
    expect(categorise([], { brightness: 0.5, skyTop: 0, green: 0.9, waterLow: 0 }).category).toBe('garden')
    expect(categorise([], { brightness: 0.6, skyTop: 0.6, green: 0, waterLow: 0.7 }).category).toBe('pool')
    expect(categorise([], { brightness: 0.6, skyTop: 0.9, green: 0, waterLow: 0 }).category).toBe('view')
  })

  it('a bed by a bright window is still a bedroom', () => {
    expect(categorise([obj('bed', 0.6)], { brightness: 0.7, skyTop: 0.4, green: 0, waterLow: 0 }).category).toBe('bedroom')
  })

  it('with nothing to go on indoors it is "other" with a low confidence', () => {
    expect(categorise([], indoorCues)).toEqual({ category: 'other', confidence: 0.3, outdoor: false })
  })

  it('the placed neighbours tip an undecided photo and raise the confidence of an agreeing one', () => {
    const chair = [obj('chair', 0.5)]
    expect(categorise(chair, indoorCues).category).toBe('other')
    const votes: CategoryVote[] = [
      { category: 'office', similarity: 0.8 },
      { category: 'office', similarity: 0.7 },
      { category: 'bedroom', similarity: 0.2 },
    ]
    expect(categorise(chair, indoorCues, votes).category).toBe('office')
    const bed = [obj('bed', 0.6)]
    const alone = categorise(bed, indoorCues).confidence
    const agreed = categorise(bed, indoorCues, [{ category: 'bedroom', similarity: 0.9 }]).confidence
    expect(agreed).toBeGreaterThan(alone)
  })

  it('maps the manager\'s room names to categories', () => {
    expect(categoryOfRoom('Master Bedroom')).toBe('bedroom')
    expect(categoryOfRoom('Guest bath')).toBe('bathroom')
    expect(categoryOfRoom('Patio')).toBe('terrace/balcony')
    expect(categoryOfRoom('Family Room')).toBe('living room')
    expect(categoryOfRoom('Attic')).toBeNull()
    expect(categoryOfRoom(null)).toBeNull()
  })
})

group('descriptions and tags', () => {
  it('writes one readable sentence', () => {
    const objects = new Map([
      ['bed', 1],
      ['chair', 2],
      ['tv', 1],
    ])
    expect(describe({ category: 'bedroom', objects, colors: ['white'], light: 'bright' })).toBe('A bright bedroom with a bed, two chairs and a TV.')
    expect(describe({ category: 'garden', objects: new Map(), colors: ['green', 'blue', 'white'], light: null })).toBe('A garden in green and blue tones.')
    expect(describe({ category: 'exterior', objects: new Map([['car', 3]]), colors: [], light: 'dark' })).toBe('A dark view of the exterior with three cars.')
    expect(describe({ category: 'office', objects: new Map([['laptop', 1]]), colors: [], light: null })).toBe('An office with a laptop.')
  })

  it('writes no sentence when it can name neither the room or scene nor an object (never "A photo.")', () => {
    expect(describe({ category: 'other', objects: new Map(), colors: [], light: null })).toBeNull()
    expect(describe({ category: null, objects: new Map(), colors: [], light: null })).toBeNull()
    expect(describe({ category: null, objects: new Map(), colors: ['gray', 'green'], light: 'dark' })).toBeNull()
    expect(describe({ category: 'other', objects: new Map([['chair', 1]]), colors: [], light: null })).toBe('A photo with a chair.')
  })

  it('counts in words with proper plurals', () => {
    expect(countPhrase('person', 2)).toBe('two people')
    expect(countPhrase('couch', 2)).toBe('two couches')
    expect(countPhrase('oven', 1)).toBe('an oven')
    expect(countPhrase('potted plant', 12)).toBe('several potted plants')
  })

  it('tags from category, objects, colours and light, lower-case, with the spec\'s suggested words', () => {
    const tags = analysisTags({ category: 'living room', objects: new Map([['couch', 1], ['tv', 1]]), colors: ['Beige'], light: 'bright', outdoor: false })
    expect(tags).toEqual(['interior', 'living room', 'couch', 'tv', 'furnished', 'beige', 'bright'])
    const outside = analysisTags({ category: 'exterior', objects: new Map([['car', 1]]), colors: [], light: null, outdoor: true })
    expect(outside).toEqual(['exterior', 'car', 'parking'])
  })

  it('never removes or reorders a tag the manager added', () => {
    expect(mergeTags(['sea view', 'Renovated'], ['bedroom', 'renovated', 'BED', 'sea view'])).toEqual(['sea view', 'Renovated', 'bedroom', 'bed'])
    const full = Array.from({ length: 49 }, (_, i) => `t${i}`)
    expect(mergeTags(full, ['a', 'b'])).toEqual([...full, 'a'])
    expect(mergeTags([], [' ', 'x'.repeat(61), 'ok'])).toEqual(['ok'])
  })
})

group('placement suggestions', () => {
  const e = (...v: number[]) => [...v, 1, 1]
  const placed: PlacedPhoto[] = [
    { id: 'a', section: 'upstairs', room: 'Master Bedroom', embedding: e(1, 0, 0) },
    { id: 'b', section: 'upstairs', room: 'master bedroom', embedding: e(0.9, 0.1, 0) },
    { id: 'c', section: 'main_level', room: 'Kitchen', embedding: e(0, 1, 0) },
    { id: 'd', section: 'backyard', room: null, embedding: e(0, 0, 1) },
  ]

  it('suggests the section and room of the most alike placed photos, with a confidence', () => {
    const s = suggestPlacement(e(0.95, 0.05, 0), placed)
    expect(s?.section).toBe('upstairs')
    expect(s?.room).toBe('Master Bedroom')
    expect(s!.confidence).toBeGreaterThan(0.5)
    expect(s!.confidence).toBeLessThanOrEqual(1)
    expect(suggestPlacement(e(0, 0.1, 1), placed)?.section).toBe('backyard')
  })

  it('says nothing with no placed photos', () => {
    expect(suggestPlacement(e(1, 0, 0), [])).toBeNull()
  })
})

group('inference threads', () => {
  it('one in the app process, one per core up to two in a jobs-only process; ANALYSIS_THREADS decides when set', async () => {
    const os = await import('node:os')
    const { inferenceThreadCount } = await import('../../src/server/analysis/model')
    const cores = os.availableParallelism()
    expect(inferenceThreadCount({})).toBe(1)
    expect(inferenceThreadCount({}, true)).toBe(Math.min(2, cores))
    expect(inferenceThreadCount({ ANALYSIS_THREADS: '3' })).toBe(3)
    expect(inferenceThreadCount({ ANALYSIS_THREADS: '2' }, true)).toBe(2)
    expect(inferenceThreadCount({ ANALYSIS_THREADS: '99' })).toBe(4)
    expect(inferenceThreadCount({ ANALYSIS_THREADS: '0' })).toBe(1)
    expect(inferenceThreadCount({ ANALYSIS_THREADS: 'many' }, true)).toBe(Math.min(2, cores))
  })

  it('runs calls on several threads at once, each answering its own call, and refuses pixels of the wrong size', async () => {
    const { infer, setInferenceThreads, stopDetector, MODEL_INPUT_SIZE } = await import('../../src/server/analysis/model')
    await expect(infer(new Uint8Array(12))).rejects.toThrow(/512×512 RGB pixels/)
    const fs = await import('node:fs')
    const niceOfThreads = () =>
      fs.readdirSync('/proc/self/task').map((tid) => {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
      })
    await stopDetector()
    setInferenceThreads(2, { nice: 5 })
    try {
      const plain = (value: number) => new Uint8Array(MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3).fill(value)
      const [dark, light, darkAgain] = await Promise.all([infer(plain(10)), infer(plain(240)), infer(plain(10))])
      // Two inference threads at nice 5; the process's own threads keep theirs.
      expect(niceOfThreads().filter((nice) => nice === 5)).toHaveLength(2)
      expect(niceOfThreads()).toContain(0)
      expect(dark.embedding).toHaveLength(128)
      // Same pixels, same answer, whichever thread ran them; different pixels, different embedding.
      expect(darkAgain.embedding).toEqual(dark.embedding)
      expect(light.embedding).not.toEqual(dark.embedding)
    } finally {
      setInferenceThreads(1)
      await stopDetector()
    }
  }, 120_000)
})
