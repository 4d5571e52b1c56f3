// The section gallery with an image's lightbox open: the client reads the image id from the URL.
import { SectionGalleryPage, sectionMetadata } from '@media-public/pages'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ sectionId: string; imageId: string }> }

export async function generateMetadata({ params }: Props) {
  const { sectionId, imageId } = await params
  return sectionMetadata(sectionId, imageId)
}

export default async function Page({ params }: Props) {
  const { sectionId } = await params
  return <SectionGalleryPage sectionId={sectionId} />
}
