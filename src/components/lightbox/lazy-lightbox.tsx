// The lightbox's code loads only when a page first opens it (or opens on a deep link), so
// the first view of a gallery page carries none of it. Once loaded it stays mounted, so
// closing still returns focus.
'use client'
import dynamic from 'next/dynamic'
import { useState } from 'react'
import type { PublicMediaFile } from '../../lib/public-media'
import type { LightboxProps } from './lightbox'

const Lightbox = dynamic(() => import('./lightbox').then((module) => module.Lightbox), { ssr: false })

export function LazyLightbox<T extends PublicMediaFile>(props: LightboxProps<T>) {
  const [wanted, setWanted] = useState(false)
  if (props.index !== null && !wanted) setWanted(true)
  // The loaded component is generic too; next/dynamic's wrapper is typed for its default.
  return wanted ? <Lightbox {...(props as unknown as LightboxProps)} /> : null
}
