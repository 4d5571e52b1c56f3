// Upload control in a real browser (spec §2 upload card, §4 Upload): a 200-file batch, and a
// large file sent in parts that pauses, resumes where it stopped, and is aborted on the server
// when cancelled.
import { expect, test, type Page, type Request } from '@playwright/test'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { signIn, uploadCard } from '../helpers/e2e-admin'
import { waitUntilReady } from '../helpers/e2e-seed'

const MiB = 1024 * 1024

/** A real photo followed by padding that decoders ignore: 101 MiB goes as 21 parts of 5 MiB. */
async function largePhotoFile(name: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gallery-parts-'))
  const file = path.join(dir, name)
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer()
  // The padding is a hole in a sparse file: nothing to build in memory or write to disk.
  await fs.writeFile(file, photo)
  await fs.truncate(file, 101 * MiB)
  return { file, dispose: () => fs.rm(dir, { recursive: true, force: true }) }
}

const isPartPut = (request: Request) => {
  const url = new URL(request.url())
  return request.method() === 'PUT' && url.searchParams.has('uploadId') && url.searchParams.has('partNumber')
}

const isPartUrl = (url: URL) => url.searchParams.has('uploadId') && url.searchParams.has('partNumber')

/** Slows every part down, so there is time to pause or cancel half-way; answers how to stop slowing them. */
async function slowParts(page: Page, delayMs: number) {
  await page.route(isPartUrl, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    await route.continue()
  })
  return () => page.unroute(isPartUrl)
}

test('the manager uploads a batch of 200 photos and every one becomes a record', async ({ page, baseURL }) => {
  test.setTimeout(240_000)
  await signIn(page, baseURL!)
  await page.goto('/admin')
  const files = await Promise.all(
    Array.from({ length: 200 }, async (_, i) => ({
      name: `Batch ${String(i + 1).padStart(3, '0')}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: i, g: 255 - i, b: 90 } } })
        .jpeg()
        .toBuffer(),
    })),
  )
  await uploadCard(page).locator('input.uppy-Dashboard-input').first().setInputFiles(files)
  await uploadCard(page).getByRole('button', { name: 'Upload 200 files' }).click()
  await expect(page.getByRole('status').filter({ hasText: '200 files added to the gallery' })).toBeVisible({
    timeout: 180_000,
  })
  const media = (await (await page.request.get('/api/media-files', { headers: { origin: baseURL! } })).json()) as Array<{
    id: string
    originalFilename: string
  }>
  const batch = media.filter((file) => file.originalFilename.startsWith('Batch '))
  expect(new Set(batch.map((file) => file.originalFilename)).size).toBe(200)
  await waitUntilReady(
    page.request,
    baseURL!,
    batch.map((file) => file.id),
    180_000,
  )

  // The manager sees them on the screen, without a reload.
  const search = page.getByPlaceholder('Search photos by description, objects, or filename...')
  await search.fill('Batch ')
  await expect(page.getByRole('button', { name: 'All (200)' })).toBeVisible()
  await search.fill('Batch 137.jpg')
  await expect(page.getByRole('button', { name: 'View Batch 137.jpg' })).toBeVisible()
})

test('a large upload pauses, then resumes with the parts it had not sent yet', async ({ page, baseURL }) => {
  test.setTimeout(180_000)
  await signIn(page, baseURL!)
  await page.goto('/admin')
  const stopSlowing = await slowParts(page, 500)
  const { file, dispose } = await largePhotoFile('Boathouse.jpg')
  const partOf = (request: Request) => Number(new URL(request.url()).searchParams.get('partNumber'))
  const sentParts: number[] = []
  const requested: number[] = []
  page.on('request', (request) => isPartPut(request) && requested.push(partOf(request)))
  page.on('requestfinished', async (request) => {
    if (isPartPut(request) && (await request.response())?.ok()) sentParts.push(partOf(request))
  })

  await uploadCard(page).locator('input.uppy-Dashboard-input').first().setInputFiles(file)
  await uploadCard(page).getByRole('button', { name: 'Upload 1 file' }).click()
  await expect.poll(() => sentParts.length, { timeout: 60_000 }).toBeGreaterThan(1)
  await uploadCard(page).getByRole('button', { name: 'Pause upload' }).click()
  await expect(uploadCard(page).getByRole('button', { name: 'Resume upload' })).toBeVisible()
  // Parts already on their way may still land; after that, nothing moves while paused.
  await page.waitForTimeout(1500)
  const whilePaused = sentParts.length
  await page.waitForTimeout(1500)
  expect(sentParts.length).toBe(whilePaused)
  expect(whilePaused).toBeLessThan(21)
  const stored = new Set(sentParts)

  // The rest need no slowing down: they go at full speed (not through the test's interception).
  await stopSlowing()
  const resumedAt = requested.length
  await uploadCard(page).getByRole('button', { name: 'Resume upload' }).click()
  await expect(page.getByRole('status').filter({ hasText: '1 file added to the gallery' })).toBeVisible({ timeout: 120_000 })
  // Every part went out, and none that was stored before the pause went again. (A part cut off by
  // the pause may have reached the store all the same: the store's list of parts then skips it.)
  expect(new Set(requested)).toEqual(new Set(Array.from({ length: 21 }, (_, index) => index + 1)))
  expect(requested.slice(resumedAt).filter((part) => stored.has(part))).toEqual([])
  await dispose()
})

test('cancelling a large upload aborts it on the server, which drops its parts', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  await signIn(page, baseURL!)
  await page.goto('/admin')
  await slowParts(page, 500)
  const { file, dispose } = await largePhotoFile('Abandoned dock.jpg')
  const started = page.waitForResponse((response) => response.url().endsWith('/api/s3/multipart') && response.ok())
  const firstPart = page.waitForResponse((response) => isPartPut(response.request()) && response.ok())

  await uploadCard(page).locator('input.uppy-Dashboard-input').first().setInputFiles(file)
  await uploadCard(page).getByRole('button', { name: 'Upload 1 file' }).click()
  const { uploadId, key } = (await (await started).json()) as { uploadId: string; key: string }
  await firstPart
  const aborted = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().includes('/api/s3/multipart/'),
  )
  // The dashboard's top bar and its status bar both offer Cancel (both cancel every upload).
  await uploadCard(page).getByRole('button', { name: 'Cancel', exact: true }).first().click()
  expect((await aborted).status()).toBe(200)

  const parts = await page.request.get(`/api/s3/multipart/${encodeURIComponent(uploadId)}?key=${encodeURIComponent(key)}`, {
    headers: { origin: baseURL! },
  })
  expect(parts.status()).toBe(404)
  await dispose()
})
