// Seeds the five areas of a property that has no sections yet (a fresh install's default
// property, a property just created). Sections that the manager later renames or removes are
// left as they are.
import type { Payload, PayloadRequest } from 'payload'
import { SEEDED_SECTIONS } from '../../lib/constants'
import { defaultPropertyId } from '../properties/default-property'

export async function seedSections(payload: Payload, propertyId?: string, req?: PayloadRequest): Promise<void> {
  const property = propertyId ?? (await defaultPropertyId(payload))
  const { totalDocs } = await payload.count({
    collection: 'gallery-sections',
    where: { property: { equals: property } },
    overrideAccess: true,
    req,
  })
  if (totalDocs > 0) return
  for (const section of SEEDED_SECTIONS) {
    await payload.create({ collection: 'gallery-sections', data: { ...section, property }, overrideAccess: true, req })
  }
  payload.logger.info(`Seeded ${SEEDED_SECTIONS.length} sections`)
}
