// The gallery overview at /gallery (spec §2): server-rendered first view, sticky section
// navigation, header with the photo count and Start Tour, the video card, one preview card
// per section, and the sections polled every 30 s.
import { expect, test } from '@playwright/test'
import type { MediaFile } from '../../src/lib/api/types'
import { ensurePublicSeed, visibleMedia, type PublicMedia } from '../helpers/public-seed'

type Section = { id: string; name: string; icon: string; count: number }

const navOrder = (sections: Section[]) => [
  ...sections.filter((s) => s.id !== 'outdoors' && s.id !== 'hidden'),
  ...sections.filter((s) => s.id === 'outdoors'),
]

const inUrl = (filename: string) => new RegExp(encodeURIComponent(filename).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  await ensurePublicSeed(browser, baseURL!)
})

test('the first view of /gallery is rendered on the server', async ({ request }) => {
  const sections = (await (await request.get('/api/sections')).json()) as Section[]
  const preview = (await (await request.get('/api/sections/main_level/preview')).json()) as { previewFiles: MediaFile[] }
  const html = await (await request.get('/gallery')).text()
  for (const section of sections) expect(html).toContain(section.name)
  expect(html).toContain(encodeURIComponent(preview.previewFiles[0].filename))
  expect(html).toContain('Start Tour')
  expect(html).not.toContain('data-testid="skeleton"')
})

test('the section navigation lists Overview and every section, outdoors last, with counts above 0', async ({ page, request }) => {
  const sections = (await (await request.get('/api/sections')).json()) as Section[]
  await page.goto('/gallery')
  const nav = page.getByRole('navigation', { name: 'Gallery sections' })
  const links = nav.getByRole('link')
  await expect(links).toHaveText([
    /Overview$/,
    ...navOrder(sections).map((s) => new RegExp(`${s.name}\\s*${s.count > 0 ? s.count : ''}$`)),
  ])
  await expect(links.last()).toContainText('Outdoors')
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page')
  for (const section of sections) {
    const link = nav.locator(`[data-section-id="${section.id}"]`)
    await expect(link).toContainText(section.icon)
    await expect(link.getByTestId('section-count')).toHaveCount(section.count > 0 ? 1 : 0)
  }
  expect(await nav.evaluate((element) => getComputedStyle(element).position)).toBe('sticky')
  await page.mouse.wheel(0, 2000)
  await expect(nav).toBeInViewport()
})

test('the header shows the visible photo count, the video card and one preview card per section', async ({ page, request }) => {
  const sections = (await (await request.get('/api/sections')).json()) as Section[]
  const videos = (await (await request.get('/api/media-files?type=video')).json()) as MediaFile[]
  await page.goto('/gallery')
  const total = sections.reduce((sum, s) => sum + s.count, 0)
  // Counts tell photos from videos: "12 photos · 2 videos" (issue 18).
  const counted = (all: number, videoCount: number) => {
    const photos = `${all - videoCount} ${all - videoCount === 1 ? 'photo' : 'photos'}`
    const clips = `${videoCount} ${videoCount === 1 ? 'video' : 'videos'}`
    return videoCount === 0 ? photos : all === videoCount ? clips : `${photos} · ${clips}`
  }
  const videosIn = (sectionId: string) => videos.filter((video) => video.section === sectionId).length
  const sectionVideos = sections.reduce((sum, s) => sum + videosIn(s.id), 0)
  expect(sectionVideos).toBeGreaterThan(0)
  await expect(page.getByTestId('photo-count')).toHaveText(counted(total, sectionVideos))
  await expect(page.getByRole('button', { name: 'Start Tour' })).toBeVisible()

  const play = page.getByRole('link', { name: /^Play video/ })
  await expect(play).toHaveAttribute('href', videos[0].objectPath)
  await expect(play).toHaveAttribute('target', '_blank')
  const more = videos.length - 1
  await expect(page.getByText(`+${more} more ${more === 1 ? 'video' : 'videos'}`)).toBeVisible()
  await expect(page.getByTestId('video-progress')).toHaveAttribute('aria-hidden', 'true')
  const [tab] = await Promise.all([page.waitForEvent('popup'), play.click()])
  expect(new URL(tab.url()).pathname).toBe(videos[0].objectPath)
  await tab.close()

  for (const section of sections) {
    const preview = (await (await request.get(`/api/sections/${section.id}/preview`)).json()) as {
      previewFiles: MediaFile[]
      totalCount: number
    }
    const card = page.locator(`section[data-section-id="${section.id}"]`)
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(`${section.icon} ${section.name}`)
    await expect(card).toContainText(counted(preview.totalCount, videosIn(section.id)))
    await expect(card.getByRole('img')).toHaveCount(preview.previewFiles.length)
    expect(preview.previewFiles.length).toBeLessThanOrEqual(4)
    if (preview.previewFiles.length === 0) await expect(card).toContainText('No photos in this section yet')
    await expect(card.getByRole('link', { name: `View All ${section.name}` })).toHaveAttribute('href', `/gallery/${section.id}`)
  }
  await page.getByRole('link', { name: 'View All Upstairs' }).click()
  await expect(page).toHaveURL(/\/gallery\/upstairs$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Upstairs')
})

/**
 * The tour as spec §2 words it, written out here rather than taken from the product's own
 * selectTour(): up to 3 visible images from main_level, upstairs, downstairs, backyard and
 * outdoors, in that order; within a section sortOrder ascending, then described ones first,
 * then higher compressionRatio, then larger fileSize.
 */
function tourAsSpecified(media: PublicMedia[]): PublicMedia[] {
  const rank = (file: PublicMedia) => [
    file.sortOrder ?? Number.POSITIVE_INFINITY,
    file.description?.trim() ? 0 : 1,
    -file.compressionRatio,
    -file.fileSize,
  ]
  const before = (a: PublicMedia, b: PublicMedia) => {
    const [ra, rb] = [rank(a), rank(b)]
    const index = ra.findIndex((value, i) => value !== rb[i])
    return index === -1 ? 0 : ra[index] < rb[index] ? -1 : 1
  }
  return ['main_level', 'upstairs', 'downstairs', 'backyard', 'outdoors'].flatMap((section) =>
    media
      .filter((file) => file.fileType === 'image' && file.section === section)
      .sort(before)
      .slice(0, 3),
  )
}

test('Start Tour opens the lightbox on the tour list and walks it in the specified order', async ({ page, request }) => {
  const tour = tourAsSpecified(await visibleMedia(request))
  // The seed's main level: pub-main-1 has the lowest sortOrder there, so it opens the tour.
  expect(tour[0].originalFilename).toBe('pub-main-1.jpg')
  expect(tour.length).toBeGreaterThan(3)
  await page.goto('/gallery')
  await page.getByRole('button', { name: 'Start Tour' }).click()
  const dialog = page.getByRole('dialog')
  for (const [index, file] of tour.entries()) {
    await expect(dialog).toContainText(`${index + 1} / ${tour.length}`)
    await expect(dialog.getByRole('img')).toHaveAttribute('src', inUrl(file.filename))
    await page.keyboard.press('ArrowRight')
  }
  // Past the last photo it wraps to the first; back from the first goes to the last.
  await expect(dialog).toContainText(`1 / ${tour.length}`)
  await page.keyboard.press('ArrowLeft')
  await expect(dialog).toContainText(`${tour.length} / ${tour.length}`)
  await expect(dialog.getByRole('img')).toHaveAttribute('src', inUrl(tour[tour.length - 1].filename))
})

test('the sections are polled every 30 s and the navigation follows', async ({ page, request }) => {
  const sections = (await (await request.get('/api/sections')).json()) as Section[]
  await page.clock.install()
  await page.goto('/gallery')
  const upstairs = page.getByRole('navigation', { name: 'Gallery sections' }).locator('[data-section-id="upstairs"]')
  await expect(upstairs.getByTestId('section-count')).toHaveText(String(sections.find((s) => s.id === 'upstairs')!.count))
  await page.route('**/api/sections', (route) =>
    route.fulfill({ json: sections.map((s) => (s.id === 'upstairs' ? { ...s, count: 99 } : s)) }),
  )
  const polled = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/sections')
  await page.clock.fastForward(29_000)
  await expect(upstairs.getByTestId('section-count')).not.toHaveText('99')
  await page.clock.fastForward(1_500)
  await polled
  await expect(upstairs.getByTestId('section-count')).toHaveText('99')
})
