// `property-gallery/site`: the public site an app mounts in its own `app/` folder (README: "Add
// the gallery to your Payload site"). A package entry point, so it re-exports (the one place the
// tree keeps a barrel). Apart from `property-gallery/rsc` on purpose: Next loads in a page every
// client component its server modules reach, so the admin's (the uploader, Payload's UI) stay
// out of the visitors' pages.
// Route handler factories over the app's Payload config, as Payload's own REST_GET(config):
// `/public-objects/[...path]` and `/s/[token]/o/[...path]`.
export { publicObjectsRoute, shareLinkObjectsRoute } from '../../../media-public/object-routes'
// The cached public site, mounted under `site/[site]/…`: a module per page.
export { SiteLayout, siteLayoutMetadata, SiteNotFound, siteNotFoundMetadata, siteViewport } from '../../../media-public/site-routes'
export { BrowserRoute, browserMetadata } from '../../../media-public/browser-route'
export { OverviewRoute, overviewMetadata } from '../../../media-public/overview-route'
export { SectionNotFoundRoute, sectionNotFoundMetadata, SectionRoute, sectionRouteMetadata } from '../../../media-public/section-route'
export { EmbedRoute, embedRouteMetadata } from '../../../media-public/embed-route'
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
