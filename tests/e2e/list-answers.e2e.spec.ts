// The JSON lists as the production server (Next's own, with the gallery's hook on its requests:
// src/server/http/server-requests.ts) sends them: compressed as the client accepts (the bytes made
// once per read-model version), the same answer as uncompressed, and 304 for a client that has it.
// Next alone would send them uncompressed (vercel/next.js#98007).
import { expect, test } from '@playwright/test'
import { signIn } from '../helpers/e2e-admin'
import { deleteMediaNamed, seedPhotos } from '../helpers/e2e-seed'

// Gone again after the file: the public pages' tests count and order the seeded sections' photos.
const unique = `enc${Date.now().toString(36)}`

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await signIn(page, baseURL!)
  await seedPhotos(page.request, baseURL!, [
    { name: `${unique}-porch.jpg`, section: 'main_level' },
    { name: `${unique}-deck.jpg`, section: 'backyard' },
  ])
  await context.close()
})

test.afterAll(async ({ browser, baseURL }) => {
  const page = await browser.newPage({ baseURL })
  await signIn(page, baseURL!)
  await deleteMediaNamed(page.request, baseURL!, [unique])
  await page.close()
})

for (const path of ['/api/media-files', '/api/sections/all/media']) {
  test(`${path} goes out compressed as the client accepts it, and says the same`, async ({ baseURL }) => {
    const plain = await fetch(`${baseURL}${path}`, { headers: { 'accept-encoding': 'identity' } })
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-encoding')).toBeNull()
    const files = (await plain.json()) as Array<{ originalFilename: string }>
    expect(files.map((file) => file.originalFilename)).toEqual(expect.arrayContaining([`${unique}-porch.jpg`, `${unique}-deck.jpg`]))

    for (const encoding of ['br', 'gzip']) {
      // A client naming the server's marker itself changes nothing: the server sets it.
      const response = await fetch(`${baseURL}${path}`, { headers: { 'accept-encoding': encoding, 'x-gallery-encoder': 'a guess' } })
      expect(response.headers.get('content-encoding'), encoding).toBe(encoding)
      expect(response.headers.get('x-gallery-content-encoding')).toBeNull()
      expect(response.headers.get('vary')).toContain('Accept-Encoding')
      expect(await response.json()).toEqual(files)
      const again = await fetch(`${baseURL}${path}`, { headers: { 'accept-encoding': encoding, 'if-none-match': response.headers.get('etag')! } })
      expect(again.status).toBe(304)
    }
  })
}
