// A 360° panorama in the lightbox (camera issue, item 3): Photo Sphere Viewer on the photo's
// widest WebP rendition. Drag, pinch and the mouse wheel turn and zoom it, the arrow keys turn
// it while it has focus (it takes focus when it opens; elsewhere in the lightbox they still go
// to the next or previous photo), and its bar has zoom and full-screen buttons. The viewer's code
// (three.js included) loads only when a panorama opens. Where there is no WebGL 2, or the viewer
// cannot load, the flat photo shows instead. The view's direction is on the element
// (data-yaw, data-pitch, in radians) from the viewer's own position events.
// The viewer remembers in localStorage whether the device has touch; where the page may not use
// storage (the embed view in another site's frame with third-party storage blocked) reading it
// throws, and the viewer gave up with "Your browser does not seem to support WebGL": there it
// gets a storage of its own that lasts as long as the page.
'use client'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { Viewer } from '@photo-sphere-viewer/core'
import type { PublicMediaFile } from '../../lib/public-media'
import { renditionUrl } from '../../lib/media-urls'
import styles from './lightbox.module.css'

type Props = { item: PublicMediaFile; alt: string; flat: ReactNode }

function hasWebGL2(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext('webgl2'))
  } catch {
    return false
  }
}

/** True when the page may use localStorage; a frame whose storage the browser blocks throws a SecurityError. */
function storageAllowed(): boolean {
  try {
    return Boolean(window.localStorage)
  } catch {
    return false
  }
}

/**
 * A storage that lasts as long as the page, in place of a refused localStorage. The viewer reads
 * and writes its one key as a property (`key in localStorage`, `localStorage[key] = …`).
 */
function pageStorage(): Storage {
  const values = new Map<string, string>()
  const storage = {
    get length() {
      return values.size
    },
    clear: () => values.clear(),
    getItem: (key: string) => values.get(key) ?? null,
    key: (index: number) => [...values.keys()][index] ?? null,
    removeItem: (key: string) => void values.delete(key),
    setItem: (key: string, value: string) => void values.set(key, String(value)),
  }
  return new Proxy(storage as Storage, {
    has: (target, key) => (typeof key === 'string' && values.has(key)) || key in target,
    get: (target, key, receiver) => (typeof key === 'string' && values.has(key) ? values.get(key) : Reflect.get(target, key, receiver)),
    set: (_target, key, value) => (typeof key === 'string' ? (values.set(key, String(value)), true) : false),
  })
}

/** Gives the page a storage of its own when the browser refuses it localStorage (the viewer cannot start without one). */
function ensureStorage() {
  if (!storageAllowed()) Object.defineProperty(window, 'localStorage', { value: pageStorage(), configurable: true })
}

/** The widest rendition (a full-size original of a 360° camera is tens of megapixels). */
function panoramaUrl(item: PublicMediaFile): string {
  const widest = Math.max(0, ...item.variantWidths)
  return widest ? renditionUrl(item.objectPath, widest) : item.objectPath
}

export function PanoramaView({ item, alt, flat }: Props) {
  const hostRef = useRef<HTMLDivElement | null>(null)
  const viewerRef = useRef<Viewer | null>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'flat'>('loading')
  const [position, setPosition] = useState({ yaw: 0, pitch: 0 })
  const url = panoramaUrl(item)

  useEffect(() => {
    if (!hasWebGL2()) {
      setState('flat')
      return
    }
    let cancelled = false
    const open = async () => {
      const [{ Viewer, SYSTEM }] = await Promise.all([import('@photo-sphere-viewer/core'), import('@photo-sphere-viewer/core/index.css')])
      const container = hostRef.current
      if (cancelled || !container) return
      ensureStorage()
      const viewer = new Viewer({
        container,
        panorama: url,
        navbar: ['zoom', 'move', 'fullscreen'],
        // The arrow keys are turned on while the viewer has focus (below), not page-wide.
        keyboard: false,
        mousewheelCtrlKey: false,
        touchmoveTwoFingers: false,
      })
      viewerRef.current = viewer
      // A viewer that could not read the system (WebGL, storage) shows its own error screen and
      // never gets ready: the flat photo is better than that screen.
      if (!SYSTEM.loaded) {
        viewer.destroy()
        viewerRef.current = null
        setState('flat')
        return
      }
      viewer.addEventListener('position-updated', ({ position }) => setPosition({ yaw: position.yaw, pitch: position.pitch }))
      viewer.addEventListener('panorama-error', () => setState('flat'))
      viewer.addEventListener('ready', () => {
        setState('ready')
        container.focus({ preventScroll: true })
      })
    }
    open().catch(() => {
      if (!cancelled) setState('flat')
    })
    return () => {
      cancelled = true
      viewerRef.current?.destroy()
      viewerRef.current = null
    }
  }, [url])

  if (state === 'flat') return <>{flat}</>
  return (
    <div
      ref={hostRef}
      className={styles.panorama}
      data-panorama={state}
      data-yaw={position.yaw.toFixed(4)}
      data-pitch={position.pitch.toFixed(4)}
      role="application"
      aria-roledescription="360° viewer"
      aria-label={`${alt}. 360° photo: drag or use the arrow keys to look around.`}
      tabIndex={0}
      // The viewer keeps mouse presses from focusing it: a press on it gives it the keys.
      onPointerDown={() => hostRef.current?.focus({ preventScroll: true })}
      onFocus={() => viewerRef.current?.startKeyboardControl()}
      onBlur={() => viewerRef.current?.stopKeyboardControl()}
    />
  )
}
