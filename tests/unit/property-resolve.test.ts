// Which property a request is addressed to (properties design §2.6): the slug and domain rules
// the admin form and the server share, the directory built from the properties' rows, the order
// of resolution (prefix, then host, then the default), links under a base path, and the host a
// request names, where a forwarded host is believed only from a trusted proxy, and the stamp the host
// writes with what it found (read back only with its proof).
import { describe, expect, it } from 'vitest'
import { appendPeer, requestHostFrom, trustProxyFrom } from '../../src/server/http/forwarded'
import {
  domainProblem,
  normalizeDomain,
  PROPERTY_SLUG_PATTERN,
  propertySlugProblem,
  RESERVED_PROPERTY_SLUGS,
  slugFromName,
} from '../../src/lib/property-slug'
import { hrefFor } from '../../src/lib/api/property-base'
import {
  PROPERTY_BASE_HEADER,
  PROPERTY_DOMAIN_HEADER,
  PROPERTY_HEADER,
  stampedHeaders,
  stampedProperty,
} from '../../src/server/properties/property-header'
import { type AddressableProperty, propertyDirectory, resolveProperty } from '../../src/server/properties/resolve'

const SLUG_RULE = 'Use 1–63 lower-case letters, digits or hyphens, starting with a letter or digit.'

describe('property slugs', () => {
  it('accepts lower-case letters, digits and hyphens up to 63 characters', () => {
    for (const slug of ['beach-house', 'a', '7', 'villa-2', 'x'.repeat(63), 'trailing-']) {
      expect(propertySlugProblem(slug)).toBeNull()
      expect(PROPERTY_SLUG_PATTERN.test(slug)).toBe(true)
    }
  })

  it('refuses a slug too long, empty, with other characters or a leading hyphen', () => {
    for (const slug of ['x'.repeat(64), '', '-lead', 'Beach', 'beach house', 'beach_house', 'café', 'a/b', 'a.b']) {
      expect(propertySlugProblem(slug)).toBe(SLUG_RULE)
    }
    expect(propertySlugProblem(undefined)).toBe(SLUG_RULE)
    expect(propertySlugProblem(42)).toBe(SLUG_RULE)
  })

  it('refuses the reserved words by name', () => {
    expect(propertySlugProblem('admin')).toBe('"admin" is reserved.')
    expect(propertySlugProblem('p')).toBe('"p" is reserved.')
    expect(propertySlugProblem('public-objects')).toBe('"public-objects" is reserved.')
    for (const word of ['p', 'api', 'admin', 'site', 'login', 'logout', 'gallery', 'public', 'public-objects', '_next']) {
      expect(RESERVED_PROPERTY_SLUGS).toContain(word)
    }
  })

  it('suggests a slug from a name: accents dropped, punctuation one hyphen, trimmed', () => {
    expect(slugFromName('Château Ésprit')).toBe('chateau-esprit')
    expect(slugFromName('  Sea View — Apt. #3!  ')).toBe('sea-view-apt-3')
    expect(slugFromName("O'Neil's   Lodge")).toBe('o-neil-s-lodge')
    expect(slugFromName('Ｆｕｌｌ ｗｉｄｔｈ')).toBe('full-width')
  })

  it('suggests "property" for a name with nothing usable, and never a reserved or long slug', () => {
    expect(slugFromName('')).toBe('property')
    expect(slugFromName('  !!! ')).toBe('property')
    expect(slugFromName('海の家')).toBe('property')
    expect(slugFromName('Admin')).toBe('admin-property')
    expect(slugFromName(`${'a'.repeat(62)} b`)).toBe('a'.repeat(62))
    expect(slugFromName('b'.repeat(70))).toBe('b'.repeat(63))
  })
})

describe('property domains', () => {
  it('lower-cases and drops the port and a trailing dot', () => {
    expect(normalizeDomain('Gallery.Example.COM')).toBe('gallery.example.com')
    expect(normalizeDomain('gallery.example.com:8443')).toBe('gallery.example.com')
    expect(normalizeDomain('gallery.example.com.')).toBe('gallery.example.com')
    expect(normalizeDomain(' localhost:3000 ')).toBe('localhost')
    expect(normalizeDomain('xn--strandhs-q9a.de')).toBe('xn--strandhs-q9a.de')
    expect(normalizeDomain('Strandhäus.DE')).toBe('strandhäus.de')
  })

  it('is null for what is not a host name', () => {
    for (const value of [
      '',
      'https://example.com',
      'example.com/gallery',
      'exa mple.com',
      'a..b',
      '-a.com',
      'a-.com',
      'a_b.com',
      'user@example.com',
      'example.com:',
      `${'a'.repeat(64)}.com`,
      null,
      7,
    ]) {
      expect(normalizeDomain(value)).toBeNull()
    }
  })

  it('says what is wrong in words a form shows', () => {
    expect(domainProblem('gallery.example.com')).toBeNull()
    expect(domainProblem('')).toBe('Enter a host name, such as gallery.example.com.')
    expect(domainProblem('https://gallery.example.com')).toBe('Enter the host name only, without http:// or https://.')
    expect(domainProblem('gallery.example.com/p/x')).toBe('Enter the host name only, without a path.')
    expect(domainProblem('gallery example.com')).toBe('A host name has no spaces.')
    expect(domainProblem('a_b.com')).toBe(
      'Enter a host name such as gallery.example.com: letters, digits and hyphens, with dots between the parts.',
    )
  })
})

const home: AddressableProperty = { id: '0e6f1f8a-1111-4a1a-9a1a-000000000001', slug: 'home', domains: [], isDefault: true }
const beach: AddressableProperty = {
  id: '0e6f1f8a-2222-4a1a-9a1a-000000000002',
  slug: 'beach',
  domains: ['beach.example.com', 'Www.Beach-House.test'],
  isDefault: false,
}
const lodge: AddressableProperty = {
  id: '0e6f1f8a-3333-4a1a-9a1a-000000000003',
  slug: 'lodge',
  domains: ['lodge.example.com'],
  isDefault: false,
}
const directory = propertyDirectory([home, beach, lodge])

describe('property directory', () => {
  it('throws when no property is the default, or two are', () => {
    expect(() => propertyDirectory([beach, lodge])).toThrow('Exactly one property must be the default; found 0.')
    expect(() => propertyDirectory([home, { ...beach, isDefault: true }])).toThrow(
      'Exactly one property must be the default; found 2.',
    )
    expect(() => propertyDirectory([])).toThrow('Exactly one property must be the default; found 0.')
  })

  it('throws naming a domain two properties share, whatever its case or port', () => {
    expect(() => propertyDirectory([home, beach, { ...lodge, domains: ['BEACH.example.com:443'] }])).toThrow(
      'The domain "beach.example.com" belongs to two properties: "beach" and "lodge".',
    )
  })

  it('throws on a slug used twice or a domain that is not a host name', () => {
    expect(() => propertyDirectory([home, beach, { ...lodge, slug: 'beach', domains: [] }])).toThrow(
      'Two properties have the slug "beach".',
    )
    expect(() => propertyDirectory([home, { ...lodge, domains: ['https://lodge.example.com'] }])).toThrow(
      'Property "lodge" has a domain that is not a host name: "https://lodge.example.com".',
    )
  })

  it('lets one property list the same domain twice', () => {
    const twice = propertyDirectory([home, { ...lodge, domains: ['lodge.example.com', 'LODGE.example.com'] }])
    expect(twice.byDomain.get('lodge.example.com')?.slug).toBe('lodge')
  })
})

describe('resolving a request to its property', () => {
  it('takes the /p/{slug} prefix first, on any host, and removes it from the path', () => {
    expect(resolveProperty(directory, { host: 'beach.example.com', path: '/p/lodge/gallery/upstairs' })).toEqual({
      kind: 'property',
      property: lodge,
      basePath: '/p/lodge',
      path: '/gallery/upstairs',
    })
    expect(resolveProperty(directory, { host: null, path: '/p/beach' })).toEqual({
      kind: 'property',
      property: beach,
      basePath: '/p/beach',
      path: '/',
    })
    expect(resolveProperty(directory, { host: 'unknown.test', path: '/p/beach/' })).toEqual({
      kind: 'property',
      property: beach,
      basePath: '/p/beach',
      path: '/',
    })
  })

  it('keeps the query string', () => {
    expect(resolveProperty(directory, { host: null, path: '/p/lodge/api/sections?limit=5&x=%2F' })).toEqual({
      kind: 'property',
      property: lodge,
      basePath: '/p/lodge',
      path: '/api/sections?limit=5&x=%2F',
    })
    expect(resolveProperty(directory, { host: null, path: '/p/lodge?from=mail' })).toEqual({
      kind: 'property',
      property: lodge,
      basePath: '/p/lodge',
      path: '/?from=mail',
    })
    expect(resolveProperty(directory, { host: 'lodge.example.com', path: '/gallery?s=1' })).toEqual({
      kind: 'property',
      property: lodge,
      basePath: '',
      path: '/gallery?s=1',
    })
  })

  it('reports an unknown slug, whatever the host', () => {
    expect(resolveProperty(directory, { host: 'beach.example.com', path: '/p/nowhere/gallery' })).toEqual({
      kind: 'unknown-slug',
      slug: 'nowhere',
    })
    expect(resolveProperty(directory, { host: null, path: '/p/Beach' })).toEqual({ kind: 'unknown-slug', slug: 'Beach' })
  })

  it('takes the host next, ignoring its port and case, before the default', () => {
    expect(resolveProperty(directory, { host: 'beach.example.com', path: '/gallery' })).toEqual({
      kind: 'property',
      property: beach,
      basePath: '',
      path: '/gallery',
    })
    expect(resolveProperty(directory, { host: 'WWW.beach-house.TEST:8080', path: '/' })).toEqual({
      kind: 'property',
      property: beach,
      basePath: '',
      path: '/',
    })
  })

  it('gives an unknown or missing host the default property', () => {
    for (const host of ['elsewhere.test', '203.0.113.7:3000', '', null, undefined, 'not a host']) {
      expect(resolveProperty(directory, { host, path: '/gallery' })).toEqual({
        kind: 'property',
        property: home,
        basePath: '',
        path: '/gallery',
      })
    }
  })

  it('treats /p, /p/ and /p// as ordinary paths resolved by host', () => {
    for (const path of ['/p', '/p/', '/p//gallery', '/p?x=1', '/photos/p/beach']) {
      expect(resolveProperty(directory, { host: 'lodge.example.com', path })).toEqual({
        kind: 'property',
        property: lodge,
        basePath: '',
        path,
      })
    }
  })
})

describe('links under a base path', () => {
  it('joins a base path and an app path', () => {
    expect(hrefFor('', '/gallery')).toBe('/gallery')
    expect(hrefFor('', '/')).toBe('/')
    expect(hrefFor('/p/x', '/')).toBe('/p/x')
    expect(hrefFor('/p/x', '/gallery/a?b=1')).toBe('/p/x/gallery/a?b=1')
    expect(hrefFor('/p/x', 'gallery')).toBe('/p/x/gallery')
  })
})

/** The headers the proxy sees once the server appended the peer's address to X-Forwarded-For. */
const request = (peer: string, headers: Record<string, string> = {}) =>
  new Headers({ ...headers, 'x-forwarded-for': appendPeer(headers['x-forwarded-for'], peer)! })

describe('the host a request names', () => {
  const forwarded = { host: 'Proxy.Internal:8080', 'x-forwarded-host': 'Beach.Example.com:443, evil.test' }

  it('is the Host header, lower-cased without its port, when no proxy is trusted', () => {
    expect(requestHostFrom(request('127.0.0.1', forwarded), trustProxyFrom(undefined))).toBe('proxy.internal')
    expect(requestHostFrom(request('192.0.2.1', { host: '[::1]:3000' }), trustProxyFrom(undefined))).toBe('[::1]')
    expect(requestHostFrom(request('192.0.2.1'), trustProxyFrom(undefined))).toBeNull()
  })

  it('ignores X-Forwarded-Host from a peer TRUST_PROXY does not name', () => {
    expect(requestHostFrom(request('203.0.113.9', forwarded), trustProxyFrom('loopback'))).toBe('proxy.internal')
  })

  it('believes the first X-Forwarded-Host from a trusted peer', () => {
    expect(requestHostFrom(request('127.0.0.1', forwarded), trustProxyFrom('loopback'))).toBe('beach.example.com')
    expect(
      requestHostFrom(request('10.1.2.3', { host: 'lb', 'x-forwarded-host': 'lodge.example.com' }), trustProxyFrom('10.0.0.0/8')),
    ).toBe('lodge.example.com')
    // A trusted proxy that forwarded no host leaves the Host header.
    expect(requestHostFrom(request('127.0.0.1', { host: 'Lodge.Example.com' }), trustProxyFrom('loopback'))).toBe(
      'lodge.example.com',
    )
  })
})

describe('what the host stamps on an addressed request', () => {
  const SECRET = 'a secret for the stamp'
  const stamp = { id: '6b1d0f62-2f57-4f6c-9d52-1c3c6a3f0c11', basePath: '/p/lodge' as const, domain: '' }

  it('is read back whole from the headers it wrote, from a Fetch or a Node request alike', () => {
    const written = stampedHeaders(stamp, SECRET)
    expect(stampedProperty(new Headers(written), SECRET)).toEqual(stamp)
    expect(stampedProperty({ ...written }, SECRET)).toEqual(stamp)
    const byDomain = { id: stamp.id, basePath: '' as const, domain: 'lodge.example.com' }
    expect(stampedProperty(stampedHeaders(byDomain, SECRET), SECRET)).toEqual(byDomain)
  })

  it('is refused when any part was changed, or proved under another secret', () => {
    const written = stampedHeaders(stamp, SECRET)
    expect(stampedProperty({ ...written, [PROPERTY_BASE_HEADER]: '/p/other' }, SECRET)).toBeNull()
    expect(stampedProperty({ ...written, [PROPERTY_BASE_HEADER]: '' }, SECRET)).toBeNull()
    expect(stampedProperty({ ...written, [PROPERTY_DOMAIN_HEADER]: 'evil.test' }, SECRET)).toBeNull()
    expect(stampedProperty({ ...written, [PROPERTY_HEADER]: '0f0e1b55-9a5e-4f64-8d3b-3c1a2e0b9d77' }, SECRET)).toBeNull()
    expect(stampedProperty(written, 'another secret')).toBeNull()
    expect(stampedProperty({ [PROPERTY_HEADER]: stamp.id }, SECRET)).toBeNull()
  })

  it('never carries a base path that is not one `/p/{slug}` segment', () => {
    const odd = { ...stamp, basePath: '/p/lodge/gallery' as `/p/${string}` }
    expect(stampedProperty(stampedHeaders(odd, SECRET), SECRET)).toBeNull()
  })
})
