// The lightbox (spec §4 Lightbox, §5, §9): a modal dialog over a list of media. Next and
// previous wrap around (buttons, arrow keys, swipe on touch screens); zoom from 0.5 to 4
// with the wheel (steps 0.9/1.1), the buttons, or a double tap (within 300 ms) toggling 1
// and 2; zoom resets on navigation; neighbouring images are preloaded; videos play with
// their poster. Radix Dialog traps focus, restores it on close and closes on Escape.
// A 360° panorama opens in its interactive viewer (panorama-view.tsx), which takes the arrow
// keys, drags and swipes while it has them; the flat photo is its fallback.
'use client'
import { ChevronLeft, ChevronRight, Minus, Plus, X } from 'lucide-react'
import * as Dialog from '@radix-ui/react-dialog'
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  type TouchEvent,
} from 'react'
import type { PublicMediaFile } from '../../lib/public-media'
import {
  DOUBLE_TAP_MS,
  VIDEO_SCRUB_STEP,
  WHEEL_ZOOM_IN,
  WHEEL_ZOOM_OUT,
  ZOOM_DOUBLE_TAP,
  ZOOM_MAX,
  ZOOM_MIN,
} from '../../lib/constants'
import { imageSources, loadInBackground, WithAvif } from '../media-image'
import { PanoramaView } from './panorama-view'
import styles from './lightbox.module.css'

/** T: what the caller's items are (the admin's carry more than a public page's), as its callbacks get them. */
export type LightboxProps<T extends PublicMediaFile = PublicMediaFile> = {
  items: T[]
  /** The open item, or null when closed. */
  index: number | null
  onIndexChange(index: number): void
  onClose(): void
  /** Alternative text of an item; by default its description, else "Photo N" / "Video N". */
  altText?(item: T, index: number): string
  /** The toolbar's caption; by default the alternative text. */
  caption?(item: T, index: number): string
  /** Extra toolbar buttons for the open item (the admin's Delete). */
  actions?(item: T): ReactNode
}

const SWIPE_MIN_PX = 50

/** Inside the 360° viewer: its keys, wheel and drags turn the view. */
const inPanorama = (target: EventTarget | null) => target instanceof Element && target.closest('[data-panorama]') !== null

export const clampZoom = (zoom: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom))
const wrap = (index: number, length: number) => (index + length) % length

const defaultAlt = (item: PublicMediaFile, index: number) =>
  item.description?.trim() || `${item.fileType === 'video' ? 'Video' : 'Photo'} ${index + 1}`

function preload(item: PublicMediaFile | undefined) {
  if (!item) return
  if (item.fileType === 'video') {
    if (item.thumbnailPath) new Image().src = item.thumbnailPath
    return
  }
  loadInBackground(item, '100vw')
}

export function Lightbox<T extends PublicMediaFile>({ items, index, onIndexChange, onClose, altText = defaultAlt, caption, actions }: LightboxProps<T>) {
  const open = index !== null && items.length > 0
  const current = open ? Math.min(index, items.length - 1) : 0
  const item = open ? items[current] : undefined
  const [zoom, setZoom] = useState(1)
  const [pan, setPan] = useState({ x: 0, y: 0 })
  const stageRef = useRef<HTMLDivElement | null>(null)
  const lastTap = useRef(0)
  const touchStart = useRef<{ x: number; y: number } | null>(null)
  const drag = useRef<{ x: number; y: number; panX: number; panY: number } | null>(null)

  // Focus returns to what had it when the lightbox opened (usually the card clicked): there
  // is no Dialog.Trigger, since cards open it at an index.
  const returnFocus = useRef<HTMLElement | null>(null)
  const wasOpen = useRef(false)
  useLayoutEffect(() => {
    if (open && !wasOpen.current)
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    wasOpen.current = open
  }, [open])

  // Zoom resets on navigation (and on opening).
  useEffect(() => {
    setZoom(1)
    setPan({ x: 0, y: 0 })
  }, [item?.id])

  const applyZoom = useCallback((next: number | ((zoom: number) => number)) => {
    setZoom((zoom) => {
      const value = clampZoom(typeof next === 'function' ? next(zoom) : next)
      if (value <= 1) setPan({ x: 0, y: 0 })
      return value
    })
  }, [])

  const go = useCallback(
    (step: number) => {
      if (!open || items.length === 0) return
      onIndexChange(wrap(current + step, items.length))
    },
    [open, items.length, current, onIndexChange],
  )

  // Arrow keys navigate wherever focus is inside the open lightbox (or on the page behind it).
  // An effect event steps from the index on screen: a page that moves the index in a transition
  // (the section page, through its URL) paints it before React runs the effects that would
  // re-register a listener, and a key pressed in between stepped from the index before.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, video')) return
    if (inPanorama(event.target)) return
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault()
      go(event.key === 'ArrowRight' ? 1 : -1)
    }
  })
  useEffect(() => {
    if (!open) return
    const listener = (event: KeyboardEvent) => onKeyDown(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [open])

  // Neighbours are preloaded so next/previous show at once.
  useEffect(() => {
    if (!open || items.length < 2) return
    preload(items[wrap(current + 1, items.length)])
    preload(items[wrap(current - 1, items.length)])
  }, [open, current, items])

  // The wheel zooms (a non-passive listener, so the page does not scroll behind).
  const setStage = useCallback(
    (node: HTMLDivElement | null) => {
      stageRef.current?.removeEventListener('wheel', onWheelRef.current)
      stageRef.current = node
      node?.addEventListener('wheel', onWheelRef.current, { passive: false })
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )
  const onWheelRef = useRef((event: WheelEvent) => {
    if (inPanorama(event.target)) return
    event.preventDefault()
    applyZoom((zoom) => zoom * (event.deltaY < 0 ? WHEEL_ZOOM_IN : WHEEL_ZOOM_OUT))
  })

  const onTap = () => {
    const now = Date.now()
    if (now - lastTap.current <= DOUBLE_TAP_MS) {
      lastTap.current = 0
      applyZoom((zoom) => (zoom === 1 ? ZOOM_DOUBLE_TAP : 1))
    } else lastTap.current = now
  }

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0]
    touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null
  }
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current
    const touch = event.changedTouches[0]
    touchStart.current = null
    if (!start || !touch || zoom > 1 || inPanorama(event.target)) return
    const dx = touch.clientX - start.x
    const dy = touch.clientY - start.y
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1)
  }

  // Dragging pans a zoomed image.
  const onPointerDown = (event: ReactPointerEvent) => {
    if (zoom <= 1 || event.pointerType === 'touch') return
    drag.current = { x: event.clientX, y: event.clientY, panX: pan.x, panY: pan.y }
  }
  const onPointerMove = (event: ReactPointerEvent) => {
    const start = drag.current
    if (!start) return
    setPan({ x: start.panX + event.clientX - start.x, y: start.panY + event.clientY - start.y })
  }
  const endDrag = () => {
    drag.current = null
  }

  const alt = item ? altText(item, current) : ''
  const panorama = item?.fileType === 'image' && item.projection === 'equirectangular'
  const zoomPercent = `${Math.round(zoom * 100)}%`
  const transform = `translate(${pan.x}px, ${pan.y}px) scale(${zoom})`

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            if (returnFocus.current?.isConnected) returnFocus.current.focus()
          }}
        >
          <div className={styles.toolbar}>
            <Dialog.Title className={styles.title}>{item && caption ? caption(item, current) : alt}</Dialog.Title>
            <span className={styles.counter} aria-live="polite">
              {current + 1} / {items.length}
            </span>
            {item?.fileType === 'image' && !panorama && (
              <div className={styles.zoomControls}>
                <button
                  type="button"
                  className={styles.button}
                  aria-label="Zoom out"
                  onClick={() => applyZoom((z) => z * WHEEL_ZOOM_OUT)}
                  aria-disabled={zoom <= ZOOM_MIN}
                >
                  <Minus size={20} />
                </button>
                <span className={styles.zoomValue} data-testid="lightbox-zoom">
                  {zoomPercent}
                </span>
                <button
                  type="button"
                  className={styles.button}
                  aria-label="Zoom in"
                  onClick={() => applyZoom((z) => z * WHEEL_ZOOM_IN)}
                  aria-disabled={zoom >= ZOOM_MAX}
                >
                  <Plus size={20} />
                </button>
              </div>
            )}
            {item && actions?.(item)}
            <Dialog.Close className={styles.button} aria-label="Close">
              <X size={20} />
            </Dialog.Close>
          </div>

          <div
            ref={setStage}
            className={styles.stage}
            data-zoom={zoom}
            onTouchStart={onTouchStart}
            onTouchEnd={onTouchEnd}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onPointerLeave={endDrag}
          >
            <div className={styles.frame}>
              {item?.fileType === 'video' ? (
                <video
                  key={item.id}
                  className={styles.media}
                  src={item.objectPath}
                  poster={item.thumbnailPath ?? undefined}
                  controls
                  playsInline
                  preload="metadata"
                  aria-label={alt}
                  onKeyDown={(event) => {
                    // The scrubber steps 10 % of the video per arrow key (spec §9).
                    const video = event.currentTarget
                    if ((event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') || !Number.isFinite(video.duration)) return
                    event.preventDefault()
                    const step = video.duration * VIDEO_SCRUB_STEP * (event.key === 'ArrowRight' ? 1 : -1)
                    video.currentTime = Math.min(video.duration, Math.max(0, video.currentTime + step))
                  }}
                />
              ) : item && panorama ? (
                <PanoramaView
                  key={item.id}
                  item={item}
                  alt={alt}
                  flat={<LightboxImage item={item} alt={alt} zoom={zoom} transform={transform} onTap={onTap} />}
                />
              ) : item ? (
                <LightboxImage key={item.id} item={item} alt={alt} zoom={zoom} transform={transform} onTap={onTap} />
              ) : null}
            </div>
          </div>

          {items.length > 1 && (
            <>
              <button
                type="button"
                className={`${styles.button} ${styles.nav} ${styles.previous}`}
                aria-label="Previous"
                onClick={() => go(-1)}
              >
                <ChevronLeft size={32} />
              </button>
              <button
                type="button"
                className={`${styles.button} ${styles.nav} ${styles.next}`}
                aria-label="Next"
                onClick={() => go(1)}
              >
                <ChevronRight size={32} />
              </button>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function LightboxImage({
  item,
  alt,
  zoom,
  transform,
  onTap,
}: {
  item: PublicMediaFile
  alt: string
  zoom: number
  transform: string
  onTap(): void
}) {
  const [failed, setFailed] = useState(0)
  // The original joins the srcset only when zooming in needs more pixels than the renditions have.
  const { src, srcSet, hasAvif, avifSrcSet } = imageSources(item, { withOriginal: zoom > 1 })
  if (failed >= 2) return <div className={styles.error}>Image Error</div>
  const sizes = failed || !srcSet ? undefined : `${Math.round(Math.max(1, zoom) * 100)}vw`
  return (
    <WithAvif picture={hasAvif} srcSet={failed ? undefined : avifSrcSet} sizes={sizes}>
      <img
        className={styles.media}
        src={failed ? item.objectPath : src}
        srcSet={failed ? undefined : srcSet}
        sizes={sizes}
        alt={alt}
        style={{ transform }}
        draggable={false}
        onClick={onTap}
        onError={() => setFailed((count) => count + 1)}
      />
    </WithAvif>
  )
}
