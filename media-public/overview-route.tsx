// `/gallery` of the cached site (site-routes.tsx): the overview, a preview card per section.
import type { Metadata } from 'next'
import { RichText } from '@payloadcms/richtext-lexical/react'
import { GalleryOverview } from './gallery-overview'
import { loadSnapshot, overviewData } from './initial-data'
import { pageMetadata, StructuredData } from './pages'
import { loadProperty } from './property'
import { enterSite } from './site-address'
import type { SitePage } from './site-routes'
import { publicMediaFile } from '@/lib/public-media'

async function GalleryOverviewPage() {
  const snapshot = await loadSnapshot()
  const [data, property] = [overviewData(snapshot), await loadProperty(snapshot)]
  return (
    <>
      <StructuredData snapshot={snapshot} pageMedia={null} />
      <GalleryOverview
        initialSections={data.sections}
        initialPreviews={data.previews}
        initialVideos={data.videos}
        property={property.info}
        cover={property.cover && publicMediaFile(property.cover)}
        // The about text is rendered here, on the server: the rich-text renderer never ships to guests.
        about={property.about ? <RichText data={property.about} disableContainer /> : null}
      />
    </>
  )
}

/** `/gallery`. */
export async function OverviewRoute({ params }: SitePage) {
  enterSite((await params).site)
  return <GalleryOverviewPage />
}

export async function overviewMetadata({ params }: SitePage): Promise<Metadata> {
  enterSite((await params).site)
  return pageMetadata('/gallery', 'Gallery')
}
