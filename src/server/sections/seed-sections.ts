// Seeds the five areas of the property on a database that has no sections yet.
// Sections that the manager later renames or removes are left as they are.
import type { Payload } from 'payload'
import { SEEDED_SECTIONS } from '../../lib/constants'

export async function seedSections(payload: Payload): Promise<void> {
  const { totalDocs } = await payload.count({ collection: 'gallery-sections', overrideAccess: true })
  if (totalDocs > 0) return
  for (const section of SEEDED_SECTIONS) {
    await payload.create({ collection: 'gallery-sections', data: { ...section }, overrideAccess: true })
  }
  payload.logger.info(`Seeded ${SEEDED_SECTIONS.length} sections`)
}
