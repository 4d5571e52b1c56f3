import { GalleryPlaceholder } from '@media-public/gallery-placeholder'

export const dynamic = 'force-dynamic'

export default function Page() {
  return <GalleryPlaceholder />
}
