// The public pages' base path on the client: '' on the bare paths and a property's domain,
// `/p/{slug}` when the visitor came by the prefix. Every link, history entry and API read of the
// public pages is made under it, so a visitor of /p/lodge stays on the Lodge's site.
'use client'
import { usePathname } from 'next/navigation'
import { createContext, useCallback, useContext, type ReactNode } from 'react'
import { hrefFor, type PropertyBasePath } from '@/lib/api/property-base'

const SiteBase = createContext<PropertyBasePath>('')

export function SiteBaseProvider({ basePath, children }: { basePath: PropertyBasePath; children: ReactNode }) {
  return <SiteBase.Provider value={basePath}>{children}</SiteBase.Provider>
}

export const useSiteBase = (): PropertyBasePath => useContext(SiteBase)

/** A function making a path (`/gallery/…`, `/api/…`) of the page's property. */
export function useSiteHref(): (path: string) => string {
  const basePath = useSiteBase()
  return useCallback((path: string) => hrefFor(basePath, path), [basePath])
}

/**
 * The page's path without its base (`/p/lodge/gallery/upstairs` → `/gallery/upstairs`): what the
 * server rendered (the host serves a prefixed path as its bare one), so both sides agree.
 */
export function useAppPathname(): string | null {
  const basePath = useSiteBase()
  const pathname = usePathname()
  if (!basePath || !pathname) return pathname
  if (pathname === basePath) return '/'
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : pathname
}
