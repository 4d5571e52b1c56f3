// The gallery's pages rendered per request (sign-in, share links, the 404 page): property-gallery/site.
export {
  GalleryLayout as default,
  galleryLayoutMetadata as generateMetadata,
  galleryViewport as viewport,
} from 'property-gallery/site'
