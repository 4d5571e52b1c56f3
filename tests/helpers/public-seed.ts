// Media for the public-site end-to-end tests, seeded once per run (the first spec file to
// ask seeds; later ones find it): photos in four sections, two videos, and one hidden photo
// whose name and description must never reach a visitor. Names start with "pub-".
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Browser, APIRequestContext } from '@playwright/test'
import { signIn } from './e2e-admin'
import { seedPhotos, updateMedia, uploadThroughApi, waitUntilReady, type SeedPhoto } from './e2e-seed'
import { makeMp4, tempDir } from './media-fixtures'

export const HIDDEN_NAME = 'pub-secret-hidden.jpg'
export const HIDDEN_DESCRIPTION = 'Hidden owner storage room do not publish'
export const DESCRIBED = 'Bright living room with a stone fireplace'

export const PUBLIC_PHOTOS: SeedPhoto[] = [
  { name: 'pub-main-1.jpg', section: 'main_level', sortOrder: 1, description: DESCRIBED, width: 1600, height: 1200 },
  { name: 'pub-main-2.jpg', section: 'main_level', sortOrder: 2, width: 1200, height: 900 },
  { name: 'pub-main-3.jpg', section: 'main_level', sortOrder: 3 },
  { name: 'pub-main-4.jpg', section: 'main_level', sortOrder: 4 },
  { name: 'pub-main-5.jpg', section: 'main_level', sortOrder: 5 },
  { name: 'pub-up-1.jpg', section: 'upstairs', sortOrder: 1 },
  { name: 'pub-up-2.jpg', section: 'upstairs', sortOrder: 2 },
  { name: 'pub-back-1.jpg', section: 'backyard', sortOrder: 1 },
  { name: 'pub-out-1.jpg', section: 'outdoors', sortOrder: 1 },
  { name: HIDDEN_NAME, section: null, isHidden: true, description: HIDDEN_DESCRIPTION },
]
export const VIDEO_NAMES = ['pub-tour-a.mp4', 'pub-tour-b.mp4']

export type PublicMedia = {
  id: string
  filename: string
  originalFilename: string
  fileType: 'image' | 'video'
  section: string | null
  description: string | null
  sortOrder: number
  isHidden: 'true' | 'false'
  compressionRatio: number
  fileSize: number
  width: number | null
  height: number | null
  duration: number | null
  objectPath: string
  thumbnailPath: string | null
  variantWidths: number[]
}

export async function visibleMedia(request: APIRequestContext): Promise<PublicMedia[]> {
  const response = await request.get('/api/media-files')
  if (!response.ok()) throw new Error(`GET /api/media-files answered ${response.status()}`)
  return (await response.json()) as PublicMedia[]
}

/** Seeds the public media unless an earlier file of this run did; answers the hidden photo. */
export async function ensurePublicSeed(browser: Browser, baseURL: string): Promise<{ hidden: PublicMedia }> {
  const context = await browser.newContext({ baseURL })
  try {
    const page = await context.newPage()
    await signIn(page, baseURL)
    const request = page.request
    const all = async () =>
      (await (await request.get('/api/media-files', { headers: { origin: baseURL } })).json()) as PublicMedia[]
    let media = await all()
    if (!media.some((file) => file.originalFilename === HIDDEN_NAME)) {
      // The videos are made while the photos are seeded; they are uploaded after them, as before.
      const dir = await tempDir()
      const videos = Promise.all(VIDEO_NAMES.map(async (name) => fs.readFile(await makeMp4(dir, name))))
      await seedPhotos(request, baseURL, PUBLIC_PHOTOS)
      const ids: string[] = []
      for (const [index, buffer] of (await videos).entries()) {
        const name = VIDEO_NAMES[index]
        ids.push(await uploadThroughApi(request, baseURL, { name: path.basename(name), mimeType: 'video/mp4', buffer }))
      }
      await waitUntilReady(request, baseURL, ids)
      for (const [index, id] of ids.entries()) {
        await updateMedia(request, baseURL, id, { section: 'backyard', sortOrder: index === 0 ? 0 : 9, description: null })
      }
      await fs.rm(dir, { recursive: true, force: true })
      media = await all()
    }
    const hidden = media.find((file) => file.originalFilename === HIDDEN_NAME)
    if (!hidden) throw new Error('The hidden photo was not seeded')
    return { hidden }
  } finally {
    await context.close()
  }
}
