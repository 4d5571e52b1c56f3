// Upload and ingest benchmark: 200 camera-sized JPEGs (12 MP, 3–6 MB) through the browser's
// upload path of the production build (s3/params → POST form to the store: the uploader's 10
// files on their way over a browser's 6 connections to the store; the records registered as the
// uploader registers them, in batches of what was stored while the last registration call was
// answered), then the job worker's ingest, each against a baseline on the same machine:
//   - upload wall time vs. the same bytes PUT straight to the same bucket with the AWS SDK, 6 at a time,
//   - time to ready vs. a plain loop of processImage (the same work) in its own process, and time
//     until every AVIF rendition vs. a loop of processImage + makeAvifRenditions; each loop's clock
//     starts after its imports, the worker's at its first claim (its boot is reported beside),
//   - peak RSS of the app's and the worker's process trees during upload and ingest.
// Usage: npm run bench:upload   (knobs: see bench/README.md)
import { spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import http from 'node:http'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pLimit from 'p-limit'
import pg from 'pg'
import sharp from 'sharp'
import {
  BenchRun,
  cpuSeconds,
  ensureBuild,
  lineSeenAt,
  appInfo,
  intEnv,
  log,
  machineInfo,
  printChecks,
  processTree,
  RESULTS_DIR,
  ROOT,
  round,
  RssSampler,
  type Server,
  sleep,
  statusKb,
  stopServer,
  waitForIdleMachine,
  waitForReady,
  WORKER_ENTRY,
} from './lib/harness'
import { api, signIn, type Session } from './lib/session'
import { TSX_NODE_ARGS } from '../src/host/entries'
import { mallocArenaEnv } from '../src/host/malloc-arenas'
import { CONNECTIONS_PER_ORIGIN, UPLOADER_SLOTS, WORKER_RUNNING_MESSAGE } from '../src/lib/constants'

const SHARP_LOOP = path.join(ROOT, 'bench', 'upload-sharp-loop.ts')

const FILES = intEnv('BENCH_FILES', 200)
/** Connections to the store at once: a browser's per origin, and the raw PUTs'. */
const TRANSFERS = intEnv('BENCH_TRANSFERS', CONNECTIONS_PER_ORIGIN)
/** Files on their way at once in our path, as the uploader has them (Uppy's limit). */
const SLOTS = intEnv('BENCH_UPLOADER_SLOTS', UPLOADER_SLOTS)
/** The app's worker and processImage both run 2 sharp pipelines at once: so does the plain loop. */
const LOOP_CONCURRENCY = intEnv('BENCH_LOOP_CONCURRENCY', 2)
const STRICT = process.env.BENCH_STRICT === '1'
const profileNodeArgs = process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${path.join(RESULTS_DIR, 'profiles')}`] : []
/** Stop after the upload phase (no ingest, no report): for working on the upload path. */
const UPLOAD_ONLY = process.env.BENCH_UPLOAD_ONLY === '1'
/** Bump when the generator changes: the cached images are regenerated. */
const IMAGE_VERSION = 'v1'
const IMAGE_DIR = path.join(os.tmpdir(), `gallery-bench-upload-images-${IMAGE_VERSION}`)
const WIDTH = 4000
const HEIGHT = 3000
const MIN_BYTES = 3 * 1024 * 1024
const MAX_BYTES = 6 * 1024 * 1024

const TARGETS = {
  /** Our upload wall time ÷ raw PUT wall time. */
  uploadVsRawMax: 1.25,
  /** Ingest alone (no analysis on upload), photos ready per second ÷ the plain processImage loop's. */
  ingestVsLoopMin: 0.95,
  /** The same worker run until every photo also has its AVIF renditions ÷ the processImage + AVIF loop. */
  avifVsLoopMin: 0.9,
  /** Ingest + analysis as deployed, images/s ÷ the plain processImage + analysis loop's. */
  pipelineVsLoopMin: 0.9,
  rssMb: 1536,
}

const mb = (bytes: number) => bytes / 1024 / 1024

/** Runs task(0..count-1), at most `size` at once. */
/** Runs task(0 … count-1), `size` at a time. */
const pool = (count: number, size: number, task: (index: number) => Promise<void>) =>
  pLimit(size).map(Array.from({ length: count }, (_, index) => index), task)

// ---------------------------------------------------------------------------------------------
// Test images: photo-like 12 MP JPEGs, generated once and cached
// ---------------------------------------------------------------------------------------------

const imagePath = (i: number) => path.join(IMAGE_DIR, `IMG_${String(1000 + i).padStart(5, '0')}.jpg`)

/**
 * A smooth colour field (a tiny random image upscaled), mid-scale detail (a larger random image
 * upscaled) and per-pixel sensor-like noise: JPEG at quality 92–94 gives 3–6 MB, as phones do.
 */
async function makeImage(i: number, noise: number, quality: number): Promise<Buffer> {
  let s = (i * 2654435761 + 12345) >>> 0 || 1
  const rand = () => {
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s
  }
  const randomRaw = (w: number, h: number) => {
    const data = Buffer.alloc(w * h * 3)
    for (let k = 0; k < data.length; k++) data[k] = rand() & 255
    return sharp(data, { raw: { width: w, height: h, channels: 3 } })
      .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
      .raw()
      .toBuffer()
  }
  const [base, detail] = await Promise.all([randomRaw(16, 12), randomRaw(200, 150)])
  const out = Buffer.allocUnsafe(WIDTH * HEIGHT * 3)
  for (let k = 0; k < out.length; k++) {
    const v = base[k] * 0.75 + (detail[k] - 128) * 0.35 + 32 + (((rand() & 255) - 128) * noise) / 128
    out[k] = v < 0 ? 0 : v > 255 ? 255 : v
  }
  return sharp(out, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Synthetic 12MP', Software: `gallery-bench ${IMAGE_VERSION}` } })
    .jpeg({ quality })
    .toBuffer()
}

async function ensureImages(): Promise<number[]> {
  await fs.mkdir(IMAGE_DIR, { recursive: true })
  const missing = Array.from({ length: FILES }, (_, i) => i).filter((i) => {
    if (!existsSync(imagePath(i))) return true
    const size = statSync(imagePath(i)).size
    return size < MIN_BYTES || size > MAX_BYTES
  })
  if (missing.length) {
    log(`Generating ${missing.length} test JPEGs (${WIDTH}×${HEIGHT}) into ${IMAGE_DIR}, 2 at a time...`)
    const t0 = Date.now()
    let done = 0
    await pool(missing.length, 2, async (n) => {
      const i = missing[n]
      let noise = 10 + (i % 7)
      let quality = 92 + (i % 3)
      let bytes = await makeImage(i, noise, quality)
      // Nudge the noise until the size is in range (rarely needed).
      for (let tries = 0; tries < 6 && (bytes.length < MIN_BYTES || bytes.length > MAX_BYTES); tries++) {
        noise = bytes.length < MIN_BYTES ? noise + 3 : Math.max(1, noise - 3)
        if (bytes.length > MAX_BYTES) quality = 92
        bytes = await makeImage(i, noise, quality)
      }
      const tmp = `${imagePath(i)}.tmp`
      await fs.writeFile(tmp, bytes)
      await fs.rename(tmp, imagePath(i))
      done++
      if (done % 10 === 0 || done === missing.length) {
        const elapsed = (Date.now() - t0) / 1000
        log(
          `  ${done}/${missing.length} generated, ${elapsed.toFixed(0)} s, ~${((elapsed / done) * (missing.length - done)).toFixed(0)} s left`,
        )
      }
    })
  }
  const sizes = Array.from({ length: FILES }, (_, i) => statSync(imagePath(i)).size)
  const outOfRange = sizes.filter((size) => size < MIN_BYTES || size > MAX_BYTES).length
  if (outOfRange) throw new Error(`${outOfRange} test images are outside 3–6 MB`)
  const meta = await sharp(imagePath(0)).metadata()
  if (meta.width !== WIDTH || meta.height !== HEIGHT) throw new Error(`Test image is ${meta.width}×${meta.height}`)
  log(
    `${FILES} test JPEGs ${WIDTH}×${HEIGHT}: mean ${mb(mean(sizes)).toFixed(2)} MB, min ${mb(Math.min(...sizes)).toFixed(2)} MB, ` +
      `max ${mb(Math.max(...sizes)).toFixed(2)} MB, ${mb(sizes.reduce((a, b) => a + b, 0)).toFixed(0)} MB in all`,
  )
  return sizes
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length

// ---------------------------------------------------------------------------------------------
// The app's API, signed in
// ---------------------------------------------------------------------------------------------

type MediaRow = { id: string; status?: string }

async function listMedia(session: Session): Promise<MediaRow[]> {
  const { status, body } = await api<unknown>(session, 'GET', '/api/media-files')
  if (status !== 200) throw new Error(`GET /api/media-files answered ${status}`)
  if (Array.isArray(body)) return body as MediaRow[]
  const object = body as Record<string, unknown>
  for (const key of ['docs', 'mediaFiles', 'items', 'media']) if (Array.isArray(object[key])) return object[key] as MediaRow[]
  throw new Error(`Unexpected GET /api/media-files answer: ${JSON.stringify(body).slice(0, 200)}`)
}

function statusCounts(rows: MediaRow[]) {
  const counts: Record<string, number> = {}
  for (const row of rows) counts[row.status ?? 'unknown'] = (counts[row.status ?? 'unknown'] ?? 0) + 1
  return counts
}

// ---------------------------------------------------------------------------------------------
// Phases
// ---------------------------------------------------------------------------------------------

async function rawPuts(files: Buffer[]) {
  // The app's own client, pointed at the bench's store (readEnv reads process.env).
  const { appStore } = await import('../src/server/storage/index')
  const { PutObjectCommand } = await import('@aws-sdk/client-s3')
  const { client, bucket } = appStore()
  // One small PUT first, so connection set-up and SDK loading are not timed.
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'bench-raw/warm-up', Body: Buffer.from('x') }))
  const started = performance.now()
  await pool(files.length, TRANSFERS, async (i) => {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `bench-raw/${i}.jpg`,
        Body: files[i],
        ContentType: 'image/jpeg',
        ContentLength: files[i].length,
      }),
    )
  })
  return (performance.now() - started) / 1000
}

type Timing = { presignMs: number; putMs: number; createMs: number }

/** Keep-alive connections to the store, as a browser and the AWS SDK keep them. */
const storeAgent = new http.Agent({ keepAlive: true, maxSockets: TRANSFERS })

/**
 * The POST form a browser sends (fields, then the file), written with Node's http client as
 * the AWS SDK writes its PUTs: both paths pay the same client costs, so the ratio is the
 * store's and our API's. The file's buffer is written as is, not copied into the form.
 */
function postForm(url: string, fields: Record<string, string>, file: Buffer, filename: string) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`
  const head =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`
  const tail = `\r\n--${boundary}--\r\n`
  return new Promise<void>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: storeAgent,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': Buffer.byteLength(head) + file.length + Buffer.byteLength(tail),
        },
      },
      (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () =>
          res.statusCode! < 300
            ? resolve()
            : reject(new Error(`POST to the store answered ${res.statusCode}: ${body.slice(0, 300)}`)),
        )
      },
    )
    req.on('error', reject)
    req.write(head)
    req.write(file)
    req.end(tail)
  })
}

/**
 * The browser's path, as Uppy takes it: each of the SLOTS asks for upload parameters and POSTs
 * the form to the store, over at most TRANSFERS connections (a browser's per origin; a POST
 * waits for a free one, and its time includes the wait); when a file's bytes are stored, it is registered as the
 * uploader registers it (src/admin/uploader.ts): at once when no registration call is on its
 * way, else with the others stored meanwhile in the next POST /api/media-files/batch, while the
 * slot moves on to the next file. Wall time runs from the first call until the last record is created.
 */
async function ourUploads(session: Session, files: Buffer[]) {
  const timings: Timing[] = []
  const ids: string[] = []
  let batches = 0
  let done = 0
  const started = performance.now()

  type Stored = { i: number; filename: string; key: string; timing: Omit<Timing, 'createMs'>; storedAt: number }
  const waiting: Stored[] = []
  let sending: Promise<void> | null = null
  const send = async () => {
    while (waiting.length) {
      const batch = waiting.splice(0, waiting.length)
      batches++
      const answer = await api<{ files: Array<{ status: number; file?: { id: string }; message?: string }> }>(
        session,
        'POST',
        '/api/media-files/batch',
        {
          files: batch.map(({ i, filename, key }) => ({
            filename,
            originalFilename: filename,
            fileType: 'image',
            mimeType: 'image/jpeg',
            fileSize: files[i].length,
            originalFileSize: files[i].length,
            objectPath: key,
          })),
        },
      )
      if (answer.status !== 200) throw new Error(`POST /api/media-files/batch answered ${answer.status}: ${JSON.stringify(answer.body)}`)
      const now = performance.now()
      answer.body.files.forEach((result, index) => {
        if (result.status !== 201) throw new Error(`${batch[index].filename} was not registered: ${result.message}`)
        ids.push(result.file!.id)
        timings.push({ ...batch[index].timing, createMs: now - batch[index].storedAt })
        done++
        if (done % 50 === 0) log(`  ${done}/${files.length} uploaded and registered`)
      })
    }
    sending = null
  }
  const register = (stored: Stored) => {
    waiting.push(stored)
    sending ??= send()
  }

  await pool(files.length, SLOTS, async (i) => {
    const filename = path.basename(imagePath(i))
    const t0 = performance.now()
    const query = new URLSearchParams({ filename, type: 'image/jpeg', 'metadata[size]': String(files[i].length) })
    const params = await api<{ url: string; fields: Record<string, string> }>(session, 'GET', `/api/s3/params?${query}`)
    if (params.status !== 200) throw new Error(`GET /api/s3/params answered ${params.status}: ${JSON.stringify(params.body)}`)
    const t1 = performance.now()
    await postForm(params.body.url, params.body.fields, files[i], filename)
    const t2 = performance.now()
    register({ i, filename, key: params.body.fields.key, timing: { presignMs: t1 - t0, putMs: t2 - t1 }, storedAt: t2 })
  })
  const transfersEnded = performance.now()
  while (sending) await sending
  const ended = performance.now()
  return { wallS: (ended - started) / 1000, transfersS: (transfersEnded - started) / 1000, timings, ids, batches }
}

function stepStats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const pick = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
  return {
    meanMs: round(mean(values), 1),
    p50Ms: round(pick(50), 1),
    p95Ms: round(pick(95), 1),
    maxMs: round(sorted[sorted.length - 1], 1),
  }
}

function stepStatsOf(upload: { timings: Timing[] }) {
  return {
    params: stepStats(upload.timings.map((t) => t.presignMs)),
    post: stepStats(upload.timings.map((t) => t.putMs)),
    create: stepStats(upload.timings.map((t) => t.createMs)),
  }
}

type WorkerPhase = {
  label: string
  ready: number
  failed: number
  analysisErrors: number
  errors: string[]
  /** Worker start (its boot included) → the batch's last record done. */
  wallS: number
  rate: number
  /** Worker start → its first claim (WORKER_RUNNING_MESSAGE, logged as its slots start claiming). */
  bootS: number
  /** First claim → the batch's last record done: the clock the plain loops keep (theirs starts after their imports). */
  runningWallS: number
  runningRate: number
  /** First record done → last. */
  steadyS: number
  steadyRate: number
  cpuS: number
  appCpuS: number
  servicesCpuS: number
  hwmMb: number
  /** With `avif`: worker start → the last photo's AVIF renditions recorded, and the worker's CPU until then. */
  avif?: { wallS: number; rate: number; runningRate: number; cpuS: number }
}

/**
 * Starts the worker process with `env` added, waits until every record of `ids` is ready or
 * failed (and, with `analysed`, analysed or refused by analysis), then stops it. Times come
 * from the records: optimized_at, or analyzed_at / the analysis's last write. With `avif`, it
 * then waits until every ready photo has its AVIF renditions, seen by polling every 250 ms (the
 * rows keep no time for them).
 */
async function workerPhase(
  bench: BenchRun,
  servicesEnv: Record<string, string>,
  sampler: RssSampler,
  {
    label,
    env,
    ids,
    analysed,
    avif = false,
    appPid,
  }: { label: string; env: Record<string, string>; ids: string[]; analysed: boolean; avif?: boolean; appPid: number },
): Promise<WorkerPhase> {
  const db = new pg.Client({ connectionString: servicesEnv.DATABASE_URL })
  await db.connect()
  try {
    await waitForIdleMachine(`before ${label}`)
    log(`${label}: starting the worker and waiting until the ${ids.length} records are done`)
    const appCpuBefore = cpuSeconds(processTree(appPid))
    const servicesCpuBefore = bench.servicesPid ? cpuSeconds(processTree(bench.servicesPid)) : 0
    const startedAt = Date.now()
    const worker = await bench.start({ ...servicesEnv, ...env }, { entry: WORKER_ENTRY, nodeArgs: profileNodeArgs })
    const runningAt = lineSeenAt(worker, WORKER_RUNNING_MESSAGE)
    sampler.roots.push(worker.child.pid!)
    const doneAt = analysed
      ? `CASE WHEN status = 'failed' THEN optimized_at ELSE COALESCE(analyzed_at, CASE WHEN analysis_error IS NOT NULL THEN updated_at END) END`
      : `CASE WHEN status IN ('ready', 'failed') THEN COALESCE(optimized_at, updated_at) END`
    const deadline = Date.now() + 30 * 60_000
    let lastLog = Date.now()
    type Row = { done: string; ready: string; failed: string; analysis_errors: string; first: Date; last: Date; errors: string[] | null }
    let row: Row
    for (;;) {
      const { rows } = await db.query<Row>(
        `SELECT count(${doneAt})::text AS done, count(*) FILTER (WHERE status = 'ready')::text AS ready,
           count(*) FILTER (WHERE status = 'failed')::text AS failed,
           count(*) FILTER (WHERE analysis_error IS NOT NULL)::text AS analysis_errors,
           min(${doneAt}) AS first, max(${doneAt}) AS last,
           array_agg(DISTINCT COALESCE(processing_error, analysis_error)) FILTER (WHERE COALESCE(processing_error, analysis_error) IS NOT NULL) AS errors
         FROM media WHERE id = ANY($1::uuid[])`,
        [ids],
      )
      row = rows[0]
      if (Number(row.done) >= ids.length) break
      if (Date.now() > deadline) throw new Error(`${label} did not finish in 30 min: ${JSON.stringify(row)}`)
      if (Date.now() - lastLog > 15_000) {
        log(`  ${row.done}/${ids.length} done`)
        lastLog = Date.now()
      }
      await sleep(1000)
    }
    const cpuS = cpuSeconds(processTree(worker.child.pid!))
    const bootS = ((await runningAt) - startedAt) / 1000
    let avifDone: WorkerPhase['avif']
    if (avif) {
      for (;;) {
        const { rows } = await db.query<{ made: number; photos: number }>(
          `SELECT count(*) FILTER (WHERE avif_renditions IS NOT NULL)::int AS made,
                  count(*) FILTER (WHERE status = 'ready' AND file_type = 'image')::int AS photos
             FROM media WHERE id = ANY($1::uuid[])`,
          [ids],
        )
        if (rows[0].made >= rows[0].photos) {
          const wallS = (Date.now() - startedAt) / 1000
          avifDone = {
            wallS,
            rate: rows[0].photos / wallS,
            runningRate: rows[0].photos / (wallS - bootS),
            cpuS: cpuSeconds(processTree(worker.child.pid!)),
          }
          break
        }
        if (Date.now() > deadline) throw new Error(`${label}: AVIF renditions not all made in 30 min (${rows[0].made}/${rows[0].photos})`)
        await sleep(250)
      }
      log(`  AVIF renditions of all ${Number(row.ready)} photos recorded ${avifDone.wallS.toFixed(1)} s after the worker's start`)
    }
    const hwmMb = round(
      [appPid, worker.child.pid!]
        .map((root) => Math.max(...processTree(root).map((pid) => statusKb(pid, 'VmHWM'))))
        .reduce((sum, kb) => sum + kb, 0) / 1024,
      1,
    )
    const appCpuS = cpuSeconds(processTree(appPid)) - appCpuBefore
    const servicesCpuS = bench.servicesPid ? cpuSeconds(processTree(bench.servicesPid)) - servicesCpuBefore : 0
    await stopServer(worker)
    sampler.roots.splice(sampler.roots.indexOf(worker.child.pid!), 1)
    const ready = Number(row.ready)
    const wallS = (row.last.getTime() - startedAt) / 1000
    const runningWallS = wallS - bootS
    const steadyS = (row.last.getTime() - row.first.getTime()) / 1000
    log(
      `  ${ready} ready, ${row.failed} failed, ${row.analysis_errors} analysis errors; worker start → last done ${wallS.toFixed(1)} s, of which ${bootS.toFixed(1)} s before its first claim`,
    )
    if (row.errors?.length) log(`  errors: ${JSON.stringify(row.errors)}`)
    return {
      label,
      ready,
      failed: Number(row.failed),
      analysisErrors: Number(row.analysis_errors),
      errors: row.errors ?? [],
      wallS,
      rate: ready / wallS,
      bootS,
      runningWallS,
      runningRate: ready / runningWallS,
      steadyS,
      steadyRate: steadyS > 0 ? (ready - 1) / steadyS : Number.NaN,
      cpuS,
      appCpuS,
      servicesCpuS,
      hwmMb,
      avif: avifDone,
    }
  } finally {
    await db.end()
  }
}

const phaseReport = (phase: WorkerPhase) => ({
  ready: phase.ready,
  failed: phase.failed,
  analysisErrors: phase.analysisErrors,
  errors: phase.errors,
  workerStartToLastDoneS: round(phase.wallS, 2),
  workerStartToFirstClaimS: round(phase.bootS, 2),
  firstClaimToLastDoneS: round(phase.runningWallS, 2),
  imagesPerSFromFirstClaim: round(phase.runningRate, 4),
  firstToLastDoneS: round(phase.steadyS, 2),
  imagesPerS: round(phase.rate, 4),
  imagesPerSSteady: round(phase.steadyRate, 4),
  workerCpuS: round(phase.cpuS, 2),
  workerCpuPerImageS: round(phase.cpuS / phase.ready, 3),
  appCpuS: round(phase.appCpuS, 2),
  storeAndDatabaseCpuS: round(phase.servicesCpuS, 2),
  ...(phase.avif && {
    avif: {
      workerStartToLastAvifS: round(phase.avif.wallS, 2),
      imagesPerS: round(phase.avif.rate, 4),
      imagesPerSFromFirstClaim: round(phase.avif.runningRate, 4),
      workerCpuS: round(phase.avif.cpuS, 2),
      workerCpuPerImageS: round(phase.avif.cpuS / phase.ready, 3),
    },
  }),
})

/** A plain loop over the batch's files once the machine is quiet, logged as `label`. */
async function plainLoop(mode: 'ingest' | 'analyse' | 'avif', label: string) {
  await waitForIdleMachine(`before the ${mode} loop`)
  log(`${label} over the same files, ${LOOP_CONCURRENCY} at a time, in a child process`)
  const loop = await sharpLoop(Array.from({ length: FILES }, (_, i) => imagePath(i)), mode)
  log(
    `  ${loop.wallS.toFixed(1)} s, ${(loop.images / loop.wallS).toFixed(2)} images/s, ${loop.cpuS.toFixed(1)} CPU s, peak RSS ${Math.round(loop.peakRssMb ?? loop.sampledPeakRssMb)} MB`,
  )
  return loop
}

async function sharpLoop(files: string[], mode: 'ingest' | 'analyse' | 'avif') {
  const child = spawn(process.execPath, [...profileNodeArgs, ...TSX_NODE_ARGS, SHARP_LOOP, String(LOOP_CONCURRENCY), mode, ...files], {
    cwd: ROOT,
    // The worker's malloc arenas (src/host/malloc-arenas.ts), as everything else is set up as in the worker.
    env: { ...process.env, ...mallocArenaEnv(), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const sampler = new RssSampler([child.pid!])
  sampler.start()
  let out = ''
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)))
  sampler.stop()
  if (code !== 0) throw new Error(`The sharp loop exited with ${code}`)
  const figures = JSON.parse(out.trim().split('\n').pop()!) as {
    images: number
    concurrency: number
    mode: string
    wallS: number
    cpuS: number
    peakRssMb: number | null
    derivativeBytes: number
  }
  return { ...figures, sampledPeakRssMb: round(sampler.windowMaxKb / 1024, 1) }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = new Date()
  await fs.mkdir(RESULTS_DIR, { recursive: true })
  const sizes = await ensureImages()
  if (process.env.BENCH_GENERATE_ONLY === '1') return
  await ensureBuild()

  const bench = await BenchRun.open('gallery-bench-upload-')
  try {
    // The store and database run in their own process, as `npm start` runs them: this process is the client.
    const services = await bench.startServices({ ownProcess: true })
    const servicesCpu = () => cpuSeconds(processTree(bench.servicesPid!))
    Object.assign(process.env, services.env)

    // The production topology (docs/architecture.md §7): web instance with JOBS_WORKER=off, and the
    // worker (`npm run worker`) in its own process, started once the uploads are stored.
    log('Starting the production server (JOBS_WORKER=off)')
    // BENCH_PROFILE=1: the app's, each worker's and each loop's CPU profile (written when they stop) in bench/results/profiles.
    const server = await bench.start({ ...services.env, JOBS_WORKER: 'off' }, { nodeArgs: profileNodeArgs })
    const t0 = Date.now()
    await waitForReady(server)
    log(`Server ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    const session = await signIn(server.baseUrl)
    const sampler = new RssSampler([server.child.pid!])
    bench.onCleanup(() => sampler.stop())
    const rssIdleMb = round(sampler.sample() / 1024, 1)

    log(`Reading the ${FILES} files into memory (not timed)`)
    const files = await Promise.all(Array.from({ length: FILES }, (_, i) => fs.readFile(imagePath(i))))
    const totalBytes = files.reduce((sum, f) => sum + f.length, 0)

    // 1. Raw PUTs first, on a quiet machine: the app's worker has nothing to do yet.
    await waitForIdleMachine('before the raw PUTs')
    log(`Raw PUTs: ${FILES} files straight to the bucket with the AWS SDK, ${TRANSFERS} at a time`)
    const servicesCpuBeforeRaw = servicesCpu()
    const rawWallS = await rawPuts(files)
    const rawServicesCpuS = servicesCpu() - servicesCpuBeforeRaw
    log(`  ${rawWallS.toFixed(2)} s, ${(mb(totalBytes) / rawWallS).toFixed(0)} MB/s`)

    // 2. Our upload path, as the browser's uploader takes it.
    await waitForIdleMachine('before our uploads')
    log(
      `Our upload path: s3/params → POST form (${SLOTS} files on their way, ${TRANSFERS} connections to the store), records registered in batches as the uploader does`,
    )
    sampler.resetWindow()
    sampler.start()
    const cpuServerBefore = cpuSeconds(processTree(server.child.pid!))
    const servicesCpuBeforeUpload = servicesCpu()
    const upload = await ourUploads(session, files)
    const cpuServerAfterUpload = cpuSeconds(processTree(server.child.pid!))
    const uploadServicesCpuS = servicesCpu() - servicesCpuBeforeUpload
    const rssUploadMb = round(sampler.windowMaxKb / 1024, 1)
    const atUploadEnd = statusCounts(await listMedia(session))
    log(
      `  ${upload.wallS.toFixed(2)} s, ${(mb(totalBytes) / upload.wallS).toFixed(0)} MB/s, ${upload.batches} registration calls; already ingested when it ended: ` +
        `${atUploadEnd.ready ?? 0} ready (${JSON.stringify(atUploadEnd)})`,
    )

    if (UPLOAD_ONLY) {
      const steps = ['presignMs', 'putMs', 'createMs'] as const
      log(
        `  ours ${upload.wallS.toFixed(2)} s vs raw ${rawWallS.toFixed(2)} s = ${(upload.wallS / rawWallS).toFixed(2)}×; app CPU ${(cpuServerAfterUpload - cpuServerBefore).toFixed(1)} s; store + database CPU raw ${rawServicesCpuS.toFixed(1)} s, ours ${uploadServicesCpuS.toFixed(1)} s`,
      )
      for (const step of steps) log(`  ${step}: ${JSON.stringify(stepStats(upload.timings.map((t) => t[step])))}`)
      return
    }

    // 3. Ingest alone: the worker process with analysis on upload off, from its start until
    //    every record of the batch is ready (or failed), then until every photo has its AVIF renditions.
    //    The plain processImage loop runs just before it as well as with the other loops after:
    //    the machine's speed moves between phases minutes apart, and the baseline is their mean.
    const loopBefore = await plainLoop('ingest', 'Plain sharp loop, before the ingest phase: processImage')
    const ingest = await workerPhase(bench, services.env, sampler, {
      label: 'Ingest alone (ANALYZE_ON_UPLOAD=off)',
      env: { ANALYZE_ON_UPLOAD: 'off' },
      ids: upload.ids,
      analysed: false,
      avif: true,
      appPid: server.child.pid!,
    })

    // 4. The whole pipeline: the same files uploaded again (new records), then the worker as
    //    deployed (analysis queued after each ingest) until every record is ready and analysed.
    await waitForIdleMachine('before the second upload')
    log('Uploading the files again for the whole pipeline (ingest + analysis)')
    const uploadAgain = await ourUploads(session, files)
    const pipeline = await workerPhase(bench, services.env, sampler, {
      label: 'Ingest + analysis (as deployed)',
      env: {},
      ids: uploadAgain.ids,
      analysed: true,
      appPid: server.child.pid!,
    })
    sampler.stop()
    const peakRssMb = round(sampler.windowMaxKb / 1024, 1)
    const hwmMb = Math.max(ingest.hwmMb, pipeline.hwmMb)

    // 5. The plain loops, each on its own once the server is quiet.
    const loop = await plainLoop('ingest', 'Plain sharp loop: processImage')
    const pipelineLoop = await plainLoop('analyse', 'Plain ingest + analysis loop: processImage then analyzeImageBytes')
    const avifLoop = await plainLoop('avif', 'Plain processImage + AVIF loop: processImage then makeAvifRenditions')

    // Figures
    const loopBeforeRate = loopBefore.images / loopBefore.wallS
    const loopAfterRate = loop.images / loop.wallS
    const loopRate = (loopBeforeRate + loopAfterRate) / 2
    const avifLoopRate = avifLoop.images / avifLoop.wallS
    // Each loop's clock starts after its imports (and the model's load): the worker's at its first claim.
    const avifRatio = (ingest.avif?.runningRate ?? 0) / avifLoopRate
    const pipelineLoopRate = pipelineLoop.images / pipelineLoop.wallS
    const uploadRatio = upload.wallS / rawWallS
    const ingestRatio = ingest.runningRate / loopRate
    const pipelineRatio = pipeline.runningRate / pipelineLoopRate
    const peak = Math.max(peakRssMb, hwmMb)
    const checks = [
      {
        target: `upload wall time ≤ ${TARGETS.uploadVsRawMax}× raw PUTs`,
        actual: `${upload.wallS.toFixed(2)} s vs ${rawWallS.toFixed(2)} s = ${uploadRatio.toFixed(2)}×`,
        pass: uploadRatio <= TARGETS.uploadVsRawMax,
      },
      {
        target: `ingest alone ≥ ${TARGETS.ingestVsLoopMin}× the plain processImage loop`,
        actual: `${ingest.runningRate.toFixed(3)} vs ${loopRate.toFixed(3)} images/s = ${ingestRatio.toFixed(2)}× (first claim → last ready, against the mean of the loop before, ${loopBeforeRate.toFixed(3)}, and after, ${loopAfterRate.toFixed(3)}; from the worker's start, boot included: ${(ingest.rate / loopRate).toFixed(2)}×)`,
        pass: ingestRatio >= TARGETS.ingestVsLoopMin,
      },
      {
        target: `ingest alone until every AVIF rendition ≥ ${TARGETS.avifVsLoopMin}× the plain processImage + AVIF loop`,
        actual: `${(ingest.avif?.runningRate ?? 0).toFixed(3)} vs ${avifLoopRate.toFixed(3)} images/s = ${avifRatio.toFixed(2)}× (first claim → last AVIF recorded; from the worker's start: ${((ingest.avif?.rate ?? 0) / avifLoopRate).toFixed(2)}×)`,
        pass: avifRatio >= TARGETS.avifVsLoopMin,
      },
      {
        target: `ingest + analysis ≥ ${TARGETS.pipelineVsLoopMin}× the plain processImage + analysis loop`,
        actual: `${pipeline.runningRate.toFixed(3)} vs ${pipelineLoopRate.toFixed(3)} images/s = ${pipelineRatio.toFixed(2)}× (first claim, the model's load included → last analysed; from the worker's start: ${(pipeline.rate / pipelineLoopRate).toFixed(2)}×)`,
        pass: pipelineRatio >= TARGETS.pipelineVsLoopMin,
      },
      {
        target: `app + worker peak RSS ≤ ${TARGETS.rssMb} MB`,
        actual: `${peak.toFixed(0)} MB`,
        pass: peak <= TARGETS.rssMb,
      },
    ]
    const steps = stepStatsOf(upload)

    const rows: string[][] = [
      [
        'raw PUTs (AWS SDK)',
        `${rawWallS.toFixed(2)} s`,
        `${(FILES / rawWallS).toFixed(1)} files/s`,
        `${(mb(totalBytes) / rawWallS).toFixed(0)} MB/s`,
      ],
      [
        'our upload (params→POST form, then create)',
        `${upload.wallS.toFixed(2)} s`,
        `${(FILES / upload.wallS).toFixed(1)} files/s`,
        `${(mb(totalBytes) / upload.wallS).toFixed(0)} MB/s`,
      ],
      ['ingest alone, worker start → last ready', `${ingest.wallS.toFixed(1)} s`, `${ingest.rate.toFixed(3)} images/s`, `worker CPU ${ingest.cpuS.toFixed(1)} s`],
      ['ingest alone, first claim → last ready', `${ingest.runningWallS.toFixed(1)} s`, `${ingest.runningRate.toFixed(3)} images/s`, `boot ${ingest.bootS.toFixed(1)} s`],
      ['ingest alone, first ready → last ready', `${ingest.steadyS.toFixed(1)} s`, `${ingest.steadyRate.toFixed(3)} images/s`, 'steady rate'],
      [
        'ingest alone, worker start → last AVIF',
        `${(ingest.avif?.wallS ?? 0).toFixed(1)} s`,
        `${(ingest.avif?.rate ?? 0).toFixed(3)} images/s`,
        `worker CPU ${(ingest.avif?.cpuS ?? 0).toFixed(1)} s`,
      ],
      [
        'plain loop (processImage ×2), before ingest',
        `${loopBefore.wallS.toFixed(1)} s`,
        `${loopBeforeRate.toFixed(3)} images/s`,
        `CPU ${loopBefore.cpuS.toFixed(1)} s, peak RSS ${Math.round(loopBefore.peakRssMb ?? loopBefore.sampledPeakRssMb)} MB`,
      ],
      [
        'plain loop (processImage ×2), after',
        `${loop.wallS.toFixed(1)} s`,
        `${loopAfterRate.toFixed(3)} images/s`,
        `CPU ${loop.cpuS.toFixed(1)} s, peak RSS ${Math.round(loop.peakRssMb ?? loop.sampledPeakRssMb)} MB`,
      ],
      [
        'plain loop (processImage + AVIF ×2)',
        `${avifLoop.wallS.toFixed(1)} s`,
        `${avifLoopRate.toFixed(3)} images/s`,
        `CPU ${avifLoop.cpuS.toFixed(1)} s, peak RSS ${Math.round(avifLoop.peakRssMb ?? avifLoop.sampledPeakRssMb)} MB`,
      ],
      ['ingest + analysis, worker start → last analysed', `${pipeline.wallS.toFixed(1)} s`, `${pipeline.rate.toFixed(3)} images/s`, `worker CPU ${pipeline.cpuS.toFixed(1)} s`],
      [
        'plain loop (processImage + analysis ×2)',
        `${pipelineLoop.wallS.toFixed(1)} s`,
        `${pipelineLoopRate.toFixed(3)} images/s`,
        `CPU ${pipelineLoop.cpuS.toFixed(1)} s, peak RSS ${Math.round(pipelineLoop.peakRssMb ?? pipelineLoop.sampledPeakRssMb)} MB`,
      ],
    ]
    const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c].length)))
    console.log('')
    console.log(
      `Upload & ingest benchmark — ${FILES} JPEGs ${WIDTH}×${HEIGHT}, mean ${mb(mean(sizes)).toFixed(2)} MB (${mb(totalBytes).toFixed(0)} MB), ${TRANSFERS} transfers at a time`,
    )
    console.log(
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}; client, store and database on the same machine`,
    )
    console.log('')
    for (const r of rows)
      console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '))
    console.log('')
    console.log(
      `Our upload: last transfer ended at ${upload.transfersS.toFixed(2)} s, last record created at ${upload.wallS.toFixed(2)} s`,
    )
    console.log(
      `Our upload steps (mean / p95 ms): params ${steps.params.meanMs} / ${steps.params.p95Ms}, POST form ${steps.post.meanMs} / ${steps.post.p95Ms}, create ${steps.create.meanMs} / ${steps.create.p95Ms}`,
    )
    console.log(
      `RSS: app idle ${rssIdleMb.toFixed(0)} MB, app peak during upload ${rssUploadMb.toFixed(0)} MB, app + worker peak during ingest ${peak.toFixed(0)} MB; ` +
        `app CPU during upload ${(cpuServerAfterUpload - cpuServerBefore).toFixed(1)} s; CPU per image: ingest alone ${(ingest.cpuS / ingest.ready).toFixed(2)} s (worker; app ${(ingest.appCpuS / ingest.ready).toFixed(2)} s, store + database ${(ingest.servicesCpuS / ingest.ready).toFixed(2)} s) vs loop ${(loopBefore.cpuS / loopBefore.images).toFixed(2)} s before, ${(loop.cpuS / loop.images).toFixed(2)} s after; ingest + analysis ${(pipeline.cpuS / pipeline.ready).toFixed(2)} s (worker; app ${(pipeline.appCpuS / pipeline.ready).toFixed(2)} s, store + database ${(pipeline.servicesCpuS / pipeline.ready).toFixed(2)} s) vs loop ${(pipelineLoop.cpuS / pipelineLoop.images).toFixed(2)} s`,
    )
    console.log(
      'Note: uploads ran with JOBS_WORKER=off and the worker in its own process afterwards; in the embedded default the worker runs inside the app and ingest overlaps the uploads.',
    )
    console.log(
      'The plain loops run the same processImage (and analysis engine) the worker runs: the ratios measure what the worker adds to that work (queue, database, store, its start-up), not the work itself.',
    )
    console.log('')
    printChecks(checks)

    const report = {
      date: started.toISOString(),
      machine: machineInfo(),
      app: appInfo(),
      settings: {
        files: FILES,
        transfers: TRANSFERS,
        uploaderSlots: SLOTS,
        loopConcurrency: LOOP_CONCURRENCY,
        imageVersion: IMAGE_VERSION,
        width: WIDTH,
        height: HEIGHT,
      },
      images: {
        totalMb: round(mb(totalBytes), 1),
        meanMb: round(mb(mean(sizes)), 2),
        minMb: round(mb(Math.min(...sizes)), 2),
        maxMb: round(mb(Math.max(...sizes)), 2),
      },
      rawPut: {
        wallS: round(rawWallS, 3),
        mbPerS: round(mb(totalBytes) / rawWallS, 1),
        storeAndDatabaseCpuS: round(rawServicesCpuS, 2),
      },
      upload: {
        wallS: round(upload.wallS, 3),
        transfersEndedS: round(upload.transfersS, 3),
        mbPerS: round(mb(totalBytes) / upload.wallS, 1),
        steps,
        registrationCalls: upload.batches,
        statusAtUploadEnd: atUploadEnd,
        readyAtUploadEnd: atUploadEnd.ready ?? 0,
        serverCpuS: round(cpuServerAfterUpload - cpuServerBefore, 2),
        storeAndDatabaseCpuS: round(uploadServicesCpuS, 2),
        peakRssMb: rssUploadMb,
      },
      secondUpload: { wallS: round(uploadAgain.wallS, 3), steps: stepStatsOf(uploadAgain) },
      ingest: phaseReport(ingest),
      pipeline: phaseReport(pipeline),
      sharpLoopBefore: { ...loopBefore, imagesPerS: round(loopBeforeRate, 4) },
      sharpLoop: { ...loop, imagesPerS: round(loopAfterRate, 4) },
      sharpLoopMeanImagesPerS: round(loopRate, 4),
      pipelineLoop: { ...pipelineLoop, imagesPerS: round(pipelineLoopRate, 4) },
      avifLoop: { ...avifLoop, imagesPerS: round(avifLoopRate, 4) },
      memory: {
        serverIdleMb: rssIdleMb,
        serverPeakSampledMb: peakRssMb,
        serverPeakHwmLargestProcessMb: hwmMb,
        serverPeakMb: peak,
      },
      ratios: {
        uploadVsRaw: round(uploadRatio, 3),
        ingestVsLoop: round(ingestRatio, 3),
        avifVsLoop: round(avifRatio, 3),
        pipelineVsLoop: round(pipelineRatio, 3),
      },
      targets: TARGETS,
      checks,
      pass: checks.every((c) => c.pass),
    }
    await bench.writeReport('upload.json', report, STRICT)
  } catch (error) {
    bench.fail(error)
  } finally {
    storeAgent.destroy()
    await bench.cleanup()
  }
}

main()
