// `property-gallery/rsc`: the gallery's admin server components, for Payload's import map. A
// package entry point, so it re-exports (the one place the tree keeps a barrel): Media Gallery
// Pro, the redirect to /login, the properties overview and its navigation link. The public site
// is `property-gallery/site`: a page importing it loads none of the admin's client code.
export { MediaGalleryView } from '../../admin/media-gallery-view'
export { RedirectToLogin } from '../../admin/redirect-to-login'
export { PropertiesOverviewView } from '../../../collections/properties/admin/overview-view'
export { PropertiesNavLink } from '../../../collections/properties/admin/overview-nav-link'
