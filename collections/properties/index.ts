// The properties an installation runs (docs/properties-design.md §2.1): each has a name, a
// URL-safe slug (its public site answers under /p/{slug}), the domains it answers on, and what
// guests see of it — a one-line tagline, an about text in Payload's rich-text editor, a cover
// photo and a contact or booking link — plus the time zone its backup times are shown in.
// Exactly one is the default: the one the bare paths and unknown hosts answer for. It is made
// by the migration that introduced properties and cannot be unmarked here.
// A property made here gets the five areas in the same transaction. It is removed only by
// POST /api/properties/{id}/remove (endpoints/properties.ts), which takes a final backup first:
// Payload's own delete is refused.
// Pages read a property on the server, so REST reads are for signed-in accounts only (the
// cover could be a hidden photo: the pages only use a visible one).
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { sql } from 'drizzle-orm'
import {
  type CollectionAfterChangeHook,
  type CollectionBeforeDeleteHook,
  type CollectionBeforeValidateHook,
  type CollectionConfig,
  type PayloadRequest,
  type Where,
} from 'payload'
import { allowedTo, writableWith } from '../../src/access/may'
import { actorOf, may } from '../../src/server/auth/access'
import { RefusedRequest } from '../../src/server/http/errors'
import { authenticated } from '../../src/access/authenticated'
import { PROPERTY_NAME_MAX, PROPERTY_TAGLINE_MAX } from '../../src/lib/constants'
import { domainProblem, normalizeDomain, propertySlugProblem } from '../../src/lib/property-slug'
import { embedOriginProblem, normalizeEmbedOrigin } from '../../src/lib/embed-origins'
import { strictQuery, strictWrite } from '../../src/hooks/strict-rest'
import { LOCKS } from '../../src/server/db/advisory-lock'
import { MissingTransactionError, transactionSql } from '../../src/server/db/transaction'
import { seedSections } from '../../src/server/sections/seed-sections'
import { validateBookingUrl } from './validate-booking-url'
import { validateTimeZone } from './validate'

type Draft = { slug?: unknown; domains?: Array<{ domain?: unknown }> | null }

/**
 * A slug or domain another property already has is a conflict (409) with a message naming it;
 * the unique indexes stay the last word when two saves race.
 */
const refuseTakenAddresses: CollectionBeforeValidateHook = async ({ data, originalDoc, req }) => {
  const draft = (data ?? {}) as Draft
  const self = (originalDoc as { id?: string } | undefined)?.id
  if (typeof draft.slug === 'string' || draft.domains?.length) await takeAddressesInTurn(req)
  const othersWith = (condition: Where): Where => (self ? { and: [condition, { id: { not_equals: self } }] } : condition)
  if (typeof draft.slug === 'string') {
    const { totalDocs } = await req.payload.count({
      collection: 'properties',
      where: othersWith({ slug: { equals: draft.slug } }),
      overrideAccess: true,
      req,
    })
    if (totalDocs > 0) throw new RefusedRequest(`Another property already uses the address /p/${draft.slug}.`, 409)
  }
  for (const row of draft.domains ?? []) {
    const domain = typeof row?.domain === 'string' ? normalizeDomain(row.domain) : null
    if (!domain) continue
    row.domain = domain
    const { totalDocs } = await req.payload.count({
      collection: 'properties',
      where: othersWith({ 'domains.domain': { equals: domain } }),
      overrideAccess: true,
      req,
    })
    if (totalDocs > 0) throw new RefusedRequest(`Another property already answers on ${domain}.`, 409)
  }
  return data
}

/**
 * Two saves claiming addresses wait for each other until the first commits, so the second's
 * check sees the first's row (409) rather than failing on the unique index.
 */
async function takeAddressesInTurn(req: PayloadRequest) {
  try {
    await (await transactionSql(req)).execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.propertyAddresses})`)
  } catch (error) {
    // Without a transaction the check alone answers; the unique indexes stay the last word.
    if (!(error instanceof MissingTransactionError)) throw error
  }
}

/** Origins are kept as browsers send them (lower-case), whatever case the manager typed. */
const normalizeEmbedOrigins: CollectionBeforeValidateHook = ({ data }) => {
  const rows = (data as { embedOrigins?: Array<{ origin?: unknown }> | null } | undefined)?.embedOrigins
  for (const row of rows ?? []) if (typeof row?.origin === 'string') row.origin = normalizeEmbedOrigin(row.origin)
  return data
}

/** A new property starts with the five areas, made in the transaction that makes it. */
const seedAreas: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation === 'create') await seedSections(req.payload, String(doc.id), req)
  return doc
}

/** Removing a property takes a final backup and moves its objects: only the product's route does that. */
const refusePlainDelete: CollectionBeforeDeleteHook = ({ id }) => {
  throw new RefusedRequest(
    `A property is removed with POST /api/properties/${id}/remove and { "confirm": "<its name>" }, which takes a final backup of it first.`,
    403,
  )
}

export const Properties: CollectionConfig = {
  slug: 'properties',
  labels: { singular: 'Property', plural: 'Properties' },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'slug', 'isDefault'],
    group: 'Gallery',
    description: 'What guests see at the top of the public gallery and in shared links.',
    // Absent for accounts that change nothing here (content editors): they fix media records.
    hidden: ({ user }) => !may(actorOf(user), 'edit-settings'),
  },
  defaultSort: 'name',
  // A copy would carry the same slug and domains; a new property starts from its own form.
  disableDuplicate: true,
  access: {
    read: authenticated,
    create: allowedTo('manage-properties'),
    // Managers edit what guests see; the fields that address a property are platform admins'.
    update: allowedTo('edit-settings'),
    delete: allowedTo('manage-properties'),
  },
  hooks: {
    beforeOperation: [strictQuery, strictWrite],
    beforeValidate: [normalizeEmbedOrigins, refuseTakenAddresses],
    afterChange: [seedAreas],
    beforeDelete: [refusePlainDelete],
  },
  fields: [
    {
      name: 'name',
      type: 'text',
      required: true,
      maxLength: PROPERTY_NAME_MAX,
      admin: { description: 'Shown in the public header and page titles.' },
    },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      ...writableWith('manage-properties'),
      validate: (value: unknown) => propertySlugProblem(value) ?? true,
      admin: { position: 'sidebar', description: 'The public site answers under /p/{slug}. Lower-case letters, digits and hyphens.' },
    },
    {
      name: 'domains',
      type: 'array',
      ...writableWith('manage-properties'),
      admin: { position: 'sidebar', description: 'Host names the public site also answers on, e.g. gallery.seaview-cottage.com.' },
      fields: [{ name: 'domain', type: 'text', required: true, validate: (value: unknown) => domainProblem(value) ?? true }],
    },
    {
      name: 'isDefault',
      type: 'checkbox',
      defaultValue: false,
      access: { create: () => false, update: () => false },
      admin: { position: 'sidebar', readOnly: true, description: 'The property of the bare paths and of hosts no property names.' },
    },
    {
      name: 'tagline',
      type: 'text',
      maxLength: PROPERTY_TAGLINE_MAX,
      admin: { description: 'One line under the name, and the description of shared links.' },
    },
    { name: 'about', type: 'richText', editor: lexicalEditor(), admin: { description: 'Shown on the gallery overview.' } },
    {
      name: 'coverPhoto',
      type: 'upload',
      relationTo: 'media',
      admin: { description: 'The picture of shared links and the overview. Only used while it is visible to guests.' },
    },
    {
      name: 'bookingUrl',
      type: 'text',
      validate: validateBookingUrl,
      admin: { description: 'Contact or booking page (https://…), shown as a button in the public header.' },
    },
    {
      name: 'embedOrigins',
      type: 'array',
      labels: { singular: 'Embed origin', plural: 'Embed origins' },
      admin: {
        description:
          'Web sites that may show the gallery in a frame (the embed view, /embed): https://host or https://host:port, or http://localhost:port or http://127.0.0.1:port while a site is built. No other site can frame it.',
      },
      fields: [{ name: 'origin', type: 'text', required: true, validate: (value: unknown) => embedOriginProblem(value) ?? true }],
    },
    // The snippet to paste into the property's site, beside the list that lets that site frame it.
    { name: 'embedSnippet', type: 'ui', admin: { components: { Field: 'property-gallery/client#EmbedSnippet' } } },
    {
      name: 'timeZone',
      type: 'text',
      required: true,
      defaultValue: 'UTC',
      validate: validateTimeZone,
      admin: { position: 'sidebar', description: 'Backup times in the admin are shown in it (IANA name, e.g. Europe/Lisbon).' },
    },
  ],
}
