export { EmbedRoute as default, embedRouteMetadata as generateMetadata } from 'property-gallery/site'

export const generateStaticParams = () => []
