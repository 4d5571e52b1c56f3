// Photo edits, end to end, against plain sharp in the same run (issue "Fix a photo without leaving
// the gallery"): on the production build (server with JOBS_WORKER=off and the worker, as deployed),
// a 12-megapixel photo is uploaded and processed, then edited several times through
// PUT /api/media-files/{id}/edits (turn, straighten, crop, exposure); each save is timed until the
// record says the new renditions are recorded (WebP renditions, public copy, placeholder, hashes)
// and until its AVIF renditions are too. Then, on the same machine, a plain sharp loop does the same
// operations and makes the same renditions from the same original (one decode, the operations, the
// four WebP widths and the JPEG copy; then the AVIF widths): the ratio is loop time / product time
// (≥ 0.8 is the target: the product at most 25 % slower than the loop).
//
// Then the editor's live preview in Chromium: the photo editor opened on the photo, its Straighten
// slider (the canvas redrawn) and its Exposure slider (a CSS filter) moved step by step; each step
// is timed from the input event to the second animation frame after it (the frame that shows it).
// Target ≤ 50 ms a step.
//
// Usage: npm run bench:edit   (BENCH_EDITS=n saves, default 4; BENCH_STEPS=n slider steps, default 30)
import path from 'node:path'
import { chromium } from '@playwright/test'
import sharp from 'sharp'
import { AVIF_EFFORT, avifQualityAt, derivativeWidths, DERIVATIVE_WIDTHS, WEBP } from '../src/server/media/process-image'
import type { Operation } from '../src/lib/edits'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium'
import {
  BenchRun,
  ensureBuild,
  gitCommit,
  intEnv,
  log,
  machineInfo,
  printChecks,
  ROOT,
  round,
  waitForIdleMachine,
  waitForReady,
  WORKER_ENTRY,
  type Check,
} from './lib/harness'
import { api, signIn, type Session } from './lib/session'

const EDITS = intEnv('BENCH_EDITS', 4)
const STEPS = intEnv('BENCH_STEPS', 30)
const STRICT = process.env.BENCH_STRICT === '1'
/** 12 megapixels, as a phone takes them. */
const WIDTH = 4000
const HEIGHT = 3000

type Listed = { id: string; status?: string; editStatus?: string; editVersion?: number; variantWidths: number[]; avifWidths: number[]; filename: string; objectPath: string }

/** A real photo (a fixture of the analysis tests) enlarged to 12 MP, with a little grain so it compresses like one. */
async function twelveMegapixels(): Promise<Buffer> {
  const source = path.join(ROOT, 'tests', 'fixtures', 'analysis', 'living-room-wine.jpg')
  return sharp(source)
    .resize(WIDTH, HEIGHT, { fit: 'cover' })
    .composite([{ input: { create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 10 } } }, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** The saves: turned, straightened one way then the other, cropped to 16:9, brightened. */
const editList = (round: number): Operation[] => [
  { op: 'rotate', degrees: 90 },
  { op: 'straighten', degrees: round % 2 ? -3 : 3 },
  { op: 'crop', x: 0, y: 0.2, width: 1, height: 0.4 },
  { op: 'exposure', value: 0.5 },
]

async function upload(session: Session, bytes: Buffer): Promise<string> {
  const grant = await api<{ uploadURL: string; objectPath: string }>(session, 'POST', '/api/objects/upload', { filename: 'phone.jpg', contentType: 'image/jpeg' })
  if (grant.status !== 200) throw new Error(`No upload URL: ${JSON.stringify(grant.body)}`)
  const put = await fetch(grant.body.uploadURL, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg' }, body: new Uint8Array(bytes) })
  if (!put.ok) throw new Error(`PUT to the store answered ${put.status}`)
  const created = await api<{ id: string }>(session, 'POST', '/api/media-files', {
    filename: 'phone.jpg',
    originalFilename: 'phone.jpg',
    fileType: 'image',
    mimeType: 'image/jpeg',
    fileSize: bytes.length,
    originalFileSize: bytes.length,
    objectPath: grant.body.objectPath,
    isOptimized: 'false',
    compressionRatio: 0,
  })
  if (created.status !== 201) throw new Error(`The record was not made: ${JSON.stringify(created.body)}`)
  return created.body.id
}

async function record(session: Session, id: string): Promise<Listed> {
  const { body } = await api<Listed[]>(session, 'GET', '/api/media-files')
  const found = body.find((file) => file.id === id)
  if (!found) throw new Error(`Media ${id} is not listed`)
  return found
}

/** Polls until `done` holds of the record; answers the milliseconds since `from`. */
async function until(session: Session, id: string, from: number, done: (file: Listed) => boolean, timeoutMs = 300_000): Promise<number> {
  for (;;) {
    const file = await record(session, id)
    if (done(file)) return performance.now() - from
    if (performance.now() - from > timeoutMs) throw new Error(`Timed out waiting for ${id}: ${JSON.stringify(file)}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2
}
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]

/** The same operations and renditions with sharp, written as one would by hand. */
async function plainLoop(original: Buffer, operations: Operation[]) {
  const started = performance.now()
  // Decode once, upright and turned, to raw pixels; then straighten (turn, cut the centre), crop, brighten.
  let image = await sharp(original).rotate().rotate(90).raw().toBuffer({ resolveWithObject: true })
  for (const operation of operations.slice(1)) {
    const { width, height, channels } = image.info
    const open = () => sharp(image.data, { raw: { width, height, channels } })
    if (operation.op === 'straighten') {
      const radians = (Math.abs(operation.degrees) * Math.PI) / 180
      const scale = Math.min(width / (width * Math.cos(radians) + height * Math.sin(radians)), height / (width * Math.sin(radians) + height * Math.cos(radians)))
      const turned = await open().rotate(operation.degrees).raw().toBuffer({ resolveWithObject: true })
      const keep = { width: Math.floor(width * scale), height: Math.floor(height * scale) }
      image = await sharp(turned.data, { raw: { width: turned.info.width, height: turned.info.height, channels } })
        .extract({ left: Math.floor((turned.info.width - keep.width) / 2), top: Math.floor((turned.info.height - keep.height) / 2), ...keep })
        .raw()
        .toBuffer({ resolveWithObject: true })
    } else if (operation.op === 'crop') {
      const region = { left: Math.round(operation.x * width), top: Math.round(operation.y * height), width: Math.round(operation.width * width), height: Math.round(operation.height * height) }
      image = await open().extract(region).raw().toBuffer({ resolveWithObject: true })
    } else if (operation.op === 'exposure') {
      image = await open().linear(2 ** (operation.value / 2.2), 0).raw().toBuffer({ resolveWithObject: true })
    }
  }
  const { width, height, channels } = image.info
  const open = () => sharp(image.data, { raw: { width, height, channels } })
  const widths = derivativeWidths(DERIVATIVE_WIDTHS, width)
  await Promise.all([
    ...widths.map((target) => open().resize({ width: target }).webp(WEBP).toBuffer()),
    open().jpeg({ quality: 92 }).toBuffer(),
  ])
  const webpMs = performance.now() - started
  for (const target of widths) await open().resize({ width: target }).avif({ quality: avifQualityAt(target), effort: AVIF_EFFORT }).toBuffer()
  return { webpMs, allMs: performance.now() - started }
}

/** The editor's preview in Chromium: ms from a slider's input event to the frame that shows it. */
async function previewSteps(baseUrl: string, session: Session, file: Listed) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 1000 } })
    const [name, value] = session.headers.cookie.split('=')
    await context.addCookies([{ name, value, url: baseUrl }])
    const page = await context.newPage()
    await page.goto('/admin')
    await page.getByPlaceholder('Search photos by description, objects, or filename...').fill('phone.jpg')
    const card = page.locator(`[data-testid="media-card"][data-id="${file.id}"]`)
    await card.hover()
    await card.getByRole('button', { name: 'Edit photo phone.jpg' }).click()
    const editor = page.getByTestId('photo-editor')
    await editor.getByTestId('edit-preview').waitFor()
    const previewWidth = Number(await editor.getByTestId('edit-preview').getAttribute('width'))
    // No named functions inside: the page gets the code as this file's compiler wrote it, and a
    // named one would call a helper of the compiler's that the page does not have.
    const timeSlider = (label: string, values: number[]) =>
      editor.getByLabel(label).evaluate(async (input: HTMLInputElement, steps: number[]) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
        const times: number[] = []
        for (const step of steps) {
          await new Promise((resolve) => requestAnimationFrame(resolve))
          const start = performance.now()
          setValue.call(input, String(step))
          input.dispatchEvent(new Event('input', { bubbles: true }))
          // The frame after the next: the one that shows the change.
          await new Promise((resolve) => requestAnimationFrame(resolve))
          await new Promise((resolve) => requestAnimationFrame(resolve))
          times.push(performance.now() - start)
        }
        return times
      }, values)
    const straighten = await timeSlider('Straighten', Array.from({ length: STEPS }, (_, i) => round(-7.5 + (15 * i) / STEPS, 1)))
    const exposure = await timeSlider('Exposure', Array.from({ length: STEPS }, (_, i) => round(-1 + (2 * i) / STEPS, 1)))
    return { previewWidth, straighten, exposure }
  } finally {
    await browser.close()
  }
}

async function main() {
  const started = new Date()
  await ensureBuild()
  const original = await twelveMegapixels()
  const bench = await BenchRun.open('gallery-bench-edit-')
  try {
    const services = await bench.startServices({ ownProcess: true })
    Object.assign(process.env, services.env)
    const server = await bench.start({ ...services.env, JOBS_WORKER: 'off' })
    await waitForReady(server)
    await bench.start({ ...services.env, ANALYZE_ON_UPLOAD: 'off' }, { entry: WORKER_ENTRY })
    const session = await signIn(server.baseUrl)

    log(`Uploading a ${WIDTH} × ${HEIGHT} photo (${round(original.length / 1e6, 1)} MB) and waiting for its renditions`)
    const id = await upload(session, original)
    await until(session, id, performance.now(), (file) => file.status === 'ready' && file.avifWidths.length === file.variantWidths.length)

    const saves: Array<{ webpMs: number; allMs: number }> = []
    for (let index = 0; index < EDITS; index++) {
      await waitForIdleMachine(`before save ${index + 1}`)
      const before = await record(session, id)
      const from = performance.now()
      const saved = await api<Listed>(session, 'PUT', `/api/media-files/${id}/edits`, { baseVersion: before.editVersion ?? 0, operations: editList(index) })
      if (saved.status !== 200) throw new Error(`PUT …/edits answered ${saved.status}: ${JSON.stringify(saved.body)}`)
      const version = saved.body.editVersion
      const webpMs = await until(session, id, from, (file) => file.editVersion === version && file.editStatus === 'edited')
      const allMs = await until(session, id, from, (file) => file.editVersion === version && file.editStatus === 'edited' && file.avifWidths.length > 0 && file.avifWidths.length === file.variantWidths.length)
      saves.push({ webpMs, allMs })
      log(`  save ${index + 1}: renditions ${round(webpMs / 1000, 2)} s, with AVIF ${round(allMs / 1000, 2)} s`)
    }

    const loops: Array<{ webpMs: number; allMs: number }> = []
    for (let index = 0; index < EDITS; index++) {
      await waitForIdleMachine(`before plain loop ${index + 1}`)
      loops.push(await plainLoop(original, editList(index)))
      log(`  plain sharp ${index + 1}: renditions ${round(loops[index].webpMs / 1000, 2)} s, with AVIF ${round(loops[index].allMs / 1000, 2)} s`)
    }

    log(`Preview: ${STEPS} steps of each slider in Chromium`)
    const preview = await previewSteps(server.baseUrl, session, await record(session, id))

    const product = { webpMs: median(saves.map((s) => s.webpMs)), allMs: median(saves.map((s) => s.allMs)) }
    const plain = { webpMs: median(loops.map((s) => s.webpMs)), allMs: median(loops.map((s) => s.allMs)) }
    const ratios = { renditions: round(plain.webpMs / product.webpMs, 2), withAvif: round(plain.allMs / product.allMs, 2) }
    const steps = {
      straighten: { medianMs: round(median(preview.straighten), 1), p95Ms: round(percentile(preview.straighten, 95), 1) },
      exposure: { medianMs: round(median(preview.exposure), 1), p95Ms: round(percentile(preview.exposure, 95), 1) },
    }
    const checks: Check[] = [
      { target: 'save → all renditions (AVIF too) ≥ 0.8× the plain sharp loop', actual: `${ratios.withAvif}×`, pass: ratios.withAvif >= 0.8 },
      { target: 'save → WebP renditions and public copy ≥ 0.8× the plain loop', actual: `${ratios.renditions}×`, pass: ratios.renditions >= 0.8 },
      { target: `preview step ≤ 50 ms (straighten, p95 on a ${preview.previewWidth}-px copy)`, actual: `${steps.straighten.p95Ms} ms`, pass: steps.straighten.p95Ms <= 50 },
      { target: 'preview step ≤ 50 ms (exposure, p95)', actual: `${steps.exposure.p95Ms} ms`, pass: steps.exposure.p95Ms <= 50 },
    ]
    printChecks(checks)
    const report = {
      benchmark: 'edit',
      startedAt: started.toISOString(),
      commit: gitCommit(),
      machine: machineInfo(),
      photo: { width: WIDTH, height: HEIGHT, bytes: original.length },
      operations: editList(0),
      saves: saves.map((s) => ({ webpMs: round(s.webpMs), allMs: round(s.allMs) })),
      plainLoops: loops.map((s) => ({ webpMs: round(s.webpMs), allMs: round(s.allMs) })),
      medians: { product: { webpMs: round(product.webpMs), allMs: round(product.allMs) }, plain: { webpMs: round(plain.webpMs), allMs: round(plain.allMs) } },
      ratios,
      preview: { width: preview.previewWidth, steps: STEPS, ...steps },
      checks,
      pass: checks.every((check) => check.pass !== false),
    }
    await bench.writeReport('edit.json', report, STRICT)
  } catch (error) {
    bench.fail(error)
  } finally {
    await bench.cleanup()
  }
}

void main()
