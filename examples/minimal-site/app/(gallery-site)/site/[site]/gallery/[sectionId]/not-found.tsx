export { SectionNotFoundRoute as default, sectionNotFoundMetadata as metadata } from 'property-gallery/site'
