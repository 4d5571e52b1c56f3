// One section for a property's own site to frame (README "Embedding the gallery").
import { EmbedPage, embedMetadata } from '@media-public/pages'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ sectionId: string }> }

export async function generateMetadata({ params }: Props) {
  return embedMetadata((await params).sectionId)
}

export default async function Page({ params }: Props) {
  return <EmbedPage sectionId={(await params).sectionId} />
}
