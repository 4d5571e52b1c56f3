import type { Metadata } from 'next'
import { GalleryOverviewPage } from '@media-public/pages'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Gallery' }

export default function Page() {
  return <GalleryOverviewPage />
}
