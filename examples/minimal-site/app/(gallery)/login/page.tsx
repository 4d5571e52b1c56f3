export { LoginRoute as default, loginMetadata as metadata } from 'property-gallery/rsc'

export const dynamic = 'force-dynamic'
