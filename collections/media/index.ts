// A photo or video of the property (spec §3 Media file), stored in the S3-compatible
// store through @payloadcms/storage-s3. Stored types are natural (booleans, numbers,
// arrays); the spec's wire shape ('true'/'false' strings...) is produced by one mapper.
import type { CollectionConfig } from 'payload'
import { authenticatedField } from '../../src/access/authenticated'
import { allowedTo, allowedToAny, refuseFileReplacementWithout, writableWith } from '../../src/access/may'
import { ALLOWED_MIME_TYPES } from '../../src/lib/constants'
import { propertyOfRequest } from '../../src/hooks/property-of-request'
import { strictQuery, strictWrite } from '../../src/hooks/strict-rest'
import { adminOrVisible } from './access'
import { mediaAdminThumbnail } from './admin-thumbnail'
import { keepPipelineFields, lockRowBeforeUpdate } from './hooks/keep-pipeline-fields'
import { refusePrefixOnFileRoute } from './hooks/refuse-file-route-query'
import { limitAnonymousListing } from './hooks/limit-anonymous-listing'
import { moveObjectsToTrash } from './hooks/move-objects-to-trash'

const adminOnly = { read: authenticatedField }

// Who writes which field over Payload's REST and edit view (docs/properties-design.md §3.1):
// organisation needs `place`, the room `edit-room`, the words `edit-metadata`, the stored
// file's own facts `upload`. The pipeline's fields are kept whatever is sent (keepPipelineFields).
const placement = writableWith('place')
const roomFix = writableWith('edit-room')
const words = writableWith('edit-metadata')
const storedFile = writableWith('upload')

export const Media: CollectionConfig = {
  slug: 'media',
  labels: { singular: 'Media file', plural: 'Media files' },
  admin: {
    useAsTitle: 'originalFilename',
    defaultColumns: ['originalFilename', 'fileType', 'section', 'isHidden', 'status', 'uploadedAt'],
    group: 'Gallery',
    components: {
      // The media list is the Media Gallery Pro screen; Payload's edit view stays for editors' fixes.
      views: { list: { Component: 'property-gallery/rsc#MediaGalleryView' } },
    },
  },
  defaultSort: 'sortOrder',
  access: {
    read: refusePrefixOnFileRoute(adminOrVisible),
    create: allowedTo('upload'),
    update: allowedToAny('place', 'edit-room', 'edit-metadata', 'upload'),
    delete: allowedTo('delete'),
  },
  hooks: {
    beforeOperation: [
      strictQuery,
      strictWrite,
      limitAnonymousListing,
      refuseFileReplacementWithout('upload'),
      lockRowBeforeUpdate,
    ],
    beforeValidate: [propertyOfRequest],
    // The pipeline's fields are read-only here: editors change organisation and words only.
    beforeChange: [keepPipelineFields],
    afterDelete: [moveObjectsToTrash],
  },
  upload: {
    mimeTypes: [...ALLOWED_MIME_TYPES],
    disableLocalStorage: true,
    // Records are normally created after the browser PUT the bytes straight to the store.
    filesRequiredOnCreate: false,
    displayPreview: true,
    adminThumbnail: mediaAdminThumbnail,
  },
  fields: [
    // Presentational only (no column): the photo or video, above the fields editors fix.
    { name: 'preview', type: 'ui', admin: { components: { Field: 'property-gallery/client#MediaPreview' } } },
    { name: 'originalFilename', type: 'text', required: true, maxLength: 255, ...words },
    {
      name: 'fileType',
      type: 'select',
      required: true,
      options: [
        { label: 'Image', value: 'image' },
        { label: 'Video', value: 'video' },
      ],
      index: true,
      ...storedFile,
    },
    { name: 'originalFileSize', type: 'number', min: 0, ...storedFile },
    { name: 'optimizedFileSize', type: 'number', min: 0, admin: { readOnly: true } },
    {
      name: 'compressionRatio',
      type: 'number',
      min: 0,
      max: 100,
      admin: { readOnly: true, description: 'Percent of bytes saved by the display rendition.' },
    },
    { name: 'duration', type: 'number', min: 0, admin: { readOnly: true, description: 'Seconds (videos).' } },
    {
      name: 'uploadedAt',
      type: 'date',
      required: true,
      defaultValue: () => new Date().toISOString(),
      index: true,
      ...storedFile,
    },
    { name: 'isOptimized', type: 'checkbox', defaultValue: false, admin: { readOnly: true } },
    { name: 'optimizedAt', type: 'date', admin: { readOnly: true } },
    // Organisation
    { name: 'section', type: 'relationship', relationTo: 'gallery-sections', index: true, ...placement },
    { name: 'room', type: 'text', maxLength: 120, ...roomFix },
    { name: 'sortOrder', type: 'number', defaultValue: 0, index: true, ...placement },
    { name: 'isHidden', type: 'checkbox', defaultValue: false, index: true, ...placement },
    // Descriptive metadata (custom tags and analysis)
    { name: 'description', type: 'textarea', maxLength: 2000, ...words },
    { name: 'tags', type: 'text', hasMany: true, maxLength: 60, ...words, admin: { description: 'Your tags; answers list them before the tags analysis wrote.' } },
    {
      name: 'machineTags',
      type: 'text',
      hasMany: true,
      access: adminOnly,
      admin: { readOnly: true, description: 'Tags analysis wrote (answers list them after yours).' },
    },
    {
      name: 'removedMachineTags',
      type: 'text',
      hasMany: true,
      access: adminOnly,
      admin: { readOnly: true, description: 'Tags of analysis removed in the tags dialog: analysis never writes them again.' },
    },
    {
      name: 'category',
      type: 'text',
      maxLength: 60,
      ...words,
      admin: { description: 'Suggested by analysis; yours to correct.' },
    },
    { name: 'colors', type: 'text', hasMany: true, admin: { readOnly: true } },
    { name: 'objects', type: 'text', hasMany: true, admin: { readOnly: true, description: 'Detected objects.' } },
    { name: 'isAnalyzed', type: 'checkbox', defaultValue: false, admin: { readOnly: true } },
    { name: 'analyzedAt', type: 'date', admin: { readOnly: true } },
    {
      name: 'notes',
      type: 'textarea',
      maxLength: 5000,
      ...words,
      access: { ...adminOnly, ...words.access },
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
      admin: { position: 'sidebar', readOnly: true, description: 'Only ready media reach visitors.' },
    },
    { name: 'processingError', type: 'text', access: adminOnly, admin: { position: 'sidebar', readOnly: true } },
    // 360° panoramas (camera issue, item 3): ingest's finding and the manager's toggle, kept apart
    // so processing again never undoes the toggle (src/lib/panorama.ts combines them).
    {
      type: 'collapsible',
      label: '360° panorama',
      admin: { initCollapsed: true, position: 'sidebar' },
      fields: [
        {
          name: 'detectedProjection',
          type: 'select',
          options: [{ label: '360° (equirectangular)', value: 'equirectangular' }],
          admin: { readOnly: true, description: "From the photo's XMP (GPano) at processing." },
        },
        {
          name: 'panoramaShape',
          type: 'checkbox',
          defaultValue: false,
          admin: { readOnly: true, description: 'Shaped like a 360° photo (2:1, at least 4,000 px wide).' },
        },
        {
          name: 'projectionChoice',
          type: 'select',
          options: [
            { label: '360° photo', value: 'equirectangular' },
            { label: 'Not a 360° photo', value: 'flat' },
          ],
          admin: { readOnly: true, description: "The manager's 360° toggle in Media Gallery Pro." },
        },
      ],
    },
    // Non-destructive edits (src/lib/edits.ts): the manager's list, its version, and the version
    // the renditions show; Media Gallery Pro's editor and PUT /api/media-files/{id}/edits write them.
    {
      type: 'collapsible',
      label: 'Edits',
      admin: { initCollapsed: true, position: 'sidebar' },
      fields: [
        {
          name: 'editOperations',
          type: 'json',
          access: adminOnly,
          admin: { readOnly: true, description: 'Rotate, straighten, crop and tone, applied in order to the untouched original.' },
        },
        { name: 'editVersion', type: 'number', defaultValue: 0, min: 0, admin: { readOnly: true, description: 'Each save or revert adds one.' } },
        { name: 'originalWidth', type: 'number', min: 0, admin: { readOnly: true, description: "The untouched original's upright width, kept from the first edit." } },
        { name: 'originalHeight', type: 'number', min: 0, admin: { readOnly: true } },
        {
          name: 'renderedEditVersion',
          type: 'number',
          defaultValue: 0,
          min: 0,
          admin: { readOnly: true, description: 'The edit version the renditions show; behind editVersion while they are made again.' },
        },
      ],
    },
    {
      type: 'collapsible',
      label: 'Storage and hashes',
      admin: { initCollapsed: true, position: 'sidebar' },
      fields: [
        { name: 'storageKey', type: 'text', unique: true, access: adminOnly, admin: { readOnly: true } },
        { name: 'sha256', type: 'text', index: true, access: adminOnly, admin: { readOnly: true } },
        { name: 'perceptualHash', type: 'text', access: adminOnly, admin: { readOnly: true } },
        { name: 'cropHashes', type: 'json', access: adminOnly, admin: { readOnly: true } },
        { name: 'mirrorHash', type: 'text', access: adminOnly, admin: { readOnly: true } },
        { name: 'regionHashes', type: 'json', access: adminOnly, admin: { readOnly: true } },
        {
          name: 'qualityIssues',
          type: 'json',
          access: adminOnly,
          admin: { readOnly: true, description: 'Quality problems listing sites reject, found in the pixels at ingest.' },
        },
        { name: 'qualityNote', type: 'text', access: adminOnly, admin: { readOnly: true, description: 'What the pixels could not support.' } },
        {
          name: 'qualityVersion',
          type: 'number',
          access: adminOnly,
          admin: { readOnly: true, description: 'Which measure wrote the quality codes: photos measured by an earlier one are measured again at start.' },
        },
        {
          name: 'suggestedEdits',
          type: 'json',
          access: adminOnly,
          admin: {
            readOnly: true,
            description: 'The edit that fixes each quality problem: [{ issue, operation }] (a straighten, a rotate, an exposure).',
          },
        },
        { name: 'posterKey', type: 'text', access: adminOnly, admin: { readOnly: true } },
        { name: 'playbackKey', type: 'text', access: adminOnly, admin: { readOnly: true } },
        {
          name: 'publicKey',
          type: 'text',
          access: adminOnly,
          admin: { readOnly: true, description: 'What visitors get for the file itself: a copy without location or device data.' },
        },
        {
          name: 'derivatives',
          type: 'json',
          access: adminOnly,
          admin: { readOnly: true, description: 'Responsive renditions: [{ width, height, key, size }].' },
        },
        {
          name: 'avifRenditions',
          type: 'json',
          access: adminOnly,
          admin: {
            readOnly: true,
            description: 'AVIF renditions made after the photo is ready: [{ width, height, key, size }]; empty when none could be made.',
          },
        },
        { name: 'placeholder', type: 'text', admin: { readOnly: true, description: 'Tiny blur-up placeholder (data URL).' } },
      ],
    },
  ],
}
