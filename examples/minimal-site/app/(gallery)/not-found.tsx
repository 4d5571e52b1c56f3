export { SiteNotFound as default, siteNotFoundMetadata as metadata } from 'property-gallery/site'
