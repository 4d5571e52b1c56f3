export { SectionRoute as default, sectionRouteMetadata as generateMetadata } from 'property-gallery/site'

export const generateStaticParams = () => []
