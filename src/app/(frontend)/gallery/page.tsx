import { GalleryOverviewPage, pageMetadata } from '@media-public/pages'

export const dynamic = 'force-dynamic'
export const generateMetadata = () => pageMetadata('/gallery', 'Gallery')

export default function Page() {
  return <GalleryOverviewPage />
}
