import { GalleryPlaceholder } from '@media-public/gallery-placeholder'

export const dynamic = 'force-dynamic'

export default async function Page({ params }: { params: Promise<{ sectionId: string }> }) {
  const { sectionId } = await params
  return <GalleryPlaceholder sectionId={sectionId} />
}
