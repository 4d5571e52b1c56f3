// The names a property is addressed by (properties design §2.6): its slug, the `{slug}` of a
// `/p/{slug}` path prefix on any host, and its domains, the host names that reach it without a
// prefix. One set of rules for the server, which resolves requests and refuses bad rows, and the
// admin form, which shows the messages and suggests a slug from the property's name.

/** 1–63 lower-case letters, digits or hyphens, starting with a letter or digit. */
export const PROPERTY_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/

/** Slugs that name the installation's own paths, or may one day; never a property's. */
export const RESERVED_PROPERTY_SLUGS: readonly string[] = [
  'p',
  'api',
  'admin',
  'site',
  'login',
  'logout',
  'register',
  'account',
  'gallery',
  'public',
  'public-objects',
  'sitemap',
  'robots',
  'favicon',
  '_next',
]

const MAX_SLUG_LENGTH = 63
const FALLBACK_SLUG = 'property'

/** What is wrong with a slug, in words a form shows; null when it is a usable slug. */
export function propertySlugProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !PROPERTY_SLUG_PATTERN.test(value)) {
    return 'Use 1–63 lower-case letters, digits or hyphens, starting with a letter or digit.'
  }
  if (RESERVED_PROPERTY_SLUGS.includes(value)) return `"${value}" is reserved.`
  return null
}

/**
 * A suggested slug for a property name: lower-case, accents dropped, every run of other
 * characters one hyphen, no hyphen at either end, at most 63 characters. A name with nothing
 * usable gives 'property'; a reserved word gets '-property' appended, so the suggestion is valid.
 */
export function slugFromName(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '')
  if (!slug) return FALLBACK_SLUG
  return RESERVED_PROPERTY_SLUGS.includes(slug) ? `${slug}-${FALLBACK_SLUG}` : slug
}

const MAX_HOST_LENGTH = 253
/** One label of a host name: letters (any script, for IDN), digits and inner hyphens. */
const HOST_LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u
const PORT_SUFFIX = /:\d{1,5}$/

/**
 * A domain as properties are matched on it: lower-cased, without a port or a trailing dot.
 * Null when the value is not a plausible host name (a scheme, a path, spaces, an empty label).
 * An internationalised name is kept as written, not converted to its xn-- form.
 */
export function normalizeDomain(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const host = value.trim().toLowerCase().replace(PORT_SUFFIX, '').replace(/\.$/, '')
  if (!host || host.length > MAX_HOST_LENGTH) return null
  return host.split('.').every((label) => HOST_LABEL.test(label)) ? host : null
}

/** What is wrong with a domain, in words a form shows; null when it is a usable host name. */
export function domainProblem(value: unknown): string | null {
  if (normalizeDomain(value) !== null) return null
  const text = typeof value === 'string' ? value.trim() : ''
  if (!text) return 'Enter a host name, such as gallery.example.com.'
  if (text.includes('://')) return 'Enter the host name only, without http:// or https://.'
  if (text.includes('/')) return 'Enter the host name only, without a path.'
  if (/\s/.test(text)) return 'A host name has no spaces.'
  return 'Enter a host name such as gallery.example.com: letters, digits and hyphens, with dots between the parts.'
}
