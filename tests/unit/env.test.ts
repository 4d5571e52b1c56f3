import { describe, expect, it } from 'vitest'
import { csrfOrigins, isSecureDeployment, readEnv, secretWithoutEnv } from '../../src/server/env'

describe('configuration', () => {
  it('trusts only the public origin when SERVER_URL is set', () => {
    expect(csrfOrigins({ SERVER_URL: 'https://gallery.example.com/', CSRF_ORIGINS: 'https://admin.example.com' })).toEqual([
      'https://gallery.example.com',
      'https://admin.example.com',
    ])
  })

  it('trusts the local addresses of the port without SERVER_URL, never a wildcard host', () => {
    expect(csrfOrigins({ PORT: '4000', HOSTNAME: '0.0.0.0' })).toEqual(['http://localhost:4000', 'http://127.0.0.1:4000'])
  })

  it('marks cookies Secure only behind https', () => {
    expect(isSecureDeployment({ SERVER_URL: 'https://gallery.example.com' })).toBe(true)
    expect(isSecureDeployment({ SERVER_URL: 'http://localhost:3000' })).toBe(false)
    expect(isSecureDeployment({})).toBe(false)
  })

  it('lends a placeholder secret only to payload migrate:create, which signs nothing', () => {
    expect(secretWithoutEnv(['node', 'node_modules/payload/bin.js', 'migrate:create', 'runs'])).not.toBe('')
    expect(secretWithoutEnv(['node', 'node_modules/payload/bin.js', '--use-swc', 'migrate:create'])).not.toBe('')
    expect(secretWithoutEnv(['node', 'node_modules/payload/bin.js', 'migrate'])).toBe('')
    expect(secretWithoutEnv(['node', 'node_modules/next/dist/bin/next', 'start'])).toBe('')
  })

  it('refuses malformed settings with a readable message', () => {
    expect(() => readEnv({ S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/)
    expect(readEnv({ S3_FORCE_PATH_STYLE: 'true' }).S3_FORCE_PATH_STYLE).toBe(true)
    expect(readEnv({}).S3_BUCKET).toBe('gallery')
  })
})
