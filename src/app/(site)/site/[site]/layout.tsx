// The cached public site (property-gallery/site): the proxy rewrites a visitor's public page to
// /site/{key}/…, and Next renders each page once per key and keeps it (src/server/properties/site-key.ts).
export { SiteLayout as default, siteLayoutMetadata as generateMetadata, siteViewport as viewport } from 'property-gallery/site'

export const dynamic = 'force-static'
export const dynamicParams = true
export const revalidate = false
export const generateStaticParams = () => []
