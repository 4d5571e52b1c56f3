// The duplicate engine: from what ingest and analysis stored about each media file to
// groups of suspected duplicates, best file first, each with its strongest reason.
// Pure (no I/O) so it is unit-tested and benchmarked on its own. Never all-pairs:
//   identical_hash    – files bucketed by sha256;
//   size_and_name     – bucketed by (byte size, normalised name);
//   visual_similarity – pHash and centre-crop hashes through a multi-index hash table,
//                       mirrored hashes too, and analysis embeddings through an LSH index.
// Pairs become groups by union-find; a group's confidence and reason are its strongest pair's.
import { bestFirst, type RankedFile } from './best-first'
import {
  IDENTICAL_CONFIDENCE,
  MAX_CROP_DISTANCE,
  MAX_MIRROR_DISTANCE,
  MAX_WHOLE_DISTANCE,
  MIN_EMBEDDING_COSINE,
  SIZE_AND_NAME_CONFIDENCE,
  embeddingConfidence,
  strongerThan,
  visualConfidence,
  type DuplicateReason,
} from './confidence'
import { EmbeddingIndex } from './embedding-index'
import { MIRROR_MASK, parseHash64 } from './hash64'
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
  embedding: ArrayLike<number> | null
}

export type FoundGroup = {
  confidence: number
  reason: DuplicateReason
  /** Media ids, best first. */
  memberIds: string[]
}

type Edge = { a: number; b: number; confidence: number; reason: DuplicateReason }

export type FindOptions = {
  /** Look for mirrored copies too (one more probe per file). @default true */
  mirrors?: boolean
}

export type Progress = { done: number; total: number }

const PROGRESS_EVERY = 512

/** The groups among rows, all at once. */
export function findDuplicateGroups(rows: readonly ScanRow[], options: FindOptions = {}): FoundGroup[] {
  const steps = duplicateGroupSteps(rows, options)
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
  const { mirrors = true } = options
  const count = rows.length
  const edges = new Map<number, Edge>()
  const addEdge = (x: number, y: number, confidence: number, reason: DuplicateReason) => {
    const [a, b] = x < y ? [x, y] : [y, x]
    const key = a * count + b
    const edge = { a, b, confidence, reason }
    const known = edges.get(key)
    if (!known || strongerThan(edge, known)) edges.set(key, edge)
  }

  // Exact signals: buckets, linked in a chain (union-find makes the chain a group).
  linkBuckets(rows, (row) => row.sha256 || null, (a, b) => addEdge(a, b, IDENTICAL_CONFIDENCE, 'identical_hash'))
  linkBuckets(
    rows,
    (row) => {
      const name = normaliseName(row.originalFilename)
      return row.size && row.size > 0 && name ? `${row.fileType}:${row.size}:${name}` : null
    },
    (a, b) => addEdge(a, b, SIZE_AND_NAME_CONFIDENCE, 'size_and_name'),
  )

  // Visual: every whole hash and crop hash indexed, each file's whole hash (and its mirror) probed.
  const hashed: number[] = []
  const his: number[] = []
  const los: number[] = []
  const owners: number[] = []
  const isCrop: boolean[] = []
  rows.forEach((row, item) => {
    const whole = parseHash64(row.perceptualHash)
    if (!whole) return
    hashed.push(item)
    const hashes: Array<{ hash: ReturnType<typeof parseHash64>; crop: boolean }> = [
      { hash: whole, crop: false },
      // The 90 % centre crop only: it covers crops of 2–10 % (a 2 % crop still matches the whole
      // hash); the 80 % crop would add a third of the index for crops beyond that.
      ...(row.cropHashes ?? []).slice(0, 1).map((hex) => ({ hash: parseHash64(hex), crop: true })),
    ]
    for (const { hash, crop } of hashes) {
      if (!hash) continue
      his.push(hash.hi)
      los.push(hash.lo)
      owners.push(item)
      isCrop.push(crop)
    }
  })
  const withEmbedding = rows.flatMap((row, item) => (row.embedding && row.embedding.length > 0 ? [item] : []))
  // Work units: 4 block passes per file for whole hashes, 4 more for mirrors, 1 per embedding.
  const total = hashed.length * (mirrors ? 8 : 4) + withEmbedding.length
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
  const wholes = hashed.map((item) => parseHash64(rows[item].perceptualHash)!)
  const qHi = Uint32Array.from(wholes, (hash) => hash.hi)
  const qLo = Uint32Array.from(wholes, (hash) => hash.lo)
  // Whole hashes against whole and crop hashes.
  yield* progressOf(
    index.searchAll(qHi, qLo, Math.max(MAX_WHOLE_DISTANCE, MAX_CROP_DISTANCE), (query, entry, distance) => {
      const item = hashed[query]
      const other = owners[entry]
      if (other === item || rows[other].fileType !== rows[item].fileType) return
      if (isCrop[entry] ? distance <= MAX_CROP_DISTANCE : distance <= MAX_WHOLE_DISTANCE) {
        addEdge(item, other, visualConfidence(distance, isCrop[entry] ? 'crop' : 'whole'), 'visual_similarity')
      }
    }),
  )
  // Mirrored whole hashes against whole hashes.
  if (mirrors) {
    yield* progressOf(
      index.searchAll(
        qHi.map((hi) => (hi ^ MIRROR_MASK) >>> 0),
        qLo.map((lo) => (lo ^ MIRROR_MASK) >>> 0),
        MAX_MIRROR_DISTANCE,
        (query, entry, distance) => {
          const item = hashed[query]
          const other = owners[entry]
          if (other === item || isCrop[entry] || rows[other].fileType !== rows[item].fileType) return
          addEdge(item, other, visualConfidence(distance, 'mirror'), 'visual_similarity')
        },
      ),
    )
  }

  // The same scene shot twice: analysis embeddings at a small angle.
  if (withEmbedding.length > 1) {
    const dimensions = rows[withEmbedding[0]].embedding!.length
    const usable = withEmbedding.filter((item) => rows[item].embedding!.length === dimensions)
    const vectors = usable.map((item) => Float32Array.from(rows[item].embedding!))
    const embeddings = new EmbeddingIndex(vectors, dimensions)
    for (const [entry, item] of usable.entries()) {
      embeddings.near(entry, MIN_EMBEDDING_COSINE, (other, similarity) => {
        const otherItem = usable[other]
        if (otherItem > item && rows[otherItem].fileType === rows[item].fileType) {
          addEdge(item, otherItem, embeddingConfidence(similarity), 'visual_similarity')
        }
      })
      done++
      if (done % PROGRESS_EVERY === 0) yield { done, total }
    }
  }
  yield { done: total, total }

  // Groups: union-find over the pairs, each group keeping its strongest pair.
  const sets = new UnionFind(count)
  for (const edge of edges.values()) sets.union(edge.a, edge.b)
  const strongest = new Map<number, Edge>()
  for (const edge of edges.values()) {
    const root = sets.find(edge.a)
    const known = strongest.get(root)
    if (!known || strongerThan(edge, known)) strongest.set(root, edge)
  }
  const groups = sets.groups().map((members) => {
    const edge = strongest.get(sets.find(members[0]))!
    return {
      confidence: edge.confidence,
      reason: edge.reason,
      memberIds: bestFirst(members.map((item) => rows[item])).map((row) => row.id),
    }
  })
  return groups.sort((x, y) => y.confidence - x.confidence || x.memberIds[0].localeCompare(y.memberIds[0]))
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
