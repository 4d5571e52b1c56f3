// A responsive media image: AVIF renditions first where the photo has them (a <picture> source
// the browser takes only when it shows AVIF), WebP renditions in the <img>'s srcset otherwise
// (the browser picks by `sizes` in either),
// a blur-up placeholder (a tiny WebP data URL made by ingest) underneath, lazy below the
// fold and high priority for the first row. On a load error it retries the object itself (/public-objects/{filename}),
// then shows an "Image Error" box; videos show their poster, or a "Video" placeholder.
'use client'
import { useState, type CSSProperties, type ReactElement } from 'react'
import { preload } from 'react-dom'
import type { PublicMediaFile } from '../lib/public-media'
import { avifUrl, renditionUrl } from '../lib/media-urls'
import styles from './media-image.module.css'

type Props = {
  file: PublicMediaFile
  alt: string
  /** The `sizes` attribute: how wide the image is drawn. */
  sizes: string
  /** First row: load at once with high priority. Otherwise lazy. */
  priority?: boolean
  fit?: 'cover' | 'contain'
  className?: string
}

/** What ingest stores (process-image.ts): a base64 image data URL of a few hundred bytes. */
const PLACEHOLDER_DATA_URL = /^data:image\/(?:webp|png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/

/**
 * The blur-up image drawn under the photo: the placeholder ingest stored (a tiny WebP
 * data URL, the thumbhash's picture, scaled up and blurred by the browser), or null for
 * anything else, so the value can never inject CSS.
 */
export function placeholderUrl(placeholder: string | null): string | null {
  return placeholder && PLACEHOLDER_DATA_URL.test(placeholder) ? placeholder : null
}

/** The renditions live under the file's object path: /public-objects/{filename}, or a share link's path for it. */
export function imageSources(file: PublicMediaFile, { withOriginal = false } = {}) {
  const widths = [...file.variantWidths].sort((a, b) => a - b)
  const entries = widths.map((width) => `${renditionUrl(file.objectPath, width)} ${width}w`)
  const largest = widths.at(-1) ?? 0
  if (withOriginal && file.width && file.width > largest) entries.push(`${file.objectPath} ${file.width}w`)
  // The fallback src: a mid-size rendition, the original only when there are none.
  const src = widths.length ? renditionUrl(file.objectPath, widths.find((width) => width >= 800) ?? largest) : file.objectPath
  return { src, srcSet: entries.length ? entries.join(', ') : undefined, ...avifSources(file, widths, withOriginal) }
}

/**
 * The AVIF renditions' srcset, only when every WebP rendition has its AVIF one (the browser
 * takes the first source it can show and looks no further), and not when the original must
 * join the candidates (zooming in the lightbox): the WebP set then offers more pixels.
 */
function avifSources(file: PublicMediaFile, widths: number[], withOriginal: boolean) {
  const avif = new Set(file.avifWidths ?? [])
  const hasAvif = widths.length > 0 && widths.every((width) => avif.has(width))
  const originalNeeded = withOriginal && Boolean(file.width && file.width > (widths.at(-1) ?? 0))
  const avifSrcSet =
    hasAvif && !originalNeeded ? widths.map((width) => `${avifUrl(file.objectPath, width)} ${width}w`).join(', ') : undefined
  return { hasAvif, avifSrcSet }
}

/**
 * The image wrapped in a <picture> when the photo has AVIF renditions, with their source while
 * `srcSet` offers them (the <picture> stays while it does not, so the <img> is not made anew).
 * The <picture> takes no box of its own (display: contents), so the <img> is laid out as before,
 * and its loading, fetchpriority and size attributes apply to whichever source is chosen.
 */
export function WithAvif({
  picture,
  srcSet,
  sizes,
  children,
}: {
  picture: boolean
  srcSet: string | undefined
  sizes: string | undefined
  children: ReactElement
}) {
  if (!picture) return children
  return (
    <picture className={styles.picture}>
      {srcSet ? <source type="image/avif" srcSet={srcSet} sizes={sizes} /> : null}
      {children}
    </picture>
  )
}

/** Starts loading an image's rendition for `sizes`, as a <picture> would pick it (AVIF first), without showing it. */
export function loadInBackground(file: PublicMediaFile, sizes: string) {
  const { src, srcSet, avifSrcSet } = imageSources(file)
  const image = document.createElement('img')
  if (avifSrcSet) {
    const picture = document.createElement('picture')
    const source = document.createElement('source')
    Object.assign(source, { type: 'image/avif', srcset: avifSrcSet, sizes })
    picture.append(source, image)
  }
  image.sizes = sizes
  if (srcSet) image.srcset = srcSet
  image.src = src
}

export function MediaImage({ file, alt, sizes, priority = false, fit = 'cover', className }: Props) {
  // 0: renditions (or poster), 1: retry from /public-objects/{filename}, 2: failed.
  const [attempt, setAttempt] = useState(0)
  const blur = placeholderUrl(file.placeholder)
  const isVideo = file.fileType === 'video'
  const style: CSSProperties | undefined = blur ? { backgroundImage: `url(${blur})` } : undefined
  const wrapperClass = [styles.frame, fit === 'contain' ? styles.contain : '', className ?? ''].join(' ')

  if (attempt >= 2 || (isVideo && !file.thumbnailPath)) {
    return (
      <div className={wrapperClass}>
        <div className={styles.fallback} role="img" aria-label={alt}>
          {isVideo ? 'Video' : 'Image Error'}
        </div>
      </div>
    )
  }

  // React preloads a first-row <img> by itself, but not one inside a <picture> (it cannot know
  // which source the browser takes): the AVIF one is preloaded here instead, typed, so a browser
  // without AVIF skips it (it still finds the <img> at once, with its high priority).
  const sources = isVideo
    ? { src: file.thumbnailPath!, srcSet: undefined, hasAvif: false, avifSrcSet: undefined }
    : imageSources(file)
  if (priority && attempt === 0 && sources.avifSrcSet) {
    preload(sources.src, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: sources.avifSrcSet,
      imageSizes: sizes,
      fetchPriority: 'high',
    })
  }
  const src = attempt === 1 ? file.objectPath : sources.src
  return (
    <div className={wrapperClass} style={style}>
      <WithAvif picture={sources.hasAvif} srcSet={attempt === 0 ? sources.avifSrcSet : undefined} sizes={sizes}>
        <img
          key={attempt}
          className={styles.image}
          src={src}
          srcSet={attempt === 0 ? sources.srcSet : undefined}
          sizes={attempt === 0 && sources.srcSet ? sizes : undefined}
          alt={alt}
          width={file.width ?? undefined}
          height={file.height ?? undefined}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
          onError={() => setAttempt((current) => current + 1)}
        />
      </WithAvif>
    </div>
  )
}
