// Uploading in a real browser (spec §2 upload card, §4 Upload): files go straight to the
// store through Uppy, each record is created once its bytes are stored, and the worker
// processes them into servable media.
import { expect, test } from '@playwright/test'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { signIn, uploadCard } from '../helpers/e2e-admin'
import { makeHeic } from '../helpers/heic'

const photo = (seed: number) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: (seed * 70) % 255, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer()

test('the manager uploads photos through the upload card and they are processed', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Upload Media' })).toBeVisible()
  await expect(
    page.getByText('Supports: JPG, PNG, GIF, HEIC, MP4, MOV - Max 200 files - No file size limit').first(),
  ).toBeVisible()

  const files = await Promise.all(
    [1, 2, 3].map(async (seed) => ({ name: `Patio ${seed}.jpg`, mimeType: 'image/jpeg', buffer: await photo(seed) })),
  )
  const uploaderCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/s3/')) uploaderCalls.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  await uploadCard(page).locator('input.uppy-Dashboard-input').first().setInputFiles(files)
  await uploadCard(page).getByRole('button', { name: 'Upload 3 files' }).click()
  await expect(page.getByRole('status').filter({ hasText: '3 files added to the gallery' })).toBeVisible({ timeout: 30_000 })

  const headers = { origin: baseURL! }
  await expect
    .poll(
      async () => {
        const media = (await (await page.request.get('/api/media-files', { headers })).json()) as Array<{
          originalFilename: string
          status: string
        }>
        return media.filter((file) => file.originalFilename.startsWith('Patio ') && file.status === 'ready').length
      },
      { timeout: 60_000 },
    )
    .toBe(3)

  // Whole files: one upload-parameter call each, the bytes then go straight to the store.
  expect(uploaderCalls.filter((call) => call === 'GET /api/s3/params')).toHaveLength(3)

  const visible = (await (await page.request.get('/api/media-files')).json()) as Array<{
    originalFilename: string
    objectPath: string
    variantWidths: number[]
  }>
  const patio = visible.find((file) => file.originalFilename === 'Patio 1.jpg')!
  expect(patio.variantWidths).toEqual([400, 800, 1200])
  const rendition = await page.request.get(`${patio.objectPath}/w400.webp`)
  expect(rendition.status()).toBe(200)
  expect(rendition.headers()['content-type']).toBe('image/webp')
})

test('a HEIC photo uploaded through the card becomes ready, then gets AVIF renditions beside its WebP ones', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!)
  await page.goto('/admin')
  const { heic } = await makeHeic({ width: 640, height: 480, seed: 23 })
  await uploadCard(page)
    .locator('input.uppy-Dashboard-input')
    .first()
    .setInputFiles([{ name: 'IMG_4501.HEIC', mimeType: 'image/heic', buffer: heic }])
  await uploadCard(page).getByRole('button', { name: 'Upload 1 file' }).click()
  await expect(page.getByRole('status').filter({ hasText: '1 file added to the gallery' })).toBeVisible({ timeout: 30_000 })

  type Listed = { originalFilename: string; status: string; objectPath: string; variantWidths: number[]; avifWidths: number[] }
  const find = async () =>
    ((await (await page.request.get('/api/media-files', { headers: { origin: baseURL! } })).json()) as Listed[]).find(
      (file) => file.originalFilename === 'IMG_4501.HEIC',
    )
  await expect.poll(async () => (await find())?.status, { timeout: 60_000 }).toBe('ready')
  await expect.poll(async () => (await find())?.avifWidths, { timeout: 60_000 }).toEqual([400, 640])
  const file = (await find())!
  expect(file.variantWidths).toEqual([400, 640])
  const own = await page.request.get(file.objectPath)
  expect(own.headers()['content-type']).toBe('image/jpeg')
  const avif = await page.request.get(`${file.objectPath}/w640.avif`)
  expect(avif.status()).toBe(200)
  expect(avif.headers()['content-type']).toBe('image/avif')
  expect(await sharp(await avif.body()).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 640, height: 480 })
})

test('the upload card refuses a type that is not allowed', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await page.goto('/admin')
  await uploadCard(page)
    .locator('input.uppy-Dashboard-input')
    .first()
    .setInputFiles([{ name: 'menu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') }])
  await expect(page.getByText(/You can only upload:/).first()).toBeVisible()
})

test('a file above 100 MiB goes to the store in parts through the uploader calls', async ({ page, baseURL }) => {
  test.setTimeout(180_000)
  await signIn(page, baseURL!)
  await page.goto('/admin')
  // A real photo followed by padding that decoders ignore: 101 MiB, so 21 parts of 5 MiB.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gallery-multipart-'))
  const file = path.join(dir, 'Lake view panorama.jpg')
  const photoBuffer = await photo(9)
  // The padding is a hole in a sparse file: nothing to build in memory or write to disk.
  await fs.writeFile(file, photoBuffer)
  await fs.truncate(file, 101 * 1024 * 1024)

  // Calls by shape: ids and part numbers become ':x'.
  const uploaderCalls: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    const shape = pathname
      .split('/')
      .map((segment, index) => (index > 3 && segment !== 'complete' ? ':x' : segment))
      .join('/')
    if (pathname.startsWith('/api/s3/')) uploaderCalls.push(`${request.method()} ${shape}`)
  })
  await uploadCard(page).locator('input.uppy-Dashboard-input').first().setInputFiles(file)
  await uploadCard(page).getByRole('button', { name: 'Upload 1 file' }).click()
  await expect(page.getByRole('status').filter({ hasText: '1 file added to the gallery' })).toBeVisible({ timeout: 120_000 })

  expect(uploaderCalls).toContain('POST /api/s3/multipart')
  expect(uploaderCalls.filter((call) => /^GET \/api\/s3\/multipart\/:x\/:x$/.test(call))).toHaveLength(21)
  expect(uploaderCalls.some((call) => /^POST \/api\/s3\/multipart\/:x\/complete$/.test(call))).toBe(true)
  expect(uploaderCalls).not.toContain('GET /api/s3/params')

  const headers = { origin: baseURL! }
  await expect
    .poll(
      async () => {
        const media = (await (await page.request.get('/api/media-files', { headers })).json()) as Array<{
          originalFilename: string
          status: string
          fileSize: number
        }>
        const lake = media.find((entry) => entry.originalFilename === 'Lake view panorama.jpg')
        return lake && `${lake.status} ${lake.fileSize}`
      },
      { timeout: 60_000 },
    )
    .toBe(`ready ${101 * 1024 * 1024}`)
  await fs.rm(dir, { recursive: true, force: true })
})

test('the upload button opens a modal that takes one file by default, and the new photo appears in the grid', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!)
  await page.goto('/admin')
  await page.getByRole('button', { name: 'Upload Files' }).click()
  const modal = page.locator('.uppy-Dashboard--modal')
  await expect(modal.getByRole('dialog')).toBeVisible()

  // One file by default: the file picker itself takes a single file.
  const input = modal.locator('input.uppy-Dashboard-input').first()
  await expect(input).not.toHaveAttribute('multiple')
  await input.setInputFiles({ name: 'Porch one.jpg', mimeType: 'image/jpeg', buffer: await photo(21) })
  await modal.getByRole('button', { name: 'Upload 1 file' }).click()
  await expect(page.getByRole('status').filter({ hasText: '1 file added to the gallery' })).toBeVisible({ timeout: 30_000 })

  // The lists refresh: the photo's card is in the grid without a reload.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'View Porch one.jpg' })).toBeVisible({ timeout: 15_000 })
})
