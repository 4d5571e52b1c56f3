export { LoginRoute as default, loginMetadata as metadata } from 'property-gallery/site'

export const dynamic = 'force-dynamic'
