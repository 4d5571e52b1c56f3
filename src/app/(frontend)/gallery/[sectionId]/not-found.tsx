// An unknown section (and an image under one) answers HTTP 404 with "Section Not Found"
// and a Back to Gallery link (spec §2).
import type { Metadata } from 'next'
import { SectionNotFound } from '@media-public/section-gallery'

export const metadata: Metadata = { title: 'Section Not Found' }

export default function SectionMissing() {
  return <SectionNotFound />
}
