// Media for end-to-end tests, made the way the product makes them: real files generated
// here, uploaded through the API (upload URL → PUT to the store → record), processed by the
// app's own worker. Placement (section, room, order, hidden, texts) is then set through
// Payload's REST for the media collection, as an editor would.
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { signIn } from './e2e-admin'

export type SeedPhoto = {
  name: string
  section?: string | null
  room?: string | null
  sortOrder?: number
  isHidden?: boolean
  description?: string | null
  tags?: string[]
  category?: string | null
  width?: number
  height?: number
}

type Grant = { uploadURL: string; objectPath: string }
type Created = { id: string }

export function photoBytes(seed: number, width = 800, height = 600) {
  const hue = (seed * 47) % 255
  return sharp({ create: { width, height, channels: 3, background: { r: hue, g: (hue * 3) % 255, b: 160 } } })
    .jpeg({ quality: 80 })
    .toBuffer()
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`)
  return (await response.json()) as T
}

/** Uploads one file through the product's upload path; answers the new record's id. */
export async function uploadThroughApi(
  request: APIRequestContext,
  baseURL: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const headers = { origin: baseURL }
  const grant = await json<Grant>(
    await request.post('/api/objects/upload', { headers, data: { filename: file.name, contentType: file.mimeType } }),
  )
  const put = await request.put(grant.uploadURL, { headers: { 'Content-Type': file.mimeType }, data: file.buffer })
  if (!put.ok()) throw new Error(`PUT to the store answered ${put.status()}`)
  const created = await json<Created>(
    await request.post('/api/media-files', {
      headers,
      data: {
        filename: file.name,
        originalFilename: file.name,
        fileType: file.mimeType.startsWith('video/') ? 'video' : 'image',
        mimeType: file.mimeType,
        fileSize: file.buffer.length,
        originalFileSize: file.buffer.length,
        objectPath: grant.objectPath,
      },
    }),
  )
  return created.id
}

/**
 * Payload's REST relates a record to its section by the section's id: the id of the section with
 * this key in the record's property (an account of several properties reads all their sections).
 */
async function sectionIdOf(request: APIRequestContext, baseURL: string, mediaId: string, key: string): Promise<string> {
  const headers = { origin: baseURL }
  const media = (await json(await request.get(`/api/media/${mediaId}?depth=0`, { headers }))) as { property: string }
  const found = (await json(
    await request.get(
      `/api/gallery-sections?where[key][equals]=${encodeURIComponent(key)}&where[property][equals]=${media.property}&limit=1`,
      { headers },
    ),
  )) as { docs: Array<{ id: string }> }
  if (!found.docs[0]) throw new Error(`No section "${key}"`)
  return found.docs[0].id
}

/** Saves fields of a record through Payload's REST (the stock editor's API); `section` is a section's key. */
export async function updateMedia(request: APIRequestContext, baseURL: string, id: string, data: Record<string, unknown>) {
  const section = typeof data.section === 'string' ? await sectionIdOf(request, baseURL, id, data.section) : data.section
  const body = data.section === undefined ? data : { ...data, section }
  await json(await request.patch(`/api/media/${id}`, { headers: { origin: baseURL }, data: body }))
}

/**
 * Deletes, through the manager's API, every media file whose name starts with one of the
 * prefixes: a test file that adds visible photos removes them again, so later files see the
 * public seed as it was made (their tours, counts and lists depend on it).
 */
export async function deleteMediaNamed(request: APIRequestContext, baseURL: string, prefixes: Iterable<string>) {
  const starts = [...prefixes]
  const all = (await json(await request.get('/api/media-files', { headers: { origin: baseURL } }))) as Array<{
    id: string
    originalFilename: string
  }>
  for (const file of all.filter((media) => starts.some((start) => media.originalFilename.startsWith(start)))) {
    const response = await request.delete(`/api/media-files/${file.id}`, { headers: { origin: baseURL } })
    if (!response.ok() && response.status() !== 404) throw new Error(`Deleting ${file.originalFilename}: ${response.status()}`)
  }
}

/**
 * A test file's maker of unique name prefixes (each starting with `letter`): after the file's
 * tests, every media file named with one of them is deleted again.
 */
export function mediaPrefixes(letter: string) {
  const prefixes = new Set<string>()
  test.afterAll(async ({ browser, baseURL }) => {
    const page = await browser.newPage({ baseURL })
    await signIn(page, baseURL!)
    await deleteMediaNamed(page.request, baseURL!, prefixes)
    await page.close()
  })
  return () => {
    const prefix = `${letter}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
    prefixes.add(prefix)
    return prefix
  }
}

/**
 * Waits until the worker has processed every listed record; with `avif`, until each also has its
 * AVIF renditions (made after every other job, src/server/jobs/precedence.ts): no write of theirs
 * is left to come.
 */
export async function waitUntilReady(request: APIRequestContext, baseURL: string, ids: string[], timeout = 120_000, { avif = false } = {}) {
  const wanted = new Set(ids)
  await expect
    .poll(
      async () => {
        const media = await json<Array<{ id: string; status?: string; avifWidths?: number[] }>>(
          await request.get('/api/media-files', { headers: { origin: baseURL } }),
        )
        return media.filter((file) => wanted.has(file.id) && file.status === 'ready' && (!avif || (file.avifWidths ?? []).length > 0)).length
      },
      // A photo is processed in well under a second: look again soon, not a second later.
      { timeout, intervals: [100, 200, 300, 400, 500] },
    )
    .toBe(wanted.size)
}

/**
 * Uploads photos (the request must carry a signed-in manager's cookie), places them, and
 * waits for processing. Answers the ids in the order given.
 */
export async function seedPhotos(request: APIRequestContext, baseURL: string, photos: SeedPhoto[]) {
  const ids: string[] = []
  // Encoded together up front; uploaded one after the other, so the records keep the order given.
  const buffers = await Promise.all(photos.map((photo, index) => photoBytes(index + 1, photo.width, photo.height)))
  for (const [index, photo] of photos.entries()) {
    ids.push(await uploadThroughApi(request, baseURL, { name: photo.name, mimeType: 'image/jpeg', buffer: buffers[index] }))
  }
  await waitUntilReady(request, baseURL, ids)
  for (const [index, photo] of photos.entries()) {
    const { name: _name, width: _width, height: _height, ...placement } = photo
    if (Object.keys(placement).length) await updateMedia(request, baseURL, ids[index], placement)
  }
  return ids
}
