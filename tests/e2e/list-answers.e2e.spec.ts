// The JSON lists as the production server (Next's own, with the gallery's hook on its requests:
// src/server/http/server-requests.ts) sends them: compressed as the client accepts (the bytes made
// once per read-model version), the same answer as uncompressed, and 304 for a client that has it.
// Next alone would send them uncompressed (vercel/next.js#98007). The cached public pages the
// same way: compressed once per page (src/server/http/page-encodings.ts), with the ETag of the
// page's key, which a write moves.
import { expect, test } from '@playwright/test'
import { signIn } from '../helpers/e2e-admin'
import { deleteMediaNamed, seedPhotos, updateMedia, waitUntilReady } from '../helpers/e2e-seed'

// Gone again after the file: the public pages' tests count and order the seeded sections' photos.
const unique = `enc${Date.now().toString(36)}`

let porchId = ''

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await signIn(page, baseURL!)
  const ids = await seedPhotos(page.request, baseURL!, [
    { name: `${unique}-porch.jpg`, section: 'main_level' },
    { name: `${unique}-deck.jpg`, section: 'backyard' },
  ])
  // Their AVIF renditions come last and move the read-model version: the pages' ETags hold after them.
  await waitUntilReady(page.request, baseURL!, ids, 120_000, { avif: true })
  porchId = ids[0]
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
      // Sent with its length, not in chunks.
      expect(response.headers.get('content-length')).toMatch(/^[1-9][0-9]*$/)
      expect(response.headers.get('x-gallery-content-length')).toBeNull()
      expect(response.headers.get('vary')).toContain('Accept-Encoding')
      expect(await response.json()).toEqual(files)
      const again = await fetch(`${baseURL}${path}`, { headers: { 'accept-encoding': encoding, 'if-none-match': response.headers.get('etag')! } })
      expect(again.status).toBe(304)
    }
  })
}

for (const path of ['/gallery', '/embed']) {
  test(`the page ${path} goes out compressed once, says the same, and answers 304 until a write`, async ({ browser, baseURL }) => {
    // An earlier file's photos may still be getting their AVIF renditions, and each one moves the
    // read-model version and so the page's key: the three answers are compared again until no
    // such write fell between them.
    let etag: string | null = null
    await expect(async () => {
      const plain = await fetch(`${baseURL}${path}`, { headers: { 'accept-encoding': 'identity' } })
      expect(plain.status).toBe(200)
      expect(plain.headers.get('content-encoding')).toBeNull()
      etag = plain.headers.get('etag')
      expect(etag).toMatch(/^"page-[A-Za-z0-9_-]+"$/)
      const html = await plain.text()
      expect(html).toContain('<!DOCTYPE html>')

      for (const encoding of ['br', 'gzip']) {
        // The compressed bytes are made in the background after the page is first sent: asked
        // again until they are used (the first answers are Next's own, gzip or identity).
        await expect
          .poll(async () => (await fetch(`${baseURL}${path}`, { headers: { 'accept-encoding': encoding } })).headers.get('content-encoding'), {
            message: encoding,
            timeout: 15_000,
          })
          .toBe(encoding)
        const response = await fetch(`${baseURL}${path}`, { headers: { 'accept-encoding': encoding } })
        expect(response.headers.get('etag')).toBe(etag)
        expect(response.headers.get('vary')).toContain('Accept-Encoding')
        expect(await response.text()).toBe(html)
      }
      const again = await fetch(`${baseURL}${path}`, { headers: { 'if-none-match': etag! } })
      expect(again.status).toBe(304)
      expect(again.headers.get('content-security-policy')).toBeTruthy()
    }).toPass({ timeout: 45_000 })

    // A write moves the property's read-model version: the page has a new key, and the old ETag
    // no longer matches.
    const page = await browser.newPage({ baseURL })
    await signIn(page, baseURL!)
    await updateMedia(page.request, baseURL!, porchId, { description: `Porch, ${path}` })
    await page.close()
    const after = await fetch(`${baseURL}${path}`, { headers: { 'if-none-match': etag! } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
  })
}
