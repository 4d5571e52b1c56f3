// Media records for tests, written through Payload's Local API. `section` is a section's key
// ('upstairs'), in the record's property (the default property unless `property` names one).
import crypto from 'node:crypto'
import type { Payload } from 'payload'
import { defaultPropertyId } from '../../src/server/properties/default-property'

/** The id of the property's section with this key; throws when it has none. */
export async function sectionIdOf(payload: Payload, key: string, property?: string): Promise<string> {
  const propertyId = property ?? (await defaultPropertyId(payload))
  const { docs } = await payload.find({
    collection: 'gallery-sections',
    where: { and: [{ key: { equals: key } }, { property: { equals: propertyId } }] },
    overrideAccess: true,
    limit: 1,
  })
  if (!docs[0]) throw new Error(`No section "${key}" in property ${propertyId}`)
  return String(docs[0].id)
}

type MediaData = Record<string, unknown> & {
  section?: string | null
  isHidden?: boolean
  status?: string
  fileType?: 'image' | 'video'
}

export async function createMedia(payload: Payload, data: MediaData = {}) {
  const name = (data.originalFilename as string | undefined) ?? `IMG_${crypto.randomInt(1000, 9999)}.jpg`
  const key = data.section === undefined ? 'upstairs' : data.section
  const section = key === null ? null : await sectionIdOf(payload, key, data.property as string | undefined)
  return payload.create({
    collection: 'media',
    overrideAccess: true,
    data: {
      filename: `${crypto.randomUUID().slice(0, 8)}-${name}`,
      originalFilename: name,
      fileType: 'image',
      mimeType: data.fileType === 'video' ? 'video/mp4' : 'image/jpeg',
      filesize: 2_000_000,
      width: 4000,
      height: 3000,
      status: 'ready',
      isHidden: false,
      ...data,
      section,
    } as never,
  })
}
