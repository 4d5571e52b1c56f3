// What the host server refuses before anything answers: NUL in the address, routes the product
// does not serve, and mutating API bodies that do not say they are JSON (or the admin's form).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { refuseBadRequest } from '../../src/host/http/host-server'
import { contentSecurityPolicy, storeOrigins } from '../../src/host/http/security-headers'

function attempt(method: string, url: string, headers: Record<string, string> = {}) {
  const answer = { status: 0, body: '' }
  const res = {
    writeHead(status: number) {
      answer.status = status
      return res
    },
    end(body: string) {
      answer.body = body
    },
  } as unknown as ServerResponse
  const refused = refuseBadRequest({ method, url, headers } as IncomingMessage, res)
  return { refused, ...answer, message: answer.body ? JSON.parse(answer.body).message : undefined }
}

describe('host server refusals', () => {
  it('refuses a NUL character anywhere in the address', () => {
    expect(attempt('GET', '/public-objects/a%00b.jpg')).toMatchObject({ refused: true, status: 400, message: 'The address contains a NUL character.' })
    expect(attempt('GET', '/api/media?where[filename][equals]=a%00b')).toMatchObject({ status: 400 })
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
  ])('does not serve %s %s', (method, url) => {
    expect(attempt(method, url)).toMatchObject({ refused: true, status: 404 })
  })

  it('lets the routes the product uses through', () => {
    for (const [method, url] of [
      ['GET', '/_next/static/chunks/app.js'],
      ['GET', '/api/payload-preferences/nav'],
      ['GET', '/api/media?where[isHidden][equals]=false'],
      ['GET', '/gallery/main_level'],
    ]) {
      expect(attempt(method, url).refused, `${method} ${url}`).toBe(false)
    }
  })

  it('refuses a mutating API body that is not JSON or a form', () => {
    const body = { 'content-length': '20' }
    expect(attempt('PUT', '/api/media-files/x/section', { ...body, 'content-type': 'text/plain' })).toMatchObject({ status: 415 })
    expect(attempt('POST', '/api/login', body)).toMatchObject({ status: 415 })
    expect(attempt('PATCH', '/api/media/x', { ...body, 'content-type': 'application/x-www-form-urlencoded' })).toMatchObject({ status: 415 })
    expect(attempt('POST', '/api/login', { ...body, 'content-type': 'application/json; charset=utf-8' }).refused).toBe(false)
    expect(attempt('PATCH', '/api/media/x', { ...body, 'content-type': 'multipart/form-data; boundary=x' }).refused).toBe(false)
    expect(attempt('POST', '/api/logout').refused).toBe(false)
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
