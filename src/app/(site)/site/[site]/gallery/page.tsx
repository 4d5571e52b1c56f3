export { OverviewRoute as default, overviewMetadata as generateMetadata } from 'property-gallery/site'
