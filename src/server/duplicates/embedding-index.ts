// An approximate-neighbour index over analysis embeddings (random-hyperplane LSH): each
// of TABLES tables buckets a vector by the signs of BITS projections, so vectors at a
// small angle share a bucket in at least one table with high probability (cosine 0.90:
// 0.86 per bit, ≈ 0.90 over 10 tables of 10 bits; cosine 0.95: ≈ 0.99). Candidates are then
// checked on the exact cosine. The vectors must be centred (find-groups.ts): raw embeddings
// all lie in one orthant and would crowd a few buckets. The hyperplanes come from a fixed
// seed: the same scan gives the same groups.
import { mulberry32 } from '../../lib/seeded-random'

const TABLES = 10
const BITS = 10

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0
  let normA = 0
  let normB = 0
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i]
    normA += a[i] * a[i]
    normB += b[i] * b[i]
  }
  return normA && normB ? dot / Math.sqrt(normA * normB) : 0
}

export class EmbeddingIndex {
  private readonly planes: Float32Array[]
  private readonly tables: Map<number, number[]>[] = []
  /** The vectors scaled to length 1: a cosine is then a dot product. */
  private readonly units: Float32Array[]
  /** Each vector's key in each table, computed once (entry * TABLES + table). */
  private readonly keys: Int32Array
  /** The last query each entry was checked for (no Set per query). */
  private readonly seen: Int32Array
  private query = 0

  constructor(vectors: Float32Array[], dimensions: number) {
    this.units = vectors.map((vector) => {
      let norm = 0
      for (let i = 0; i < vector.length; i++) norm += vector[i] * vector[i]
      norm = Math.sqrt(norm)
      return norm > 0 ? vector.map((value) => value / norm) : vector
    })
    const random = mulberry32(0x5eed)
    const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
    this.planes = Array.from({ length: TABLES * BITS }, () => Float32Array.from({ length: dimensions }, gaussian))
    this.keys = new Int32Array(vectors.length * TABLES)
    this.seen = new Int32Array(vectors.length).fill(-1)
    for (let t = 0; t < TABLES; t++) this.tables.push(new Map())
    vectors.forEach((vector, entry) => {
      for (let t = 0; t < TABLES; t++) {
        const key = this.key(vector, t)
        this.keys[entry * TABLES + t] = key
        const bucket = this.tables[t].get(key)
        if (bucket) bucket.push(entry)
        else this.tables[t].set(key, [entry])
      }
    })
  }

  private key(vector: Float32Array, table: number): number {
    let key = 0
    for (let b = 0; b < BITS; b++) {
      const plane = this.planes[table * BITS + b]
      let dot = 0
      for (let i = 0; i < vector.length; i++) dot += plane[i] * vector[i]
      key = (key << 1) | (dot >= 0 ? 1 : 0)
    }
    return key
  }

  /** Calls visit(entry, cosine) once for every other indexed vector at cosine ≥ minCosine to entry's. */
  near(entry: number, minCosine: number, visit: (other: number, similarity: number) => void): void {
    const unit = this.units[entry]
    const stamp = this.query++
    this.seen[entry] = stamp
    for (let t = 0; t < TABLES; t++) {
      for (const other of this.tables[t].get(this.keys[entry * TABLES + t]) ?? []) {
        if (this.seen[other] === stamp) continue
        this.seen[other] = stamp
        const vector = this.units[other]
        let similarity = 0
        for (let i = 0; i < unit.length; i++) similarity += unit[i] * vector[i]
        if (similarity >= minCosine) visit(other, similarity)
      }
    }
  }
}
