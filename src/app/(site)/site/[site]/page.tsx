export { BrowserRoute as default, browserMetadata as generateMetadata } from 'property-gallery/site'
