import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { LoadTimeReporter } from '@/components/load-time-reporter'
import { QueryProvider } from '@/components/query-provider'
import { siteMetadata } from '@media-public/site-metadata'
import { pageLoadTimesToken } from '@media-public/load-times-token'
import './global.css'

// Title template, description and link-preview tags from the property settings.
export function generateMetadata(): Promise<Metadata> {
  return siteMetadata()
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 }

export default async function FrontendLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <QueryProvider>{children}</QueryProvider>
        {/* Proves a load-time report came from a page this server rendered (page-token.ts). */}
        <LoadTimeReporter token={await pageLoadTimesToken()} />
      </body>
    </html>
  )
}
