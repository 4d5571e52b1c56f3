// An approximate-neighbour index over analysis embeddings (random-hyperplane LSH): each
// of TABLES tables buckets a vector by the signs of BITS projections, so vectors at a
// small angle share a bucket in at least one table with high probability (cosine 0.92:
// 0.88 per bit, ≈ 0.96 over 10 tables of 10 bits). Candidates are then checked on the
// exact cosine. The hyperplanes come from a fixed seed: the same scan gives the same groups.
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
  private readonly vectors: Float32Array[]

  constructor(vectors: Float32Array[], dimensions: number) {
    this.vectors = vectors
    const random = mulberry32(0x5eed)
    const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
    this.planes = Array.from({ length: TABLES * BITS }, () => Float32Array.from({ length: dimensions }, gaussian))
    for (let t = 0; t < TABLES; t++) this.tables.push(new Map())
    vectors.forEach((vector, entry) => {
      for (let t = 0; t < TABLES; t++) {
        const key = this.key(vector, t)
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
    const vector = this.vectors[entry]
    const checked = new Set<number>([entry])
    for (let t = 0; t < TABLES; t++) {
      for (const other of this.tables[t].get(this.key(vector, t)) ?? []) {
        if (checked.has(other)) continue
        checked.add(other)
        const similarity = cosine(vector, this.vectors[other])
        if (similarity >= minCosine) visit(other, similarity)
      }
    }
  }
}
