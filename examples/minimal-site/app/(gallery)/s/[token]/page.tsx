// A share link's page: the proxy lets a request through only for a live link of the property it addresses.
export { ShareLinkRoute as default, shareLinkMetadata as generateMetadata } from 'property-gallery/site'

export const dynamic = 'force-dynamic'
