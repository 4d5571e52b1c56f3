export { gallerySitemap as default } from 'property-gallery/rsc'

export const dynamic = 'force-dynamic'
