// Media records for tests, written through Payload's Local API.
import crypto from 'node:crypto'
import type { Payload } from 'payload'

type MediaData = Record<string, unknown> & {
  section?: string | null
  isHidden?: boolean
  status?: string
  fileType?: 'image' | 'video'
}

export async function createMedia(payload: Payload, data: MediaData = {}) {
  const name = (data.originalFilename as string | undefined) ?? `IMG_${crypto.randomInt(1000, 9999)}.jpg`
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
      section: 'upstairs',
      ...data,
    } as never,
  })
}
