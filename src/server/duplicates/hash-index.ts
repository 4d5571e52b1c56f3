// Multi-index hashing (Norouzi, Punjani and Fleet, 2012) over 64-bit perceptual hashes:
// finds every stored hash within r bits of a query without comparing it with all of them.
// The 64 bits are cut into 4 blocks of 16. Each block i gets a threshold t_i with
// Σ t_i = r − 3 (the general pigeonhole principle, Qin et al. 2018): if every block differed
// in more than its t_i bits, the hashes would differ in at least Σ (t_i + 1) = r + 1. So
// probing block i's table with every 16-bit key within t_i bits of the query's block finds
// all of them: at r = 10 that is 137 + 137 + 137 + 17 keys (the plain ⌊r/4⌋ rule probes 137
// in all four), and each candidate is then checked on all 64 bits. The tables are flat typed
// arrays (bucket starts and entry ids, like a CSR matrix): 100,000 photos with 2 hashes each
// take about 4 MB, and a probe is an array read.
import { popcount32 } from './hash64'

const BLOCKS = 4
const BLOCK_BITS = 16
const KEYS = 1 << BLOCK_BITS

/** The 16-bit masks with at most `bits` bits set (the keys to probe around a block value). */
export function masksWithin(bits: number): Uint16Array {
  const masks: number[] = []
  for (let mask = 0; mask < KEYS; mask++) {
    let count = 0
    for (let v = mask; v; v &= v - 1) count++
    if (count <= bits) masks.push(mask)
  }
  return Uint16Array.from(masks)
}

/** Per block, the most bits it may differ in and still be probed: Σ = radius − (BLOCKS − 1), spread evenly. */
export function blockThresholds(radius: number): number[] {
  const spare = Math.max(0, radius - (BLOCKS - 1))
  return Array.from({ length: BLOCKS }, (_, block) => Math.floor(spare / BLOCKS) + (block < spare % BLOCKS ? 1 : 0))
}

/** Set bits of every 16-bit value: two table reads count a 32-bit word (64 kB, stays in cache). */
const POP16 = (() => {
  const table = new Uint8Array(KEYS)
  for (let v = 1; v < KEYS; v++) table[v] = (v & 1) + table[v >>> 1]
  return table
})()

const blockOf = (hi: number, lo: number, block: number): number =>
  block === 0 ? hi >>> 16 : block === 1 ? hi & 0xffff : block === 2 ? lo >>> 16 : lo & 0xffff

export class HashIndex {
  readonly size: number
  private readonly starts: Uint32Array[] = []
  /** Per block, the entries in bucket order with their hash halves beside them (a bucket is read sequentially). */
  private readonly entries: Uint32Array[] = []
  private readonly his: Uint32Array[] = []
  private readonly los: Uint32Array[] = []
  private readonly masks = new Map<number, Uint16Array>()

  private masksFor(bits: number): Uint16Array {
    let masks = this.masks.get(bits)
    if (!masks) this.masks.set(bits, (masks = masksWithin(bits)))
    return masks
  }

  /** Indexes hashes hi[i], lo[i] as entries 0..n-1. */
  constructor(hi: Uint32Array, lo: Uint32Array) {
    if (hi.length !== lo.length) throw new RangeError('Hash halves differ in length')
    this.size = hi.length
    for (let block = 0; block < BLOCKS; block++) {
      const starts = new Uint32Array(KEYS + 1)
      for (let i = 0; i < this.size; i++) starts[blockOf(hi[i], lo[i], block) + 1]++
      for (let key = 0; key < KEYS; key++) starts[key + 1] += starts[key]
      const fill = starts.slice(0, KEYS)
      const entries = new Uint32Array(this.size)
      const his = new Uint32Array(this.size)
      const los = new Uint32Array(this.size)
      for (let i = 0; i < this.size; i++) {
        const at = fill[blockOf(hi[i], lo[i], block)]++
        entries[at] = i
        his[at] = hi[i]
        los[at] = lo[i]
      }
      this.starts.push(starts)
      this.entries.push(entries)
      this.his.push(his)
      this.los.push(los)
    }
  }

  /**
   * The indexed hashes within `radius` bits of (hi, lo): their entry numbers are written to
   * `found` and their distances to `distances` (reused buffers, grown as needed); answers how
   * many. A hash close in several blocks is reported once: from the first block it is close in.
   */
  near(hi: number, lo: number, radius: number): number {
    const thresholds = blockThresholds(radius)
    let count = 0
    for (let block = 0; block < BLOCKS; block++) {
      const masks = this.masksFor(thresholds[block])
      const value = blockOf(hi, lo, block)
      const starts = this.starts[block]
      const entries = this.entries[block]
      const his = this.his[block]
      const los = this.los[block]
      for (let m = 0; m < masks.length; m++) {
        const key = value ^ masks[m]
        for (let k = starts[key], end = starts[key + 1]; k < end; k++) {
          // Most candidates are far: the high half alone usually rules them out.
          const x = (hi ^ his[k]) >>> 0
          const high = POP16[x & 0xffff] + POP16[x >>> 16]
          if (high > radius) continue
          const y = (lo ^ los[k]) >>> 0
          const distance = high + POP16[y & 0xffff] + POP16[y >>> 16]
          if (distance > radius) continue
          // Found from an earlier block already (its block there was within that block's threshold)?
          let earlier = false
          for (let b = 0; b < block && !earlier; b++) {
            earlier = popcount32(blockOf(hi, lo, b) ^ blockOf(his[k], los[k], b)) <= thresholds[b]
          }
          if (earlier) continue
          if (count === this.found.length) this.grow()
          this.found[count] = entries[k]
          this.distances[count] = distance
          count++
        }
      }
    }
    return count
  }

  /**
   * Every indexed hash within `radius` bits of each query (qHi[q], qLo[q]): onMatch(query,
   * entry, distance) once per pair. Same answers as near() per query, but block by block with
   * the queries sorted by that block's value, so consecutive probes read neighbouring buckets
   * (at 100,000 files the probes, not the comparisons, are what costs: cache misses). Yields
   * the number of query-block steps done so far (4 per query in all), now and then.
   */
  *searchAll(
    qHi: Uint32Array,
    qLo: Uint32Array,
    radius: number,
    onMatch: (query: number, entry: number, distance: number) => void,
  ): Generator<number, void> {
    const thresholds = blockThresholds(radius)
    const count = qHi.length
    const order = new Uint32Array(count)
    const starts = new Uint32Array(KEYS + 1)
    let done = 0
    for (let block = 0; block < BLOCKS; block++) {
      // Counting sort of the queries by this block's value.
      starts.fill(0)
      for (let q = 0; q < count; q++) starts[blockOf(qHi[q], qLo[q], block) + 1]++
      for (let key = 0; key < KEYS; key++) starts[key + 1] += starts[key]
      for (let q = 0; q < count; q++) order[starts[blockOf(qHi[q], qLo[q], block)]++] = q
      const masks = this.masksFor(thresholds[block])
      const bucketStarts = this.starts[block]
      const entries = this.entries[block]
      const his = this.his[block]
      const los = this.los[block]
      for (let i = 0; i < count; i++) {
        const q = order[i]
        const hi = qHi[q]
        const lo = qLo[q]
        const value = blockOf(hi, lo, block)
        for (let m = 0; m < masks.length; m++) {
          const key = value ^ masks[m]
          for (let k = bucketStarts[key], end = bucketStarts[key + 1]; k < end; k++) {
            const x = (hi ^ his[k]) >>> 0
            const high = POP16[x & 0xffff] + POP16[x >>> 16]
            if (high > radius) continue
            const y = (lo ^ los[k]) >>> 0
            const distance = high + POP16[y & 0xffff] + POP16[y >>> 16]
            if (distance > radius) continue
            let earlier = false
            for (let b = 0; b < block && !earlier; b++) {
              earlier = POP16[blockOf(hi, lo, b) ^ blockOf(his[k], los[k], b)] <= thresholds[b]
            }
            if (!earlier) onMatch(q, entries[k], distance)
          }
        }
        if (++done % 1024 === 0) yield done
      }
    }
    yield done
  }

  /** Entries and distances of the last near() call (valid up to the count it answered). */
  found = new Uint32Array(64)
  distances = new Uint8Array(64)

  private grow() {
    const found = new Uint32Array(this.found.length * 2)
    found.set(this.found)
    const distances = new Uint8Array(this.distances.length * 2)
    distances.set(this.distances)
    this.found = found
    this.distances = distances
  }
}
