// The duplicate engine: from what ingest and analysis stored about each media file to
// groups of suspected duplicates, best file first, each with its strongest reason.
// Pure (no I/O) so it is unit-tested and benchmarked on its own. Never all-pairs:
//   identical_hash    – files bucketed by sha256;
//   size_and_name     – bucketed by (byte size, normalised name);
//   visual_similarity – pHash and centre-crop hashes through a multi-index hash table,
//                       the hash of the mirrored image, region hashes (a caption or a logo
//                       along one side), and analysis embeddings through an LSH index.
// Pairs become groups around their best file (groupsOf: every member matches it directly);
// a group's confidence and reason are its strongest pair's.
import { bestFirst, compareBestFirst, type RankedFile } from './best-first'
import {
  IDENTICAL_CONFIDENCE,
  MAX_CROP_DISTANCE,
  MAX_MIRROR_DISTANCE,
  MAX_REGION_DISTANCE,
  MAX_WHOLE_DISTANCE,
  MIN_MATCHING_REGIONS,
  FAR_REGION_DISTANCE,
  REGIONS_TO_CONTRADICT,
  MIN_EMBEDDING_COSINE,
  MIN_EMBEDDINGS_FOR_CENTRING,
  SIZE_AND_NAME_CONFIDENCE,
  embeddingConfidence,
  strongerThan,
  regionConfidence,
  visualConfidence,
  type DuplicateReason,
} from './confidence'
import { EmbeddingIndex } from './embedding-index'
import { REFERENCE_EMBEDDING_MEAN } from './embedding-reference'
import { hamming64, mirrored, parseHash64 } from './hash64'
import { HashIndex } from './hash-index'
import { normaliseName } from './names'
import { UnionFind } from './union-find'

export type ScanRow = RankedFile & {
  fileType: 'image' | 'video'
  originalFilename: string
  sha256: string | null
  /** pHash of the image, or of a video's poster frame. */
  perceptualHash: string | null
  cropHashes: readonly string[] | null
  /** pHash of the image mirrored left–right (ingest computes it; older rows have none: predicted then). */
  mirrorHash?: string | null
  /** pHashes of a 3 × 3 grid of regions, row by row (imageHashesOf). */
  regionHashes?: readonly string[] | null
  embedding: ArrayLike<number> | null
}

export type FoundGroup = {
  confidence: number
  reason: DuplicateReason
  /** Media ids, best first. */
  memberIds: string[]
}

/** Which signal linked a pair (the reason alone does not tell a crop from a caption). */
export type EdgeSignal = 'sha256' | 'size_and_name' | 'whole' | 'crop' | 'mirror' | 'regions' | 'embedding'

/** A pair of rows (by index, a < b) found alike, with its strongest signal. */
export type Edge = {
  a: number
  b: number
  confidence: number
  reason: DuplicateReason
  signal: EdgeSignal
  /** Bits apart for a hash signal (the worst close region for regions), 0 otherwise. */
  distance: number
}

export type FindOptions = {
  /** Look for mirrored copies too (one more probe per file). @default true */
  mirrors?: boolean
}

export type Progress = { done: number; total: number }

const PROGRESS_EVERY = 512
/** Region hashes per file (a 3 × 3 grid). */
const REGIONS = 9
/**
 * The regions searched through an index: the four corners. A pair with MIN_MATCHING_REGIONS
 * (6) of 9 regions close differs in at most 3, so at least one corner is close: searching the
 * corners finds every such pair, and the candidates are then compared on all 9.
 */
const PROBED_REGIONS = [0, 2, 6, 8]

/** The groups among rows, all at once. */
export function findDuplicateGroups(rows: readonly ScanRow[], options: FindOptions = {}): FoundGroup[] {
  return runToEnd(duplicateGroupSteps(rows, options))
}

/** Runs steps to their end, without giving the event loop back; their result. */
function runToEnd<T>(steps: Generator<Progress, T>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/**
 * The groups among rows, giving the event loop back every few hundred files and reporting
 * the work done (in files) each time: the scan job records it as the scan's real progress.
 */
export async function findDuplicateGroupsAsync(
  rows: readonly ScanRow[],
  onProgress: (progress: Progress) => void | Promise<void>,
  options: FindOptions = {},
): Promise<FoundGroup[]> {
  const steps = duplicateGroupSteps(rows, options)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    await onProgress(step.value)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/** The engine, as steps: yields progress now and then, returns the groups. */
export function* duplicateGroupSteps(rows: readonly ScanRow[], options: FindOptions = {}): Generator<Progress, FoundGroup[]> {
  const edges = yield* duplicateEdgeSteps(rows, options)
  return groupsOf(rows, edges)
}

/** Every pair of rows found alike, each with its strongest signal (the benchmark reads them to explain a wrong group). */
export function findDuplicateEdges(rows: readonly ScanRow[], options: FindOptions = {}): Edge[] {
  return runToEnd(duplicateEdgeSteps(rows, options))
}

/** The pairs, as steps: yields progress now and then, returns the pairs. */
function* duplicateEdgeSteps(rows: readonly ScanRow[], options: FindOptions = {}): Generator<Progress, Edge[]> {
  const { mirrors = true } = options
  const count = rows.length
  const edges = new Map<number, Edge>()
  const addEdge = (x: number, y: number, confidence: number, reason: DuplicateReason, signal: EdgeSignal, distance = 0) => {
    const [a, b] = x < y ? [x, y] : [y, x]
    const key = a * count + b
    const edge: Edge = { a, b, confidence, reason, signal, distance }
    const known = edges.get(key)
    if (!known || strongerThan(edge, known)) edges.set(key, edge)
  }

  // Exact signals: buckets, linked in a chain (union-find makes the chain a group).
  linkBuckets(rows, (row) => row.sha256 || null, (a, b) => addEdge(a, b, IDENTICAL_CONFIDENCE, 'identical_hash', 'sha256'))
  // Names are compared only among files of one byte size (few share one): normalising every
  // name would cost more than the rest of this step.
  const sizeKey = (row: ScanRow) => (row.size && row.size > 0 ? `${row.fileType}:${row.size}` : null)
  const sizeCounts = new Map<string, number>()
  for (const row of rows) {
    const key = sizeKey(row)
    if (key !== null) sizeCounts.set(key, (sizeCounts.get(key) ?? 0) + 1)
  }
  linkBuckets(
    rows,
    (row) => {
      const key = sizeKey(row)
      if (key === null || sizeCounts.get(key)! < 2) return null
      const name = normaliseName(row.originalFilename)
      return name ? `${key}:${name}` : null
    },
    (a, b) => addEdge(a, b, SIZE_AND_NAME_CONFIDENCE, 'size_and_name', 'size_and_name'),
  )

  // Visual: every whole hash and crop hash indexed, each file's whole hash (and its mirror) probed.
  const hashed: number[] = []
  const his: number[] = []
  const los: number[] = []
  const owners: number[] = []
  const isCrop: boolean[] = []
  const qHis: number[] = []
  const qLos: number[] = []
  rows.forEach((row, item) => {
    const whole = parseHash64(row.perceptualHash)
    if (!whole) return
    hashed.push(item)
    qHis.push(whole.hi)
    qLos.push(whole.lo)
    his.push(whole.hi)
    los.push(whole.lo)
    owners.push(item)
    isCrop.push(false)
    // The 90 % centre crop only: it covers crops of 2–10 % (a 2 % crop still matches the whole
    // hash); the 80 % crop would add a third of the index for crops beyond that.
    const crop = parseHash64(row.cropHashes?.[0])
    if (crop) {
      his.push(crop.hi)
      los.push(crop.lo)
      owners.push(item)
      isCrop.push(true)
    }
  })
  const withEmbedding = rows.flatMap((row, item) => (row.embedding && row.embedding.length > 0 ? [item] : []))
  const withRegions = hashed.filter((item) => rows[item].regionHashes?.length === REGIONS)
  // Work units: 4 block passes per file for whole hashes, 4 for mirrors, 4 per probed region, 1 per embedding.
  const total = hashed.length * (mirrors ? 8 : 4) + withRegions.length * 4 * PROBED_REGIONS.length + withEmbedding.length
  let done = 0
  yield { done, total }
  const base = () => done
  function* progressOf(steps: Generator<number, void>): Generator<Progress, void> {
    const from = base()
    for (const step of steps) {
      done = from + step
      yield { done, total }
    }
  }

  const index = new HashIndex(Uint32Array.from(his), Uint32Array.from(los))
  const qHi = Uint32Array.from(qHis)
  const qLo = Uint32Array.from(qLos)
  // Whole hashes against whole and crop hashes.
  yield* progressOf(
    index.searchAll(qHi, qLo, Math.max(MAX_WHOLE_DISTANCE, MAX_CROP_DISTANCE), (query, entry, distance) => {
      const item = hashed[query]
      const other = owners[entry]
      if (other === item || rows[other].fileType !== rows[item].fileType) return
      if (isCrop[entry]) {
        if (distance <= MAX_CROP_DISTANCE) addEdge(item, other, visualConfidence(distance, 'crop'), 'visual_similarity', 'crop', distance)
      } else if (distance <= MAX_WHOLE_DISTANCE && item < other && !regionsContradict(rows[item], rows[other])) {
        addEdge(item, other, visualConfidence(distance, 'whole'), 'visual_similarity', 'whole', distance)
      }
    }),
  )
  // Each file's mirror-image hash against whole hashes.
  if (mirrors) {
    const mirrorHashes = hashed.map((item, query) => parseHash64(rows[item].mirrorHash) ?? mirrored({ hi: qHi[query], lo: qLo[query] }))
    yield* progressOf(
      index.searchAll(
        Uint32Array.from(mirrorHashes, (hash) => hash.hi),
        Uint32Array.from(mirrorHashes, (hash) => hash.lo),
        MAX_MIRROR_DISTANCE,
        (query, entry, distance) => {
          const item = hashed[query]
          const other = owners[entry]
          if (other === item || isCrop[entry] || rows[other].fileType !== rows[item].fileType) return
          addEdge(item, other, visualConfidence(distance, 'mirror'), 'visual_similarity', 'mirror', distance)
        },
      ),
    )
  }

  // Regions: a caption, a watermark or a logo along one side leaves the rest of the picture
  // as it was. Candidates: pairs with a close corner region (each corner searched among the
  // same corner of the other files); a candidate with MIN_MATCHING_REGIONS close regions matches.
  if (withRegions.length > 1) {
    const regionCount = withRegions.length
    const regionOf = (at: number, region: number) => parseHash64(rows[withRegions[at]].regionHashes![region])
    const candidates = new Set<number>()
    for (const region of PROBED_REGIONS) {
      const present: number[] = []
      const his: number[] = []
      const los: number[] = []
      for (let at = 0; at < regionCount; at++) {
        const hash = regionOf(at, region)
        if (!hash) continue
        present.push(at)
        his.push(hash.hi)
        los.push(hash.lo)
      }
      const rh = Uint32Array.from(his)
      const rl = Uint32Array.from(los)
      yield* progressOf(
        new HashIndex(rh, rl).searchAll(rh, rl, MAX_REGION_DISTANCE, (query, entry) => {
          if (entry > query) candidates.add(present[query] * regionCount + present[entry])
        }),
      )
    }
    // Only the candidates' regions are compared (and parsed) in full.
    for (const key of candidates) {
      const at = Math.floor(key / regionCount)
      const otherAt = key - at * regionCount
      const item = withRegions[at]
      const other = withRegions[otherAt]
      if (rows[other].fileType !== rows[item].fileType) continue
      let close = 0
      let worst = 0
      for (let region = 0; region < REGIONS; region++) {
        const a = regionOf(at, region)
        const b = regionOf(otherAt, region)
        if (!a || !b) continue
        const distance = hamming64(a.hi, a.lo, b.hi, b.lo)
        if (distance <= MAX_REGION_DISTANCE) {
          close++
          worst = Math.max(worst, distance)
        }
      }
      if (close >= MIN_MATCHING_REGIONS) addEdge(item, other, regionConfidence(close, worst), 'visual_similarity', 'regions', worst)
    }
  }

  // The same scene shot twice: analysis embeddings at a small angle once centred (raw, every
  // photo is close to every other: the model's features are all non-negative). On the
  // library's own mean when there are enough, else on the model's mean over real photos.
  if (withEmbedding.length > 1) {
    const dimensions = rows[withEmbedding[0]].embedding!.length
    const usable = withEmbedding.filter((item) => rows[item].embedding!.length === dimensions)
    let mean: ArrayLike<number> | null = null
    if (usable.length >= MIN_EMBEDDINGS_FOR_CENTRING) {
      const sum = new Float64Array(dimensions)
      for (const item of usable) {
        const embedding = rows[item].embedding!
        for (let i = 0; i < dimensions; i++) sum[i] += embedding[i] / usable.length
      }
      mean = sum
    } else if (dimensions === REFERENCE_EMBEDDING_MEAN.length) mean = REFERENCE_EMBEDDING_MEAN
    // Embeddings of another size (another model) and too few to centre on: not used.
    if (!mean) usable.length = 0
    const vectors = usable.map((item) => Float32Array.from(rows[item].embedding!, (value, i) => value - mean![i]))
    const embeddings = new EmbeddingIndex(vectors, dimensions)
    for (const [entry, item] of usable.entries()) {
      embeddings.near(entry, MIN_EMBEDDING_COSINE, (other, similarity) => {
        const otherItem = usable[other]
        if (otherItem > item && rows[otherItem].fileType === rows[item].fileType) {
          addEdge(item, otherItem, embeddingConfidence(similarity), 'visual_similarity', 'embedding')
        }
      })
      done++
      if (done % PROGRESS_EVERY === 0) yield { done, total }
    }
  }
  yield { done: total, total }
  return [...edges.values()]
}

/**
 * Groups from the pairs, so that every member is itself a match of its group's best file: the
 * dialog's "Select All But Best" deletes all the others, so a file that only resembles another
 * member (A ~ B ~ C, C unlike A) must not be offered for deletion in A's favour. Union-find
 * would chain such weak links (a caption shared by two different photos joins both photos'
 * copies into one group). Identical bytes are one file for this (equality is transitive).
 * Greedy and linear after one sort: files are taken best first; a file not yet in a group
 * starts one and takes every file it matches directly that is not in a group yet (all of them
 * rank below it, or they would have taken it). A group keeps its strongest pair.
 */
export function groupsOf(rows: readonly ScanRow[], edges: readonly Edge[]): FoundGroup[] {
  const count = rows.length
  const copies = new UnionFind(count)
  for (const edge of edges) if (edge.signal === 'sha256') copies.union(edge.a, edge.b)
  const classOf = new Int32Array(count)
  for (let item = 0; item < count; item++) classOf[item] = copies.find(item)
  // The members of each class, as a linked list threaded through `nextCopy`.
  const firstCopy = new Int32Array(count).fill(-1)
  const nextCopy = new Int32Array(count).fill(-1)
  for (let item = count - 1; item >= 0; item--) {
    nextCopy[item] = firstCopy[classOf[item]]
    firstCopy[classOf[item]] = item
  }
  // Neighbouring classes (compressed rows: `starts` into `neighbours`).
  const starts = new Int32Array(count + 1)
  for (const edge of edges) {
    const x = classOf[edge.a]
    const y = classOf[edge.b]
    if (x === y) continue
    starts[x + 1]++
    starts[y + 1]++
  }
  for (let item = 0; item < count; item++) starts[item + 1] += starts[item]
  const fill = starts.slice(0, count)
  const neighbours = new Int32Array(starts[count])
  for (const edge of edges) {
    const x = classOf[edge.a]
    const y = classOf[edge.b]
    if (x === y) continue
    neighbours[fill[x]++] = y
    neighbours[fill[y]++] = x
  }

  // Only files with a copy or a match can be in a group (most have neither: no need to sort those).
  const linked: number[] = []
  for (let item = 0; item < count; item++) {
    const cls = classOf[item]
    if (starts[cls + 1] > starts[cls] || firstCopy[cls] !== item || nextCopy[item] !== -1) linked.push(item)
  }
  const order = linked.sort((x, y) => compareBestFirst(rows[x], rows[y]))
  const groupOf = new Int32Array(count).fill(-1)
  const members: number[][] = []
  for (const item of order) {
    const centre = classOf[item]
    if (groupOf[centre] !== -1) continue
    const group = members.length
    const taken: number[] = []
    const take = (cls: number) => {
      groupOf[cls] = group
      for (let member = firstCopy[cls]; member !== -1; member = nextCopy[member]) taken.push(member)
    }
    take(centre)
    for (let k = starts[centre]; k < starts[centre + 1]; k++) if (groupOf[neighbours[k]] === -1) take(neighbours[k])
    members.push(taken)
  }
  const strongest: Array<Edge | undefined> = new Array(members.length)
  for (const edge of edges) {
    const group = groupOf[classOf[edge.a]]
    if (group !== groupOf[classOf[edge.b]]) continue
    const known = strongest[group]
    if (!known || strongerThan(edge, known)) strongest[group] = edge
  }
  const groups: FoundGroup[] = []
  members.forEach((taken, group) => {
    const edge = strongest[group]
    if (taken.length < 2 || !edge) return
    groups.push({
      confidence: edge.confidence,
      reason: edge.reason,
      memberIds: bestFirst(taken.map((item) => rows[item])).map((row) => row.id),
    })
  })
  return groups.sort((x, y) => y.confidence - x.confidence || x.memberIds[0].localeCompare(y.memberIds[0]))
}

/**
 * Whether two files' region hashes say they are different pictures although their whole-image
 * hashes are close: most regions (REGIONS_TO_CONTRADICT of 9) at least FAR_REGION_DISTANCE bits
 * apart, about what unrelated pictures show (32 on average). A whole-image pHash reads only the
 * lowest frequencies; on a plain picture (sky, a wall, fog) those are near zero, and a caption
 * or a logo laid over it decides them alone, so two different plain photos with the same
 * caption get nearly the same whole hash. Their regions away from the caption still differ.
 * Files without region hashes (older rows until the backfill reaches them) are not contradicted.
 */
export function regionsContradict(a: ScanRow, b: ScanRow): boolean {
  if (a.regionHashes?.length !== REGIONS || b.regionHashes?.length !== REGIONS) return false
  let far = 0
  for (let region = 0; region < REGIONS; region++) {
    const x = parseHash64(a.regionHashes[region])
    const y = parseHash64(b.regionHashes[region])
    if (x && y && hamming64(x.hi, x.lo, y.hi, y.lo) >= FAR_REGION_DISTANCE && ++far >= REGIONS_TO_CONTRADICT) return true
  }
  return false
}

/** Links the files sharing a key (each to the first of its bucket). */
function linkBuckets(rows: readonly ScanRow[], keyOf: (row: ScanRow) => string | null, link: (a: number, b: number) => void) {
  const first = new Map<string, number>()
  rows.forEach((row, item) => {
    const key = keyOf(row)
    if (key === null) return
    const head = first.get(key)
    if (head === undefined) first.set(key, item)
    else link(head, item)
  })
}
