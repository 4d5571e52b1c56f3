// The property as guests meet it (not in the spec): its name, a one-line tagline, an about
// text in Payload's rich-text editor, a cover photo and a contact or booking link. The public
// pages show them in their header and overview and in link previews (og:/Twitter tags).
// Edited by the manager in the admin; pages read it on the server, so REST reads are for
// signed-in users only (the cover could be a hidden photo: the pages only use a visible one).
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import type { GlobalConfig } from 'payload'
import { authenticated } from '../../src/access/authenticated'
import { allowedTo } from '../../src/access/may'
import { PROPERTY_NAME_MAX, PROPERTY_TAGLINE_MAX } from '../../src/lib/constants'
import { validateBookingUrl } from './validate-booking-url'

export const PropertySettings: GlobalConfig = {
  slug: 'property-settings',
  label: 'Property settings',
  admin: { group: 'Gallery', description: 'What guests see at the top of the public gallery and in shared links.' },
  access: { read: authenticated, update: allowedTo('edit-settings') },
  fields: [
    {
      name: 'propertyName',
      type: 'text',
      maxLength: PROPERTY_NAME_MAX,
      admin: { description: 'Shown instead of "Property Gallery" in the public header and page titles.' },
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
  ],
}
