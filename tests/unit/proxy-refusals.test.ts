// What the proxy refuses before anything answers: NUL in the address, routes the product does
// not serve, and mutating API bodies that do not say they are JSON (or the admin's own forms).
import { describe, expect, it } from 'vitest'
import { refuseRequest } from '../../src/server/http/gallery-proxy'
import { contentSecurityPolicy, storeOrigins } from '../../src/server/http/security-headers'

async function attempt(method: string, url: string, headers: Record<string, string> = {}) {
  const refused = refuseRequest(method, url, new Headers(headers))
  return { refused: refused !== null, status: refused?.status ?? 0, message: refused ? (await refused.json()).message : undefined }
}

describe('proxy refusals', () => {
  it('refuses a NUL character anywhere in the address', async () => {
    expect(await attempt('GET', '/public-objects/a%00b.jpg')).toMatchObject({ refused: true, status: 400, message: 'The address contains a NUL character.' })
    expect(await attempt('GET', '/api/media?where[filename][equals]=a%00b')).toMatchObject({ status: 400 })
  })

  it.each([
    ['GET', '/_next/image?url=%2Fpublic-objects%2Fa.jpg&w=640&q=75'],
    ['GET', '/_next//image?url=x'],
    ['GET', '/_NEXT/Image?url=x'],
    ['GET', '/api/payload-jobs/handle-schedules'],
    ['POST', '/api/payload-jobs/run'],
    ['GET', '/api/payload-migrations'],
    ['GET', '/api/payload-kv'],
    ['GET', '/api/media/versions'],
    ['POST', '/api/users/verify/abc'],
    ['GET', '/api/media/paste-url/x?src=http://169.254.169.254/'],
    ['DELETE', '/api/payload-preferences/some-key'],
    ['GET', '/api/%70ayload-jobs'],
  ])('does not serve %s %s', async (method, url) => {
    expect(await attempt(method, url)).toMatchObject({ refused: true, status: 404 })
  })

  it('lets the routes the product uses through', async () => {
    for (const [method, url] of [
      ['GET', '/_next/static/chunks/app.js'],
      ['GET', '/api/payload-preferences/nav'],
      ['GET', '/api/media?where[isHidden][equals]=false'],
      ['GET', '/gallery/main_level'],
    ]) {
      expect((await attempt(method, url)).refused, `${method} ${url}`).toBe(false)
    }
  })

  it('refuses a mutating API body that is not JSON or a form', async () => {
    const body = { 'content-length': '20' }
    expect(await attempt('PUT', '/api/media-files/x/section', { ...body, 'content-type': 'text/plain' })).toMatchObject({ status: 415 })
    expect(await attempt('POST', '/api/login', body)).toMatchObject({ status: 415 })
    expect(await attempt('PATCH', '/api/media/x', { ...body, 'content-type': 'application/x-www-form-urlencoded' })).toMatchObject({ status: 415 })
    expect((await attempt('POST', '/api/login', { ...body, 'content-type': 'application/json; charset=utf-8' })).refused).toBe(false)
    expect((await attempt('PATCH', '/api/media/x', { ...body, 'content-type': 'multipart/form-data; boundary=x' })).refused).toBe(false)
    expect((await attempt('POST', '/api/logout')).refused).toBe(false)
  })

  it("lets Payload's admin read with its urlencoded form and method override, and nothing else with a form", async () => {
    const form = { 'content-length': '40', 'content-type': 'application/x-www-form-urlencoded' }
    // What a relationship field sends for its options (POST /api/properties, X-Payload-HTTP-Method-Override: GET).
    expect((await attempt('POST', '/api/properties', { ...form, 'x-payload-http-method-override': 'GET' })).refused).toBe(false)
    // A cross-site form cannot set a header: without it, or overriding to a write, it is refused.
    expect(await attempt('POST', '/api/properties', form)).toMatchObject({ status: 415 })
    expect(await attempt('POST', '/api/users', { ...form, 'x-payload-http-method-override': 'DELETE' })).toMatchObject({ status: 415 })
    expect(await attempt('POST', '/api/users', { 'content-length': '40', 'content-type': 'text/plain', 'x-payload-http-method-override': 'GET' })).toMatchObject({ status: 415 })
  })
})

describe('security headers', () => {
  it('name the object store the uploader talks to, and forbid framing and plugins', () => {
    const policy = contentSecurityPolicy({ connect: storeOrigins({ S3_ENDPOINT: 'https://s3.example.net', S3_BUCKET: 'gallery', S3_FORCE_PATH_STYLE: false }) })
    expect(policy).toContain("connect-src 'self' https://s3.example.net https://gallery.s3.example.net")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("object-src 'none'")
    expect(policy).not.toContain('unsafe-eval')
    expect(contentSecurityPolicy({ dev: true })).toContain("'unsafe-eval'")
  })
})
