// `property-gallery/client`: the gallery's client components, for an app's import map and its
// own pages. A package entry point, so it re-exports (the one place the tree keeps a barrel).
// Today: the admin's field components (the media preview, the embed snippet).
// The public site's client components will be added here with its routes.
export { MediaPreview } from '../../admin/media-preview'
export { EmbedSnippet } from '../../admin/properties/embed-snippet'
