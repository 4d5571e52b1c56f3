// The lightbox's code loads only when a page first opens it (or opens on a deep link), so
// the first view of a gallery page carries none of it. Once loaded it stays mounted, so
// closing still returns focus.
'use client'
import dynamic from 'next/dynamic'
import { useState } from 'react'
import type { LightboxProps } from './lightbox'

const Lightbox = dynamic(() => import('./lightbox').then((module) => module.Lightbox), { ssr: false })

export function LazyLightbox(props: LightboxProps) {
  const [wanted, setWanted] = useState(false)
  if (props.index !== null && !wanted) setWanted(true)
  return wanted ? <Lightbox {...props} /> : null
}
