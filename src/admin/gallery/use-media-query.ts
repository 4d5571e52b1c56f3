// Matches a CSS media query on the client (false during server rendering).
'use client'
import { useSyncExternalStore } from 'react'
import { windowGridColumns } from '@/lib/device'

const DESKTOP_COLUMNS = 5

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

/** Spec §9 grid columns for this window, by the same rule as the public grid (desktop width before the first measure). */
export function useGridColumns(): number {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange)
      return () => window.removeEventListener('resize', onChange)
    },
    windowGridColumns,
    () => DESKTOP_COLUMNS,
  )
}

/** A phone or tablet (a coarse pointer and no hover): offers its camera, has no windows to open. */
export const useTouchDevice = () => useMediaQuery('(hover: none) and (pointer: coarse)')
