// A photo or video of the property (spec §3 Media file), stored in the S3-compatible
// store through @payloadcms/storage-s3. Stored types are natural (booleans, numbers,
// arrays); the spec's wire shape ('true'/'false' strings...) is produced by one mapper.
import type { CollectionConfig } from 'payload'
import { authenticated, authenticatedField } from '../../src/access/authenticated'
import { ALLOWED_MIME_TYPES } from '../../src/lib/constants'
import { adminOrVisible } from './access'
import { limitAnonymousListing } from './hooks/limit-anonymous-listing'
import { moveObjectsToTrash } from './hooks/move-objects-to-trash'

const adminOnly = { read: authenticatedField }

export const Media: CollectionConfig = {
  slug: 'media',
  labels: { singular: 'Media file', plural: 'Media files' },
  admin: {
    useAsTitle: 'originalFilename',
    defaultColumns: ['originalFilename', 'fileType', 'section', 'isHidden', 'status', 'uploadedAt'],
    group: 'Gallery',
    components: {
      // The media list is the Media Gallery Pro screen; Payload's edit view stays for editors' fixes.
      views: { list: { Component: '/src/admin/media-gallery-view#MediaGalleryView' } },
    },
  },
  defaultSort: 'sortOrder',
  access: {
    read: adminOrVisible,
    create: authenticated,
    update: authenticated,
    delete: authenticated,
  },
  hooks: { beforeOperation: [limitAnonymousListing], afterDelete: [moveObjectsToTrash] },
  upload: {
    mimeTypes: [...ALLOWED_MIME_TYPES],
    disableLocalStorage: true,
    // Records are normally created after the browser PUT the bytes straight to the store.
    filesRequiredOnCreate: false,
    displayPreview: true,
  },
  fields: [
    // Presentational only (no column): the photo or video, above the fields editors fix.
    { name: 'preview', type: 'ui', admin: { components: { Field: '/src/admin/media-preview#MediaPreview' } } },
    { name: 'originalFilename', type: 'text', required: true, maxLength: 255 },
    {
      name: 'fileType',
      type: 'select',
      required: true,
      options: [
        { label: 'Image', value: 'image' },
        { label: 'Video', value: 'video' },
      ],
      index: true,
    },
    { name: 'originalFileSize', type: 'number', min: 0 },
    { name: 'optimizedFileSize', type: 'number', min: 0 },
    {
      name: 'compressionRatio',
      type: 'number',
      min: 0,
      max: 100,
      admin: { description: 'Percent of bytes saved by the display rendition.' },
    },
    { name: 'duration', type: 'number', min: 0, admin: { description: 'Seconds (videos).' } },
    { name: 'uploadedAt', type: 'date', required: true, defaultValue: () => new Date().toISOString(), index: true },
    { name: 'isOptimized', type: 'checkbox', defaultValue: false },
    { name: 'optimizedAt', type: 'date' },
    // Organisation
    { name: 'section', type: 'relationship', relationTo: 'gallery-sections', index: true },
    { name: 'room', type: 'text', maxLength: 120 },
    { name: 'sortOrder', type: 'number', defaultValue: 0, index: true },
    { name: 'isHidden', type: 'checkbox', defaultValue: false, index: true },
    // Descriptive metadata (custom tags and analysis)
    { name: 'description', type: 'textarea', maxLength: 2000 },
    { name: 'tags', type: 'text', hasMany: true, maxLength: 60 },
    { name: 'category', type: 'text', maxLength: 60 },
    { name: 'colors', type: 'text', hasMany: true },
    { name: 'objects', type: 'text', hasMany: true, admin: { description: 'Detected objects.' } },
    { name: 'isAnalyzed', type: 'checkbox', defaultValue: false },
    { name: 'analyzedAt', type: 'date' },
    {
      name: 'notes',
      type: 'textarea',
      maxLength: 5000,
      access: adminOnly,
      admin: { description: 'Internal; never shown to visitors.' },
    },
    // Processing (ingest) state
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: [
        { label: 'Waiting for processing', value: 'pending' },
        { label: 'Processing', value: 'processing' },
        { label: 'Ready', value: 'ready' },
        { label: 'Failed', value: 'failed' },
      ],
      admin: { position: 'sidebar', description: 'Only ready media reach visitors.' },
    },
    { name: 'processingError', type: 'text', access: adminOnly, admin: { position: 'sidebar', readOnly: true } },
    {
      type: 'collapsible',
      label: 'Storage and hashes',
      admin: { initCollapsed: true, position: 'sidebar' },
      fields: [
        { name: 'storageKey', type: 'text', unique: true, access: adminOnly, admin: { readOnly: true } },
        { name: 'sha256', type: 'text', index: true, access: adminOnly, admin: { readOnly: true } },
        { name: 'perceptualHash', type: 'text', access: adminOnly, admin: { readOnly: true } },
        { name: 'cropHashes', type: 'json', access: adminOnly, admin: { readOnly: true } },
        { name: 'posterKey', type: 'text', access: adminOnly, admin: { readOnly: true } },
        { name: 'playbackKey', type: 'text', access: adminOnly, admin: { readOnly: true } },
        {
          name: 'derivatives',
          type: 'json',
          access: adminOnly,
          admin: { readOnly: true, description: 'Responsive renditions: [{ width, height, key, size }].' },
        },
        { name: 'placeholder', type: 'text', admin: { readOnly: true, description: 'Tiny blur-up placeholder (data URL).' } },
      ],
    },
  ],
}
