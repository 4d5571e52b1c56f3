// The whole gallery for a property's own site to frame (README "Embedding the gallery").
import { EmbedPage, embedMetadata } from '@media-public/pages'

export const dynamic = 'force-dynamic'
export const generateMetadata = () => embedMetadata()

export default function Page() {
  return <EmbedPage />
}
