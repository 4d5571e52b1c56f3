// The areas of a property (spec §3 Section). Each has a key, the spec's stable slug
// ('main_level', 'upstairs', ...), unique within its property: the API's section ids and the
// public URLs are keys. The record's own id is a uuid, so two properties can each have an
// 'upstairs'. The pseudo-section 'hidden' is never a row.
// Slug 'gallery-sections' keeps Payload's REST away from the spec's /api/sections paths.
import type { CollectionConfig } from 'payload'
import { allowedTo } from '../../src/access/may'
import { sectionsOfRequest } from '../media/access'
import { propertyOfRequest } from '../../src/hooks/property-of-request'
import { strictQuery, strictWrite } from '../../src/hooks/strict-rest'
import { ALL_SECTIONS_ID, HIDDEN_SECTION_ID, SECTION_COLOURS, UNASSIGNED_SECTION_ID } from '../../src/lib/constants'

const RESERVED_IDS = [HIDDEN_SECTION_ID, ALL_SECTIONS_ID, UNASSIGNED_SECTION_ID]

export const Sections: CollectionConfig = {
  slug: 'gallery-sections',
  labels: { singular: 'Section', plural: 'Sections' },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'key', 'icon', 'colour', 'position'],
    group: 'Gallery',
  },
  defaultSort: 'position',
  indexes: [{ fields: ['property', 'key'], unique: true }],
  // A copy would carry the same key in the same property; a new section starts from its own form.
  disableDuplicate: true,
  access: {
    read: sectionsOfRequest,
    // The property's areas are its settings: managers and platform admins change them, editors read.
    create: allowedTo('edit-settings'),
    update: allowedTo('edit-settings'),
    delete: allowedTo('edit-settings'),
  },
  hooks: { beforeOperation: [strictQuery, strictWrite], beforeValidate: [propertyOfRequest] },
  fields: [
    {
      name: 'key',
      type: 'text',
      required: true,
      index: true,
      admin: { description: 'Stable slug used in URLs, e.g. main_level. Lower-case letters, digits and underscores.' },
      validate: (value: unknown) => {
        if (typeof value !== 'string' || !/^[a-z][a-z0-9_]{1,47}$/.test(value)) {
          return 'Use 2–48 lower-case letters, digits or underscores, starting with a letter.'
        }
        if (RESERVED_IDS.includes(value)) return `"${value}" is reserved.`
        return true
      },
    },
    { name: 'name', type: 'text', required: true, maxLength: 80 },
    { name: 'icon', type: 'text', required: true, maxLength: 16, admin: { description: 'An emoji.' } },
    {
      name: 'colour',
      type: 'select',
      required: true,
      defaultValue: 'blue',
      options: SECTION_COLOURS.map((value) => ({ label: value, value })),
    },
    { name: 'position', type: 'number', required: true, defaultValue: 0, index: true },
  ],
}
