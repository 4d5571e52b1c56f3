// Device classification (spec §2) and grid columns per device (spec §9).
import { MOBILE_BREAKPOINT, SCREEN_BREAKPOINTS } from './constants'

export type DeviceClass = 'mobile' | 'tablet' | 'desktop'
export type ScreenSize = 'sm' | 'md' | 'lg' | 'xl'

const MOBILE_UA = /Android.+Mobile|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile|webOS/i
const TABLET_UA = /iPad|Tablet|Kindle|Silk|PlayBook|Android(?!.*Mobile)/i

/** A class guessed from the user agent alone (what the server knows). */
export function deviceClassFromUserAgent(userAgent: string | null | undefined): DeviceClass {
  if (!userAgent) return 'desktop'
  if (MOBILE_UA.test(userAgent)) return 'mobile'
  if (TABLET_UA.test(userAgent)) return 'tablet'
  return 'desktop'
}

/**
 * Mobile: width below 768 or a mobile user agent. Tablet: a tablet user agent, or a touch
 * screen narrower than 1024 px. Everything else is a desktop.
 */
export function deviceClass({
  width,
  userAgent,
  touch,
}: {
  width: number
  userAgent?: string | null
  touch?: boolean
}): DeviceClass {
  const fromAgent = deviceClassFromUserAgent(userAgent)
  if (width < MOBILE_BREAKPOINT || fromAgent === 'mobile') return 'mobile'
  if (fromAgent === 'tablet' || (touch && width < SCREEN_BREAKPOINTS.lg)) return 'tablet'
  return 'desktop'
}

/** §2 Screen size class: sm below 640, md below 768, lg below 1024, xl from 1024. */
export function screenSize(width: number): ScreenSize {
  if (width < SCREEN_BREAKPOINTS.sm) return 'sm'
  if (width < SCREEN_BREAKPOINTS.md) return 'md'
  if (width < SCREEN_BREAKPOINTS.lg) return 'lg'
  return 'xl'
}

/** §9 Grid columns: mobile 2 below 400 else 3; tablet 4 from 768 else 3; desktop 5 from 1280, 4 from 1024, else 3. */
export function gridColumns(device: DeviceClass, width: number): number {
  switch (device) {
    case 'mobile':
      return width < 400 ? 2 : 3
    case 'tablet':
      return width >= 768 ? 4 : 3
    case 'desktop':
      return width >= 1280 ? 5 : width >= 1024 ? 4 : 3
  }
}

/** §9 grid columns for this window: its width, user agent and touch screen (call in a browser only). */
export function windowGridColumns(): number {
  const width = window.innerWidth
  const touch = window.matchMedia('(pointer: coarse)').matches || navigator.maxTouchPoints > 0
  return gridColumns(deviceClass({ width, userAgent: navigator.userAgent, touch }), width)
}
