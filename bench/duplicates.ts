// Duplicate detection benchmark (bench/README.md): accuracy of the engine on edited copies of
// real photographs and of generated photos, and the scan's speed at 100,000 files against a
// naive all-pairs pass. Pure engine and the ingest's own hash functions; no server, database
// or store involved.
import { readdirSync, readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { findDuplicateEdges, findDuplicateGroups, type ScanRow } from '../src/server/duplicates/find-groups'
import {
  MAX_MIRROR_DISTANCE,
  MAX_REGION_DISTANCE,
  MAX_WHOLE_DISTANCE,
  MIN_MATCHING_REGIONS,
} from '../src/server/duplicates/confidence'
import { hamming64 } from '../src/server/duplicates/hash64'
import { sha256Of } from '../src/server/media/hash'
import { imageHashesOf } from '../src/server/media/phash'
import { makePhoto } from '../tests/helpers/media-fixtures'
import { BenchRun, type Check, RESULTS_DIR, gitCommit, intEnv, log, machineInfo, printChecks, round } from './lib/harness'
import { mulberry32 } from '../src/lib/seeded-random'
import { defaultPropertyScope } from '../src/server/properties/default-property'

const PHOTOS = intEnv('BENCH_PHOTOS', 60)
const SCALE_ROWS = intEnv('BENCH_ROWS', 100_000)
const NAIVE_ROWS = intEnv('BENCH_NAIVE_ROWS', 10_000)

type Variant = { kind: string; make: (photo: Buffer, width: number, height: number) => Promise<Buffer>; shouldMatch: boolean }

const jpeg = (image: sharp.Sharp, quality = 90) => image.jpeg({ quality }).toBuffer()
const cropBy = (fraction: number) => async (photo: Buffer, width: number, height: number) => {
  const w = Math.round(width * (1 - fraction))
  const h = Math.round(height * (1 - fraction))
  return jpeg(sharp(photo).extract({ left: (width - w) >> 1, top: (height - h) >> 1, width: w, height: h }))
}

const VARIANTS: Variant[] = [
  { kind: 'exact copy', make: async (photo) => photo, shouldMatch: true },
  {
    kind: 'resize 50%',
    make: async (photo, width) => jpeg(sharp(photo).resize({ width: Math.round(width / 2) })),
    shouldMatch: true,
  },
  { kind: 're-encode q60', make: async (photo) => jpeg(sharp(photo), 60), shouldMatch: true },
  {
    kind: 'resize 50% + q60',
    make: async (photo, width) => jpeg(sharp(photo).resize({ width: Math.round(width / 2) }), 60),
    shouldMatch: true,
  },
  { kind: 'webp', make: async (photo) => sharp(photo).webp({ quality: 75 }).toBuffer(), shouldMatch: true },
  { kind: 'crop 2%', make: cropBy(0.02), shouldMatch: true },
  { kind: 'crop 5%', make: cropBy(0.05), shouldMatch: true },
  { kind: 'crop 10%', make: cropBy(0.1), shouldMatch: true },
  { kind: 'brightness +15%', make: async (photo) => jpeg(sharp(photo).modulate({ brightness: 1.15 })), shouldMatch: true },
  { kind: 'brightness -15%', make: async (photo) => jpeg(sharp(photo).modulate({ brightness: 0.85 })), shouldMatch: true },
  { kind: 'mirror', make: async (photo) => jpeg(sharp(photo).flop()), shouldMatch: true },
  {
    kind: 'text overlay',
    make: async (photo, width, height) => {
      const size = Math.round(height / 12)
      const svg = `<svg width="${width}" height="${height}"><text x="${Math.round(width * 0.05)}" y="${height - size}" font-family="sans-serif" font-size="${size}" fill="white" stroke="black" stroke-width="2">Lakeside Cabin · 2026</text></svg>`
      return jpeg(sharp(photo).composite([{ input: Buffer.from(svg) }]))
    },
    shouldMatch: true,
  },
]

type Sample = { source: number; kind: string; bytes: Buffer; name: string }

async function rowOf(sample: Sample, index: number): Promise<ScanRow> {
  const meta = await sharp(sample.bytes).metadata()
  // Ingest's own hashes: the same rendition and thumbnails processImage reads them from.
  const { hash, mirror, crops, regions } = await imageHashesOf(sample.bytes)
  return {
    id: `m${String(index).padStart(6, '0')}`,
    fileType: 'image',
    size: sample.bytes.length,
    width: meta.width,
    height: meta.height,
    uploadedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
    originalFilename: sample.name,
    sha256: sha256Of(sample.bytes),
    perceptualHash: hash,
    cropHashes: crops,
    mirrorHash: mirror,
    regionHashes: regions,
    embedding: null,
  }
}

type Source = { bytes: Buffer; width: number; height: number }

/** Generated photo-like images (soft gradients and blobs), 1200–1840 px wide. */
async function generatedPhotos(): Promise<Source[]> {
  const photos: Source[] = []
  for (let photo = 0; photo < PHOTOS; photo++) {
    const width = 1200 + (photo % 5) * 160
    const height = Math.round((width * (photo % 3 === 0 ? 3 : 2)) / (photo % 3 === 0 ? 4 : 3))
    photos.push({ bytes: await makePhoto({ width, height, seed: 1000 + photo * 7 }), width, height })
  }
  return photos
}

const REAL_DIR = path.join(process.cwd(), 'tests', 'fixtures', 'analysis')
/** One street shot twice (a true "same scene" pair): only one of them is a source here. */
const REAL_LEFT_OUT = 'exterior-street-b.jpg'

/**
 * Real photographs: the 3 × 3 tiles of each photograph in tests/fixtures/analysis (the only
 * real photos available offline; tiles make 63 sources of 170–266 px, each a real picture,
 * and tiles of one photograph are a harder test than unrelated photos: same light and texture).
 */
async function realPhotos(): Promise<Source[]> {
  const photos: Source[] = []
  for (const name of readdirSync(REAL_DIR).filter((file) => file.endsWith('.jpg') && file !== REAL_LEFT_OUT).sort()) {
    const bytes = readFileSync(path.join(REAL_DIR, name))
    const meta = await sharp(bytes).metadata()
    const width = Math.floor(meta.width! / 3)
    const height = Math.floor(meta.height! / 3)
    for (let y = 0; y < 3; y++) {
      for (let x = 0; x < 3; x++) {
        const tile = await jpeg(sharp(bytes).extract({ left: x * width, top: y * height, width, height }), 92)
        photos.push({ bytes: tile, width, height })
      }
    }
  }
  return photos
}

async function accuracy(set: string, sources: Source[]) {
  log(`Accuracy (${set}): ${sources.length} photos × ${VARIANTS.length} edited copies, originals as distractors`)
  const samples: Sample[] = []
  for (const [photo, { bytes: original, width, height }] of sources.entries()) {
    samples.push({ source: photo, kind: 'original', bytes: original, name: `DSC_${1000 + photo}.jpg` })
    for (const variant of VARIANTS) {
      // Copies get unrelated names: only the pixels and bytes may link them.
      samples.push({
        source: photo,
        kind: variant.kind,
        bytes: await variant.make(original, width, height),
        name: `edit-${photo}-${variant.kind.replace(/\W+/g, '')}.jpg`,
      })
    }
  }
  const rows: ScanRow[] = []
  for (const [index, sample] of samples.entries()) rows.push(await rowOf(sample, index))
  const groups = findDuplicateGroups(rows)

  const groupOf = new Map<string, { index: number; reason: string; confidence: number }>()
  groups.forEach((group, index) =>
    group.memberIds.forEach((id) => groupOf.set(id, { index, reason: group.reason, confidence: group.confidence })),
  )
  const sampleOf = new Map(rows.map((row, index) => [row.id, samples[index]]))

  // Predicted pairs: any two files in one group. True pairs: two files from one source photo.
  let predictedPairs = 0
  let correctPairs = 0
  let falseIdentical = 0
  for (const group of groups) {
    const members = group.memberIds.map((id) => sampleOf.get(id)!)
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        predictedPairs++
        if (members[i].source === members[j].source) correctPairs++
      }
    }
    if (group.reason === 'identical_hash') {
      const shas = new Set(group.memberIds.map((id) => rows.find((row) => row.id === id)!.sha256))
      // Identical content means one sha256 among members linked that way; a mixed group is fine only if the bytes match.
      const sources = new Set(members.map((m) => m.source))
      if (sources.size > 1 && shas.size === group.memberIds.length) falseIdentical++
    }
  }
  // An identical_hash claim is false when the bytes differ: check every pair of the same group with equal sha
  for (const group of groups.filter((g) => g.reason === 'identical_hash')) {
    const members = group.memberIds.map((id) => rows.find((row) => row.id === id)!)
    if (!members.some((a, i) => members.some((b, j) => j !== i && a.sha256 === b.sha256))) falseIdentical++
  }

  // Per kind: the originals and that kind's copies alone, so the confidence is the copy's own.
  const originalRows = rows.filter((_, index) => samples[index].kind === 'original')
  const perKind = VARIANTS.map((variant) => {
    const kindRows = rows.filter((_, index) => samples[index].kind === variant.kind)
    const kindGroups = findDuplicateGroups([...originalRows, ...kindRows])
    const groupIndex = new Map<string, number>()
    kindGroups.forEach((group, index) => group.memberIds.forEach((id) => groupIndex.set(id, index)))
    let matched = 0
    let wrong = 0
    let kindPairs = 0
    let kindCorrect = 0
    for (const group of kindGroups) {
      const members = group.memberIds.map((id) => sampleOf.get(id)!)
      for (let i = 0; i < members.length; i++) {
        for (let j = i + 1; j < members.length; j++) {
          kindPairs++
          if (members[i].source === members[j].source) kindCorrect++
        }
      }
    }
    const confidences: number[] = []
    const reasons: Record<string, number> = {}
    for (const row of kindRows) {
      const sample = sampleOf.get(row.id)!
      const originalId = rows[samples.findIndex((s) => s.source === sample.source && s.kind === 'original')].id
      const mine = groupIndex.get(row.id)
      if (mine !== undefined && groupIndex.get(originalId) === mine) {
        matched++
        confidences.push(kindGroups[mine].confidence)
        reasons[kindGroups[mine].reason] = (reasons[kindGroups[mine].reason] ?? 0) + 1
      }
      if (mine !== undefined && kindGroups[mine].memberIds.some((id) => sampleOf.get(id)!.source !== sample.source)) wrong++
    }
    return {
      kind: variant.kind,
      files: kindRows.length,
      matched,
      recall: round(matched / kindRows.length, 3),
      precision: kindPairs ? round(kindCorrect / kindPairs, 3) : 1,
      groupedWithAnotherPhoto: wrong,
      reasons,
      minConfidence: confidences.length ? Math.min(...confidences) : null,
      medianConfidence: confidences.length ? confidences.sort((a, b) => a - b)[confidences.length >> 1] : null,
    }
  })
  const shouldMatch = perKind.filter((k) => VARIANTS.find((v) => v.kind === k.kind)!.shouldMatch)
  const recall = shouldMatch.reduce((sum, k) => sum + k.matched, 0) / shouldMatch.reduce((sum, k) => sum + k.files, 0)
  const precision = predictedPairs ? correctPairs / predictedPairs : 1

  // The pairs the engine found between two different photos, by the signal that linked them
  // (a group holds only matches of its best file, so one wrong pair misplaces one file).
  const wrongLinks: Record<string, number> = {}
  for (const edge of findDuplicateEdges(rows)) {
    if (samples[edge.a].source === samples[edge.b].source) continue
    const key = `${edge.signal} at ${edge.distance}`
    wrongLinks[key] = (wrongLinks[key] ?? 0) + 1
  }

  // Distances between different photos' whole hashes: how far the threshold is from them.
  let closestDifferent = 64
  const originals = rows.filter((_, index) => samples[index].kind === 'original')
  const parse = (hex: string) => [parseInt(hex.slice(0, 8), 16) >>> 0, parseInt(hex.slice(8), 16) >>> 0] as const
  for (let i = 0; i < originals.length; i++) {
    for (let j = i + 1; j < originals.length; j++) {
      const [ah, al] = parse(originals[i].perceptualHash!)
      const [bh, bl] = parse(originals[j].perceptualHash!)
      closestDifferent = Math.min(closestDifferent, hamming64(ah, al, bh, bl))
    }
  }
  console.log('')
  console.log(`${set}: variant kind   files  matched  recall  precision  wrong  min conf  median conf  reasons`)
  for (const k of perKind) {
    console.log(
      `${k.kind.padEnd(20)} ${String(k.files).padStart(5)}  ${String(k.matched).padStart(7)}  ${k.recall.toFixed(3).padStart(6)}  ${k.precision.toFixed(3).padStart(9)}  ${String(k.groupedWithAnotherPhoto).padStart(5)}  ${String(k.minConfidence ?? '—').padStart(8)}  ${String(k.medianConfidence ?? '—').padStart(11)}  ${JSON.stringify(k.reasons)}`,
    )
  }
  console.log(
    `pairs predicted ${predictedPairs}, correct ${correctPairs}; closest two different photos: ${closestDifferent} bits (threshold ${MAX_WHOLE_DISTANCE})`,
  )
  console.log(`pairs found between different photos, by signal and distance: ${JSON.stringify(wrongLinks)}`)
  return {
    set,
    photos: sources.length,
    files: rows.length,
    groups: groups.length,
    predictedPairs,
    correctPairs,
    precision: round(precision, 4),
    recall: round(recall, 4),
    falseIdentical,
    closestDifferentPhotosBits: closestDifferent,
    wrongLinks,
    perKind,
  }
}

/** 32-bit unsigned integers from a seed, for synthetic hashes (the shared mulberry32 scaled back up). */
function seeded(seed: number) {
  const random = mulberry32(seed)
  return () => random() * 4294967296
}

/**
 * count synthetic rows: random hashes (whole, 2 crops, mirror, 9 regions), with every 50th
 * row a planted near-copy of an earlier one (whole hash 1–6 bits flipped, regions 0–3).
 */
function syntheticRows(count: number, seed: number) {
  const next = seeded(seed)
  const hex = (hi: number, lo: number) => hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0')
  const flip = (hi: number, lo: number, bits: number) => {
    for (let b = 0; b < bits; b++) {
      const bit = next() % 64
      if (bit < 32) hi = (hi ^ (1 << bit)) >>> 0
      else lo = (lo ^ (1 << (bit - 32))) >>> 0
    }
    return [hi, lo] as const
  }
  const rows: ScanRow[] = []
  const halves: Array<readonly [number, number]> = []
  const quarters: Array<Array<readonly [number, number]>> = []
  let planted = 0
  for (let i = 0; i < count; i++) {
    let hi: number
    let lo: number
    let quads: Array<readonly [number, number]>
    if (i % 50 === 49) {
      const source = next() % i
      ;[hi, lo] = flip(...halves[source], 1 + (next() % 6))
      quads = quarters[source].map(([h, l]) => flip(h, l, next() % 4))
      planted++
    } else {
      hi = next()
      lo = next()
      quads = Array.from({ length: 9 }, () => [next(), next()] as const)
    }
    halves.push([hi, lo])
    quarters.push(quads)
    const crops = [flip(hi, lo, 20 + (next() % 8)), flip(hi, lo, 26 + (next() % 8))].map(([h, l]) => hex(h, l))
    rows.push({
      id: `s${String(i).padStart(7, '0')}`,
      fileType: 'image',
      size: 1_000_000 + (next() % 4_000_000),
      width: 4000,
      height: 3000,
      uploadedAt: null,
      originalFilename: `IMG_${i}.jpg`,
      sha256: `${next().toString(16)}${next().toString(16)}${i}`,
      perceptualHash: hex(hi, lo),
      cropHashes: crops,
      mirrorHash: hex(next(), next()),
      regionHashes: quads.map(([h, l]) => hex(h, l)),
      embedding: null,
    })
  }
  return { rows, planted }
}

/** The naive baseline: every pair of files compared on all their hashes (whole, crops, mirror, regions). */
function naiveAllPairs(rows: ScanRow[]) {
  const parse = (hex: string) => [parseInt(hex.slice(0, 8), 16) >>> 0, parseInt(hex.slice(8), 16) >>> 0] as const
  const parsed = rows.map((row) => [row.perceptualHash!, ...(row.cropHashes ?? [])].map(parse))
  const mirrors = rows.map((row) => parse(row.mirrorHash!))
  const quads = rows.map((row) => (row.regionHashes ?? []).map(parse))
  let pairs = 0
  for (let i = 0; i < rows.length; i++) {
    const [ah, al] = parsed[i][0]
    for (let j = i + 1; j < rows.length; j++) {
      let best = 64
      for (const [bh, bl] of parsed[j]) best = Math.min(best, hamming64(ah, al, bh, bl))
      for (const [ch, cl] of parsed[i]) best = Math.min(best, hamming64(ch, cl, parsed[j][0][0], parsed[j][0][1]))
      const mirror = hamming64(mirrors[i][0], mirrors[i][1], parsed[j][0][0], parsed[j][0][1])
      let closeRegions = 0
      for (let q = 0; q < quads[i].length; q++) {
        if (hamming64(quads[i][q][0], quads[i][q][1], quads[j][q][0], quads[j][q][1]) <= MAX_REGION_DISTANCE) closeRegions++
      }
      if (best <= MAX_WHOLE_DISTANCE || mirror <= MAX_MIRROR_DISTANCE || closeRegions >= MIN_MATCHING_REGIONS) pairs++
    }
  }
  return pairs
}

function peakRssMb() {
  return round(process.resourceUsage().maxRSS / 1024, 0)
}

async function scale() {
  log(`Scale: ${SCALE_ROWS.toLocaleString('en')} synthetic hash rows; naive all-pairs over ${NAIVE_ROWS.toLocaleString('en')}`)
  const big = syntheticRows(SCALE_ROWS, 42)
  const loadAtStart = os.loadavg()
  let started = performance.now()
  const cpuBefore = process.cpuUsage()
  const groups = findDuplicateGroups(big.rows)
  const scanSeconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  const scanCpuSeconds = (cpu.user + cpu.system) / 1e6
  const plantedFound = groups.reduce((sum, group) => sum + group.memberIds.length - 1, 0)

  const small = syntheticRows(NAIVE_ROWS, 7)
  started = performance.now()
  let cpuAt = process.cpuUsage()
  const indexedSmall = findDuplicateGroups(small.rows)
  const indexedSmallSeconds = (performance.now() - started) / 1000
  const indexedSmallCpu = process.cpuUsage(cpuAt)
  started = performance.now()
  cpuAt = process.cpuUsage()
  const naivePairs = naiveAllPairs(small.rows)
  const naiveSeconds = (performance.now() - started) / 1000
  const naiveCpu = process.cpuUsage(cpuAt)
  const seconds = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1e6
  console.log('')
  console.log(
    `${SCALE_ROWS} rows indexed: ${scanSeconds.toFixed(2)} s wall, ${scanCpuSeconds.toFixed(2)} s of CPU (load average ${loadAtStart[0].toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end, ${os.cpus().length} cores), ${groups.length} groups (${big.planted} planted copies, ${plantedFound} linked)`,
  )
  console.log(
    `${NAIVE_ROWS} rows indexed: ${indexedSmallSeconds.toFixed(3)} s wall, ${seconds(indexedSmallCpu).toFixed(3)} s CPU (${indexedSmall.length} groups); naive all-pairs: ${naiveSeconds.toFixed(2)} s wall, ${seconds(naiveCpu).toFixed(2)} s CPU (${naivePairs} pairs)`,
  )
  return {
    rows: SCALE_ROWS,
    planted: big.planted,
    linked: plantedFound,
    groups: groups.length,
    scanSeconds: round(scanSeconds, 2),
    scanCpuSeconds: round(scanCpuSeconds, 2),
    loadAverageAtStart: loadAtStart.map((value) => round(value, 2)),
    loadAverageAtEnd: os.loadavg().map((value) => round(value, 2)),
    naiveRows: NAIVE_ROWS,
    indexedSmallSeconds: round(indexedSmallSeconds, 3),
    indexedSmallCpuSeconds: round(seconds(indexedSmallCpu), 3),
    indexedSmallGroups: indexedSmall.length,
    naiveSeconds: round(naiveSeconds, 2),
    naiveCpuSeconds: round(seconds(naiveCpu), 2),
    naivePairs,
    speedupVsNaive: round(naiveSeconds / indexedSmallSeconds, 1),
    cpuSpeedupVsNaive: round(seconds(naiveCpu) / seconds(indexedSmallCpu), 1),
  }
}

/**
 * The scan as the job runs it, on BENCH_ROWS synthetic rows in a throw-away embedded
 * PostgreSQL (its own process): loading the rows, the engine with its progress writes, saving
 * the groups; each step's wall time and this process's CPU time (PostgreSQL's is its own).
 */
async function database() {
  log(`Database scan: ${SCALE_ROWS.toLocaleString('en')} synthetic rows in an embedded PostgreSQL`)
  const bench = await BenchRun.open('gallery-bench-duplicates-')
  try {
    const services = await bench.startServices({ ownProcess: true })
    Object.assign(process.env, services.env)
    const [{ getPayload }, { default: config }, scan, { findDuplicateGroupsAsync }, { poolOf }] = await Promise.all([
      import('payload'),
      import('../payload.config'),
      import('../src/server/duplicates/scan'),
      import('../src/server/duplicates/find-groups'),
      import('../src/server/db/pool'),
    ])
    const payload = await getPayload({ config })
    const pool = poolOf(payload)
    // Stopping the embedded PostgreSQL at the end ends idle connections: not an error here.
    pool.on('error', () => undefined)
    const { rows } = syntheticRows(SCALE_ROWS, 42)
    for (let from = 0; from < rows.length; from += 10_000) {
      const chunk = rows.slice(from, from + 10_000)
      await pool.query(
        `INSERT INTO media (original_filename, file_type, original_file_size, filesize, width, height, uploaded_at, status,
                            storage_key, filename, mime_type, sha256, perceptual_hash, crop_hashes, mirror_hash, region_hashes, property_id)
         SELECT name, 'image', size, size, 4000, 3000, now() - make_interval(secs => n), 'ready', 'originals/' || n || '/' || name,
                n || '-' || name, 'image/jpeg', sha, phash, crops, mirror, regions, (SELECT id FROM properties WHERE is_default)
           FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::jsonb[], $6::text[], $7::jsonb[], $8::int[])
             AS t(name, size, sha, phash, crops, mirror, regions, n)`,
        [
          chunk.map((row) => row.originalFilename),
          chunk.map((row) => row.size),
          chunk.map((row) => row.sha256),
          chunk.map((row) => row.perceptualHash),
          chunk.map((row) => JSON.stringify(row.cropHashes)),
          chunk.map((row) => row.mirrorHash),
          chunk.map((row) => JSON.stringify(row.regionHashes)),
          chunk.map((_, index) => from + index),
        ],
      )
    }
    await pool.query('ANALYZE media')
    const property = await defaultPropertyScope(payload)
    const { scan: started } = await scan.startScan(payload, { propertyId: property.id })
    const step = async <T>(run: () => Promise<T>) => {
      const wall = performance.now()
      const cpu = process.cpuUsage()
      const value = await run()
      const used = process.cpuUsage(cpu)
      return { value, wallSeconds: round((performance.now() - wall) / 1000, 2), cpuSeconds: round((used.user + used.system) / 1e6, 2) }
    }
    const loadAtStart = os.loadavg()
    // The same three steps as runScan (src/server/duplicates/scan.ts), timed one by one.
    const load = await step(() => scan.loadScanRows(payload, property))
    let progressWrites = 0
    let lastWrite = 0
    const find = await step(() =>
      findDuplicateGroupsAsync(load.value, async ({ done, total }) => {
        if (Date.now() - lastWrite < 250) return
        lastWrite = Date.now()
        progressWrites++
        await pool.query(`UPDATE runs SET done = $2, updated_at = now() WHERE id = $1`, [
          started.runId,
          Math.round((done / total) * load.value.length),
        ])
      }),
    )
    const save = await step(() => scan.saveScanGroups(payload, property, started.runId, find.value))
    const total = round(load.wallSeconds + find.wallSeconds + save.wallSeconds, 2)
    const { rows: kept } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM duplicate_groups')
    console.log('')
    console.log(`database scan of ${load.value.length} rows (load average ${loadAtStart[0].toFixed(1)} at the start):`)
    console.log(`  load rows    ${load.wallSeconds.toFixed(2)} s wall, ${load.cpuSeconds.toFixed(2)} s CPU`)
    console.log(`  find groups  ${find.wallSeconds.toFixed(2)} s wall, ${find.cpuSeconds.toFixed(2)} s CPU (${progressWrites} progress writes)`)
    console.log(`  save groups  ${save.wallSeconds.toFixed(2)} s wall, ${save.cpuSeconds.toFixed(2)} s CPU (${kept[0].n} groups kept)`)
    console.log(`  total        ${total.toFixed(2)} s wall`)
    // Payload's shutdown has been seen to wait on an idle connection: never longer than 10 s.
    await Promise.race([payload.destroy?.(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())])
    return {
      rows: load.value.length,
      loadAverageAtStart: loadAtStart.map((value) => round(value, 2)),
      loadRows: { wallSeconds: load.wallSeconds, cpuSeconds: load.cpuSeconds },
      findGroups: { wallSeconds: find.wallSeconds, cpuSeconds: find.cpuSeconds, progressWrites },
      saveGroups: { wallSeconds: save.wallSeconds, cpuSeconds: save.cpuSeconds, groupsKept: kept[0].n },
      totalWallSeconds: total,
    }
  } finally {
    await bench.cleanup()
  }
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY
  const accuracyResults =
    only && only !== 'accuracy'
      ? []
      : [await accuracy('real photos', await realPhotos()), await accuracy('generated photos', await generatedPhotos())]
  const scaleResult = only && only !== 'scale' ? null : await scale()
  const databaseResult =
    only && only !== 'database'
      ? null
      : await database().catch((error: unknown) => {
          console.error(error)
          return { error: String(error) }
        })
  const peakRss = peakRssMb()
  console.log(`peak RSS of the bench process: ${peakRss} MB`)
  const checks: Check[] = accuracyResults.flatMap((result) => [
    { target: `${result.set}: precision ≥ 0.98`, actual: String(result.precision), pass: result.precision >= 0.98 },
    { target: `${result.set}: recall ≥ 0.95`, actual: String(result.recall), pass: result.recall >= 0.95 },
    { target: `${result.set}: no false identical_hash`, actual: String(result.falseIdentical), pass: result.falseIdentical === 0 },
  ])
  checks.push(
    {
      target: `${SCALE_ROWS} rows in ≤ 10 s`,
      actual: scaleResult ? `${scaleResult.scanSeconds} s wall (${scaleResult.scanCpuSeconds} s CPU, load ${scaleResult.loadAverageAtStart[0]})` : '—',
      pass: scaleResult ? scaleResult.scanSeconds <= 10 : null,
    },
    {
      target: '≥ 20× faster than all-pairs',
      actual: scaleResult ? `${scaleResult.speedupVsNaive}× wall (${scaleResult.cpuSpeedupVsNaive}× CPU)` : '—',
      pass: scaleResult ? scaleResult.speedupVsNaive >= 20 : null,
    },
  )
  console.log('')
  printChecks(checks)
  const report = {
    bench: 'duplicates',
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: machineInfo(),
    photoSources: {
      'real photos': 'the 3 × 3 tiles of the real photographs in tests/fixtures/analysis (one of the two street photos left out: they show one street)',
      'generated photos': 'generated photo-like images (tests/helpers/media-fixtures.ts makePhoto)',
    },
    accuracy: accuracyResults,
    scale: scaleResult,
    databaseScan: databaseResult,
    peakRssMb: peakRss,
    checks,
    pass: checks.every((check) => check.pass !== false),
  }
  await fs.mkdir(RESULTS_DIR, { recursive: true })
  await fs.writeFile(path.join(RESULTS_DIR, 'duplicates.json'), `${JSON.stringify(report, null, 2)}\n`)
  log('Wrote bench/results/duplicates.json')
  if (!report.pass) process.exitCode = 1
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  // A database client may keep the event loop alive after the report is written.
  .finally(() => process.exit(process.exitCode ?? 0))
