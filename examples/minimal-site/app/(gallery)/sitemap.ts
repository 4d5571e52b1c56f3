export { gallerySitemap as default } from 'property-gallery/site'

export const dynamic = 'force-dynamic'
