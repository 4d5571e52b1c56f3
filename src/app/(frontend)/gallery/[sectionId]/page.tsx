import { SectionGalleryPage, sectionMetadata } from '@media-public/pages'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ sectionId: string }> }

export async function generateMetadata({ params }: Props) {
  return sectionMetadata((await params).sectionId)
}

export default async function Page({ params }: Props) {
  const { sectionId } = await params
  return <SectionGalleryPage sectionId={sectionId} />
}
