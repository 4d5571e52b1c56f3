// A responsive media image: WebP renditions in a srcset (the browser picks by `sizes`),
// a thumbhash blur-up placeholder underneath, lazy below the fold and high priority for
// the first row. On a load error it retries the object itself (/public-objects/{filename}),
// then shows an "Image Error" box; videos show their poster, or a "Video" placeholder.
'use client'
import { useMemo, useState, type CSSProperties } from 'react'
import { rgbaToDataURL, thumbHashToRGBA } from 'thumbhash'
import type { MediaFile } from '../lib/api/types'
import { variantUrl } from '../lib/media-urls'
import styles from './media-image.module.css'

type Props = {
  file: MediaFile
  alt: string
  /** The `sizes` attribute: how wide the image is drawn. */
  sizes: string
  /** First row: load at once with high priority. Otherwise lazy. */
  priority?: boolean
  fit?: 'cover' | 'contain'
  className?: string
}

const placeholderCache = new Map<string, string | null>()
/** The blur-up image's longest side: scaled up by the browser, a few pixels blur smoothly. */
const PLACEHOLDER_PX = 10

/**
 * The thumbhash (base64) as a tiny PNG data URL (a few hundred bytes, not the ~5 kB of a
 * full 32 px decode, since every first-view image carries one in the HTML), or null.
 */
export function placeholderUrl(placeholder: string | null): string | null {
  if (!placeholder) return null
  if (!placeholderCache.has(placeholder)) {
    try {
      const bytes = Uint8Array.from(atob(placeholder), (c) => c.charCodeAt(0))
      const { w, h, rgba } = thumbHashToRGBA(bytes)
      const scale = Math.min(1, PLACEHOLDER_PX / Math.max(w, h))
      const width = Math.max(1, Math.round(w * scale))
      const height = Math.max(1, Math.round(h * scale))
      const small = new Uint8Array(width * height * 4)
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const from =
            (Math.min(h - 1, Math.floor(((y + 0.5) * h) / height)) * w + Math.min(w - 1, Math.floor(((x + 0.5) * w) / width))) * 4
          small.set(rgba.subarray(from, from + 4), (y * width + x) * 4)
        }
      }
      placeholderCache.set(placeholder, rgbaToDataURL(width, height, small))
    } catch {
      placeholderCache.set(placeholder, null)
    }
  }
  return placeholderCache.get(placeholder) ?? null
}

export function imageSources(file: MediaFile, { withOriginal = false } = {}) {
  const widths = [...file.variantWidths].sort((a, b) => a - b)
  const entries = widths.map((width) => `${variantUrl(file.filename, width)} ${width}w`)
  const largest = widths.at(-1) ?? 0
  if (withOriginal && file.width && file.width > largest) entries.push(`${file.objectPath} ${file.width}w`)
  // The fallback src: a mid-size rendition, the original only when there are none.
  const src = widths.length ? variantUrl(file.filename, widths.find((width) => width >= 800) ?? largest) : file.objectPath
  return { src, srcSet: entries.length ? entries.join(', ') : undefined }
}

export function MediaImage({ file, alt, sizes, priority = false, fit = 'cover', className }: Props) {
  // 0: renditions (or poster), 1: retry from /public-objects/{filename}, 2: failed.
  const [attempt, setAttempt] = useState(0)
  const blur = useMemo(() => placeholderUrl(file.placeholder), [file.placeholder])
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

  const sources = isVideo ? { src: file.thumbnailPath!, srcSet: undefined } : imageSources(file)
  const src = attempt === 1 ? file.objectPath : sources.src
  return (
    <div className={wrapperClass} style={style}>
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
    </div>
  )
}
