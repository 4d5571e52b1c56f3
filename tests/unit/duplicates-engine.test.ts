import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { bestFirst } from '../../src/server/duplicates/best-first'
import { embeddingConfidence, regionConfidence, visualConfidence } from '../../src/server/duplicates/confidence'
import { organisationToCarry } from '../../src/lib/duplicate-carry'
import { findDuplicateGroups, type ScanRow } from '../../src/server/duplicates/find-groups'
import { hamming64, mirrored, parseHash64, popcount32 } from '../../src/server/duplicates/hash64'
import { HashIndex, masksWithin } from '../../src/server/duplicates/hash-index'
import { normaliseName } from '../../src/server/duplicates/names'
import { similarNames } from '../helpers/duplicate-measures'
import { UnionFind } from '../../src/server/duplicates/union-find'

describe('64-bit hash distances', () => {
  it('counts set bits and differing bits', () => {
    expect(popcount32(0)).toBe(0)
    expect(popcount32(0xffffffff)).toBe(32)
    expect(popcount32(0b1011)).toBe(3)
    const a = parseHash64('ffffffff00000000')!
    const b = parseHash64('0fffffff00000001')!
    expect(hamming64(a.hi, a.lo, b.hi, b.lo)).toBe(5)
    expect(hamming64(a.hi, a.lo, a.hi, a.lo)).toBe(0)
  })

  it('refuses anything but 16 lowercase hex digits', () => {
    expect(parseHash64('ABCDEF0123456789')).toBeNull()
    expect(parseHash64('abc')).toBeNull()
    expect(parseHash64(null)).toBeNull()
    expect(parseHash64('0123456789abcdef')).toEqual({ hi: 0x01234567, lo: 0x89abcdef })
  })

  it('predicts a mirror by flipping the odd horizontal frequencies, leaving the DC bit alone', () => {
    const hash = parseHash64('8000000000000000')!
    expect(mirrored(hash)).toEqual({ hi: 0xd5555555, lo: 0x55555555 })
  })
})

describe('multi-index hash table', () => {
  it('probes 1 + 16 + 120 keys per block at radius 2', () => {
    expect(masksWithin(2).length).toBe(137)
  })

  it('finds exactly the hashes within the radius, the same as comparing with every one', () => {
    let state = 99
    const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0)
    const count = 3000
    const hi = new Uint32Array(count)
    const lo = new Uint32Array(count)
    for (let i = 0; i < count; i++) {
      if (i % 10 === 9) {
        // A near copy of an earlier hash: up to 11 bits flipped.
        const source = next() % i
        hi[i] = hi[source]
        lo[i] = lo[source]
        for (let flips = next() % 12; flips > 0; flips--) {
          const bit = next() % 64
          if (bit < 32) hi[i] = (hi[i] ^ (1 << bit)) >>> 0
          else lo[i] = (lo[i] ^ (1 << (bit - 32))) >>> 0
        }
      } else {
        hi[i] = next()
        lo[i] = next()
      }
    }
    const index = new HashIndex(hi, lo)
    for (const radius of [0, 4, 7, 10]) {
      for (let q = 0; q < count; q += 7) {
        const hits = index.near(hi[q], lo[q], radius)
        const found = Array.from(index.found.subarray(0, hits))
        const expected: number[] = []
        for (let e = 0; e < count; e++) if (hamming64(hi[q], lo[q], hi[e], lo[e]) <= radius) expected.push(e)
        expect(found.sort((a, b) => a - b)).toEqual(expected)
      }
      // All queries at once, block by block: the same pairs, each once.
      const pairs: string[] = []
      const queries = Array.from({ length: Math.ceil(count / 7) }, (_, i) => i * 7)
      for (const _ of index.searchAll(
        Uint32Array.from(queries, (q) => hi[q]),
        Uint32Array.from(queries, (q) => lo[q]),
        radius,
        (query, entry) => pairs.push(`${queries[query]}:${entry}`),
      ));
      const expectedPairs: string[] = []
      for (const q of queries) {
        for (let e = 0; e < count; e++) if (hamming64(hi[q], lo[q], hi[e], lo[e]) <= radius) expectedPairs.push(`${q}:${e}`)
      }
      expect(pairs.sort()).toEqual(expectedPairs.sort())
    }
  })
})

describe('file name normalisation', () => {
  it.each([
    ['IMG_0042.jpg', 'img0042'],
    ['IMG_0042 (1).jpg', 'img0042'],
    ['img_0042-copy.jpeg', 'img0042'],
    ['IMG_0042 - Copy (2).JPG', 'img0042'],
    ['IMG_0042 copy 3.png', 'img0042'],
    ['photos/Kitchen View~2.webp', 'kitchenview'],
    ['Café.jpg', 'cafe'],
  ])('%s → %s', (name, expected) => {
    expect(normaliseName(name)).toBe(expected)
  })

  it('tells copies from different photos', () => {
    expect(similarNames('IMG_0042.jpg', 'img_0042-copy.jpeg')).toBe(true)
    expect(similarNames('IMG_0042.jpg', 'IMG_0043.jpg')).toBe(false)
    expect(similarNames('', '')).toBe(false)
  })
})

describe('union-find', () => {
  it('joins pairs into groups and leaves singles out', () => {
    const sets = new UnionFind(7)
    sets.union(0, 3)
    sets.union(3, 5)
    sets.union(1, 2)
    expect(sets.find(5)).toBe(sets.find(0))
    expect(sets.find(1)).not.toBe(sets.find(0))
    expect(sets.groups().map((group) => group.sort()).sort()).toEqual([
      [0, 3, 5],
      [1, 2],
    ])
  })
})

describe('confidence mapping', () => {
  it('maps hash distances to the dialog colours: close copies red, edits orange, never 100', () => {
    expect(visualConfidence(0)).toBe(99)
    expect(visualConfidence(4)).toBe(91)
    expect(visualConfidence(8)).toBe(83)
    expect(visualConfidence(4, 'crop')).toBe(86)
    expect(visualConfidence(4, 'mirror')).toBe(81)
    expect(visualConfidence(64)).toBe(50)
  })

  it('keeps the same scene shot twice below the red band', () => {
    expect(embeddingConfidence(1)).toBe(85)
    expect(embeddingConfidence(0.9)).toBe(60)
    expect(embeddingConfidence(0.96)).toBeLessThan(90)
  })

  it('rates a match by regions below a close whole-image match', () => {
    expect(regionConfidence(6, 0)).toBe(87)
    expect(regionConfidence(8, 0)).toBe(95)
    expect(regionConfidence(6, 6)).toBe(75)
  })
})

describe('best-first ordering', () => {
  it('puts the largest file first, then the higher resolution, then the earlier upload', () => {
    const files = [
      { id: 'a', size: 100, width: 10, height: 10, uploadedAt: '2026-01-02' },
      { id: 'b', size: 300, width: 10, height: 10, uploadedAt: '2026-01-03' },
      { id: 'c', size: 100, width: 20, height: 20, uploadedAt: '2026-01-04' },
      { id: 'd', size: 100, width: 10, height: 10, uploadedAt: '2026-01-01' },
    ]
    expect(bestFirst(files).map((file) => file.id)).toEqual(['b', 'c', 'd', 'a'])
  })
})

const row = (id: string, data: Partial<ScanRow> = {}): ScanRow => ({
  id,
  fileType: 'image',
  size: 1000,
  width: 100,
  height: 100,
  uploadedAt: null,
  originalFilename: `${id}.jpg`,
  sha256: `sha-${id}`,
  perceptualHash: null,
  cropHashes: null,
  embedding: null,
  ...data,
})

describe('the engine', () => {
  it('groups identical bytes at 100, a visual copy by distance, same size and name at 75', () => {
    const groups = findDuplicateGroups([
      row('a1', { sha256: 'same', size: 5000 }),
      row('a2', { sha256: 'same', size: 5000 }),
      row('v1', { perceptualHash: '0f0f0f0f0f0f0f0f', size: 900 }),
      row('v2', { perceptualHash: '0f0f0f0f0f0f0f0e', size: 2000 }),
      row('n1', { originalFilename: 'IMG_0042.jpg', size: 777 }),
      row('n2', { originalFilename: 'IMG_0042 (1).jpg', size: 777 }),
      row('x', { perceptualHash: 'f0f0f0f0f0f0f0f0' }),
    ])
    expect(groups).toEqual([
      { confidence: 100, reason: 'identical_hash', memberIds: ['a1', 'a2'] },
      { confidence: 97, reason: 'visual_similarity', memberIds: ['v2', 'v1'] },
      { confidence: 75, reason: 'size_and_name', memberIds: ['n1', 'n2'] },
    ])
  })

  it('matches a crop through a centre-crop hash and never compares an image with a video', () => {
    const groups = findDuplicateGroups([
      row('full', { perceptualHash: '00000000ffffffff', cropHashes: ['123456789abcdef0'] }),
      row('cropped', { perceptualHash: '123456789abcdef1' }),
      row('clip', { fileType: 'video', perceptualHash: '00000000ffffffff' }),
    ])
    expect(groups).toEqual([{ confidence: 92, reason: 'visual_similarity', memberIds: ['cropped', 'full'] }])
  })

  it('groups the real model\'s embeddings of one scene (centred), and never two different photos', () => {
    // Recorded model output for the real photographs and three edited copies of each; the two
    // street photos are one street shot twice from a slightly different place.
    const { embeddings } = JSON.parse(readFileSync(path.join(process.cwd(), 'tests/fixtures/analysis/embeddings.json'), 'utf8')) as {
      embeddings: Array<{ photo: string; kind: string; embedding: number[] }>
    }
    // The originals are the largest files (each group's best): a group holds only files that
    // match its best directly, and the edited copies of one street need not match the other's.
    const rows = embeddings.map((e, i) =>
      row(`${e.photo}|${e.kind}`, { size: (e.kind === 'original' ? 5000 : 1000) + i, embedding: e.embedding }),
    )
    const groups = findDuplicateGroups(rows)
    const sceneOf = (id: string) => id.split('|')[0].replace(/exterior-street-[ab]/, 'exterior-street')
    for (const group of groups) {
      expect(new Set(group.memberIds.map(sceneOf)).size).toBe(1)
      expect(group.reason).toBe('visual_similarity')
      expect(group.confidence).toBeLessThan(90)
    }
    const street = groups.find((group) => group.memberIds.includes('exterior-street-a.jpg|original'))
    expect(street?.memberIds).toContain('exterior-street-b.jpg|original')
    // Raw (uncentred) vectors would have grouped everything: every pair is at cosine ≥ 0.7.
    expect(groups.length).toBeGreaterThanOrEqual(6)
  })

  it('centres a small library on the model\'s reference mean: the street shot twice matches, the others do not', () => {
    const { embeddings } = JSON.parse(readFileSync(path.join(process.cwd(), 'tests/fixtures/analysis/embeddings.json'), 'utf8')) as {
      embeddings: Array<{ photo: string; kind: string; embedding: number[] }>
    }
    const originals = embeddings.filter((e) => e.kind === 'original')
    const rows = originals.map((e, i) => row(e.photo, { size: 1000 + i, embedding: e.embedding }))
    expect(rows.length).toBeLessThan(20)
    const groups = findDuplicateGroups(rows)
    expect(groups).toHaveLength(1)
    expect(groups[0].memberIds.sort()).toEqual(['exterior-street-a.jpg', 'exterior-street-b.jpg'])
    expect(groups[0].confidence).toBeLessThan(90)
  })

  it('finds a mirrored copy through the mirror image\'s own hash, and a captioned copy by its regions', () => {
    const regions = (base: string[], changed: Record<number, string>) => base.map((hash, i) => changed[i] ?? hash)
    const original = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((digit) => digit.repeat(16))
    const groups = findDuplicateGroups([
      // The mirror's hash is far from the predicted one (flipped bits), and close to the copy's.
      row('photo', { perceptualHash: '8f0f0f0f0f0f0f0f', mirrorHash: 'ff00ff00ff00ff00', size: 900 }),
      row('flopped', { perceptualHash: 'ff00ff00ff00ff03', size: 800 }),
      // The bottom third covered by a caption; the other six regions the same (one by 1 bit).
      row('captioned', {
        perceptualHash: '00000000000fffff',
        regionHashes: regions(original, { 1: '2222222222222223', 6: 'aaaaaaaaaaaaaaaa', 7: 'bbbbbbbbbbbbbbbb', 8: 'cccccccccccccccc' }),
        size: 700,
      }),
      row('original', { perceptualHash: '0000000000000000', regionHashes: original, size: 600 }),
      // Another photo with the same caption: only the captioned third alike.
      row('other captioned', {
        perceptualHash: 'f0f0f0f0f0f0f0f0',
        regionHashes: regions(['d', 'e', 'f', '0', 'd', 'e', 'f', '0', 'd'].map((digit) => digit.repeat(16)), {
          6: 'aaaaaaaaaaaaaaaa',
          7: 'bbbbbbbbbbbbbbbb',
          8: 'cccccccccccccccc',
        }),
        size: 500,
      }),
    ])
    // Equal confidence: ordered by their best file's id.
    expect(groups).toEqual([
      { confidence: 85, reason: 'visual_similarity', memberIds: ['captioned', 'original'] },
      { confidence: 85, reason: 'visual_similarity', memberIds: ['photo', 'flopped'] },
    ])
  })

  it('never chains: a file joins a group only by matching its best file, identical copies count as one file', () => {
    // a ~ b (8 bits) and b ~ c (8 bits), but c is 16 bits from a: c must not be offered for deletion in a's favour.
    const groups = findDuplicateGroups([
      row('a', { perceptualHash: '0000000000000000', size: 900 }),
      row('b', { perceptualHash: '00000000000000ff', size: 800 }),
      row('c', { sha256: 'sha-c', perceptualHash: '000000000000ffff', size: 700 }),
      row('c copy', { sha256: 'sha-c', perceptualHash: '000000000000ffff', size: 700 }),
    ])
    expect(groups).toEqual([
      { confidence: 100, reason: 'identical_hash', memberIds: ['c', 'c copy'] },
      { confidence: 83, reason: 'visual_similarity', memberIds: ['a', 'b'] },
    ])
  })

  it('takes a whole group of identical copies along when one of them matches the best file', () => {
    const groups = findDuplicateGroups([
      row('best', { perceptualHash: '0000000000000000', size: 900 }),
      row('copy 1', { sha256: 'same', perceptualHash: 'ffffffffffffffff', size: 100 }),
      row('copy 2', { sha256: 'same', perceptualHash: '0000000000000001', size: 100 }),
    ])
    expect(groups).toHaveLength(1)
    expect(groups[0].memberIds).toEqual(['best', 'copy 1', 'copy 2'])
    expect(groups[0]).toMatchObject({ confidence: 100, reason: 'identical_hash' })
  })

  it('does not trust a close whole-image hash that most regions contradict (one caption on two plain photos)', () => {
    const caption = ['a', 'b', 'c'].map((digit) => digit.repeat(16))
    const plain = (digits: string) => [...digits].map((digit) => digit.repeat(16))
    const groups = findDuplicateGroups([
      // Two different plain photos with one caption along the bottom: the caption decides their whole hashes.
      row('sky', { perceptualHash: '0123456789abcdef', regionHashes: [...plain('000000'), ...caption], size: 900 }),
      row('wall', { perceptualHash: '0123456789abcdee', regionHashes: [...plain('ffffff'), ...caption], size: 800 }),
      // A re-encode of the sky: most regions alike (one far), so the whole hash is trusted.
      row('sky again', {
        perceptualHash: '0123456789abcdec',
        regionHashes: [...plain('0000f0'), ...caption],
        size: 700,
      }),
    ])
    expect(groups).toEqual([{ confidence: 95, reason: 'visual_similarity', memberIds: ['sky', 'sky again'] }])
  })

  it('keeps the strongest reason of a chained group', () => {
    const groups = findDuplicateGroups([
      row('a', { sha256: 'x', perceptualHash: '0000000000000000', size: 10 }),
      row('b', { sha256: 'x', perceptualHash: '0000000000000000', size: 10 }),
      row('c', { perceptualHash: '0000000000000003', size: 99 }),
    ])
    expect(groups).toEqual([{ confidence: 100, reason: 'identical_hash', memberIds: ['c', 'a', 'b'] }])
  })
})

describe('organisation carried to the kept file', () => {
  const base = { section: null, isHidden: false, room: null, description: null, notes: null, sortOrder: 0, tags: [] as string[] }

  it('moves what the kept file lacks and nothing it has', () => {
    const deleted = { ...base, section: 'upstairs', room: 'Bedroom', tags: ['view'], description: 'Lake view', notes: 'n', sortOrder: 4 }
    expect(organisationToCarry(deleted, base)).toEqual(['section', 'sortOrder', 'room', 'tags', 'description', 'notes'])
    expect(
      organisationToCarry(deleted, { ...base, section: 'backyard', room: 'Deck', tags: ['deck', 'view'], description: 'd', notes: 'm' }),
    ).toEqual([])
  })

  it('adds the tags the kept file lacks, even when it has tags of its own (analysis may have tagged it)', () => {
    const deleted = { ...base, tags: ['view', 'sunset'] }
    expect(organisationToCarry(deleted, { ...base, tags: ['exterior', 'view'] })).toEqual(['tags'])
    expect(organisationToCarry(deleted, { ...base, tags: ['sunset', 'view', 'exterior'] })).toEqual([])
  })

  it('carries hiding (a hidden copy stays hidden) and a sort position within the same section', () => {
    expect(organisationToCarry({ ...base, isHidden: true }, base)).toEqual(['section'])
    expect(organisationToCarry({ ...base, section: 'upstairs', sortOrder: 3 }, { ...base, section: 'upstairs' })).toEqual([
      'sortOrder',
    ])
  })
})
