// The public pages' JSON-LD (media-public/structured-data.ts) as a visitor's page carries it: it
// parses, describes the property as a VacationRental, and names visible media only: the section
// page exactly its own, the overview the property's chosen pictures.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { HIDDEN_DESCRIPTION, ensurePublicSeed, visibleMedia, type PublicMedia } from '../helpers/public-seed'

let hidden: PublicMedia

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  hidden = (await ensurePublicSeed(browser, baseURL!)).hidden
})

type Node = Record<string, unknown>

async function jsonLdOf(request: APIRequestContext, path: string): Promise<{ html: string; nodes: Node[] }> {
  const response = await request.get(path)
  expect(response.status(), path).toBe(200)
  const html = await response.text()
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => match[1])
  expect(scripts, `JSON-LD scripts of ${path}`).toHaveLength(1)
  const data = JSON.parse(scripts[0]) as { '@context': string; '@graph': Node[] }
  expect(data['@context']).toBe('https://schema.org')
  return { html: scripts[0], nodes: data['@graph'] }
}

const objectUrlOf = (baseURL: string, file: PublicMedia) => `${baseURL}/public-objects/${encodeURIComponent(file.filename)}`

test('every public page carries JSON-LD that parses and names visible media only', async ({ request, baseURL }) => {
  const visible = await visibleMedia(request)
  const visibleUrls = new Set(visible.flatMap((file) => [objectUrlOf(baseURL!, file), `${objectUrlOf(baseURL!, file)}/poster.jpg`]))
  const sections = (await (await request.get('/api/sections')).json()) as Array<{ id: string; count: number }>
  const withMedia = sections.filter((section) => section.count > 0)
  const someImage = visible.find((file) => file.fileType === 'image' && file.section)!
  const pages = ['/', '/public', '/gallery', ...sections.map((section) => `/gallery/${section.id}`), `/gallery/${someImage.section}/${someImage.id}`]
  expect(withMedia.length).toBeGreaterThan(0)

  for (const path of pages) {
    const { html, nodes } = await jsonLdOf(request, path)
    expect(html, path).not.toContain(hidden.filename)
    expect(html, path).not.toContain(encodeURIComponent(hidden.filename))
    expect(html, path).not.toContain(HIDDEN_DESCRIPTION)
    const [rental] = nodes.filter((node) => node['@type'] === 'VacationRental')
    expect(rental, path).toMatchObject({ name: 'Property Gallery', url: baseURL })
    const urls = [
      ...(rental.image as string[]),
      ...nodes.flatMap((node) => [node.contentUrl, node.thumbnailUrl].filter((url): url is string => typeof url === 'string')),
    ]
    for (const url of urls) expect(visibleUrls.has(url), `${path} names ${url}`).toBe(true)
  }
})

test('a section page lists exactly its own media; the overview the property and its chosen pictures', async ({ request, baseURL }) => {
  const backyard = (await (await request.get('/api/sections/backyard/media')).json()) as PublicMedia[]
  const { nodes } = await jsonLdOf(request, '/gallery/backyard')
  const described = nodes.filter((node) => node['@type'] === 'ImageObject' || node['@type'] === 'VideoObject')
  expect(described.map((node) => node.contentUrl)).toEqual(backyard.map((file) => objectUrlOf(baseURL!, file)))
  const videos = nodes.filter((node) => node['@type'] === 'VideoObject')
  expect(videos).toHaveLength(2)
  for (const video of videos) {
    expect(video.name).toEqual(expect.any(String))
    expect(video.thumbnailUrl).toMatch(/\/poster\.jpg$/)
    expect(video.uploadDate).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(video.duration).toMatch(/^PT(\d+H)?(\d+M)?(\d+S)?$/)
  }

  const overview = (await jsonLdOf(request, '/gallery')).nodes
  const [rental] = overview.filter((node) => node['@type'] === 'VacationRental')
  const images = overview.filter((node) => node['@type'] === 'ImageObject')
  // Nine visible photos are seeded: the property names eight of them.
  expect(rental.image).toHaveLength(8)
  expect(images.map((node) => node.contentUrl)).toEqual(rental.image)
  const described1 = images.find((node) => node.caption === 'Main Level — Bright living room with a stone fireplace')
  expect(described1).toMatchObject({ width: 1600, height: 1200, creditText: 'Property Gallery' })
})
