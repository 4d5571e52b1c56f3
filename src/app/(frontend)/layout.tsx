import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { LoadTimeReporter } from '@/components/load-time-reporter'
import { QueryProvider } from '@/components/query-provider'
import './global.css'

export const metadata: Metadata = {
  title: { default: 'Property Gallery', template: '%s · Property Gallery' },
  description: 'Photos and videos of the property, room by room.',
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 }

export default function FrontendLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <QueryProvider>{children}</QueryProvider>
        <LoadTimeReporter />
      </body>
    </html>
  )
}
