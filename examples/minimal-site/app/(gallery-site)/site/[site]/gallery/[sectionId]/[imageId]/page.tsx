export { SectionRoute as default, sectionRouteMetadata as generateMetadata } from 'property-gallery/rsc'

export const generateStaticParams = () => []
