// `/` and `/public` of the cached site (site-routes.tsx): the browser, every visible photo and video.
import type { Metadata } from 'next'
import { loadProperty } from './property'
import { loadSnapshot, requestDevice, sectionNamesOf } from './initial-data'
import { pageMetadata, StructuredData } from './pages'
import { PublicBrowser } from './public-browser'
import { enterSite } from './site-address'
import type { SitePage } from './site-routes'
import { publicMediaFile } from '@/lib/public-media'

async function PublicBrowserPage() {
  const [snapshot, device] = await Promise.all([loadSnapshot(), requestDevice()])
  const property = await loadProperty(snapshot)
  const sectionNames = sectionNamesOf(snapshot)
  return (
    <>
      <StructuredData snapshot={snapshot} pageMedia={null} />
      <PublicBrowser
        initialMedia={snapshot.media.map(publicMediaFile)}
        sectionNames={sectionNames}
        device={device}
        property={property.info}
      />
    </>
  )
}

/** `/` and `/public`: the browser; its canonical address is the property's home. */
export async function BrowserRoute({ params }: SitePage) {
  enterSite((await params).site)
  return <PublicBrowserPage />
}

export async function browserMetadata({ params }: SitePage): Promise<Metadata> {
  enterSite((await params).site)
  return pageMetadata('/')
}
