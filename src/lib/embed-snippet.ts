// What a property's own web site pastes to show the gallery (docs/sharing.md "Embedding the gallery"): an
// <iframe> of the embed view and a few lines of script that size it to the height the embed view
// reports (media-public/embed-gallery.tsx). The script takes the message only from the gallery's
// origin and only for the frame that sent it.

/** The `type` of the message the embed view sends its framing page. */
export const EMBED_HEIGHT_MESSAGE = 'gallery-embed-height'
/** The frame's height until the embed view has said how tall it is. */
export const EMBED_INITIAL_HEIGHT = 600

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The snippet for a property's site. `siteUrl` is the gallery's public address (origin and base
 * path: `https://gallery.seaview.example` or `https://photos.example/p/lodge`); `sectionId` embeds one section.
 */
export function embedSnippet({ siteUrl, name, sectionId }: { siteUrl: string; name: string; sectionId?: string | null }): string {
  const base = siteUrl.replace(/\/+$/, '')
  const origin = new URL(base).origin
  const src = `${base}/embed${sectionId ? `/${encodeURIComponent(sectionId)}` : ''}`
  // The script sits inside <script>: JSON strings with every < escaped cannot end it.
  const js = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c')
  return [
    `<iframe src="${attribute(src)}" title="${attribute(`Photos of ${name}`)}" data-gallery-embed loading="lazy" style="display:block;width:100%;height:${EMBED_INITIAL_HEIGHT}px;border:0"></iframe>`,
    '<script>',
    'window.addEventListener("message", function (event) {',
    `  if (event.origin !== ${js(origin)} || !event.data || event.data.type !== ${js(EMBED_HEIGHT_MESSAGE)}) return;`,
    '  document.querySelectorAll("iframe[data-gallery-embed]").forEach(function (frame) {',
    '    if (frame.contentWindow === event.source) frame.style.height = Number(event.data.height) + "px";',
    '  });',
    '});',
    '</script>',
  ].join('\n')
}
