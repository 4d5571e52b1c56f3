// Matches a CSS media query on the client (false during server rendering).
'use client'
import { useSyncExternalStore } from 'react'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** Spec §9 grid columns by viewport width: 2 below 400, 3 below 768, 4 below 1280, then 5. */
export function useGridColumns(): number {
  const below400 = useMediaQuery('(max-width: 399px)')
  const below768 = useMediaQuery('(max-width: 767px)')
  const below1024 = useMediaQuery('(max-width: 1023px)')
  const below1280 = useMediaQuery('(max-width: 1279px)')
  if (below400) return 2
  if (below768) return 3
  if (below1024) return 4
  return below1280 ? 4 : 5
}

/** A phone or tablet (a coarse pointer and no hover): offers its camera, has no windows to open. */
export const useTouchDevice = () => useMediaQuery('(hover: none) and (pointer: coarse)')
