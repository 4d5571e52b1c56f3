// `property-gallery/rsc`: the gallery's server components. A package entry point, so it
// re-exports (the one place the tree keeps a barrel). Today: the admin views and the
// navigation link the plugin registers (Media Gallery Pro, the redirect to /login, the
// properties overview). The public site's pages will be added here with its routes.
export { MediaGalleryView } from '../../admin/media-gallery-view'
export { RedirectToLogin } from '../../admin/redirect-to-login'
export { PropertiesOverviewView } from '../../../collections/properties/admin/overview-view'
export { PropertiesNavLink } from '../../../collections/properties/admin/overview-nav-link'
// Route handler factories over the app's Payload config, as Payload's own REST_GET(config):
// `/public-objects/[...path]` and `/s/[token]/o/[...path]`.
export { publicObjectsRoute, shareLinkObjectsRoute } from '../../../media-public/object-routes'
// The cached public site, mounted by the app under `site/[site]/…` (README: "Add the gallery to
// your Payload site").
export {
  BrowserRoute,
  browserMetadata,
  EmbedRoute,
  embedRouteMetadata,
  OverviewRoute,
  overviewMetadata,
  SectionNotFoundRoute,
  sectionNotFoundMetadata,
  SectionRoute,
  sectionRouteMetadata,
  SiteLayout,
  siteLayoutMetadata,
  SiteNotFound,
  siteNotFoundMetadata,
  siteViewport,
} from '../../../media-public/site-routes'
// The pages rendered per request: their layout, `/login`, a share link's page, `sitemap.xml`.
export {
  GalleryLayout,
  galleryLayoutMetadata,
  galleryViewport,
  gallerySitemap,
  LoginRoute,
  loginMetadata,
  ShareLinkRoute,
  shareLinkMetadata,
} from '../../../media-public/dynamic-routes'
