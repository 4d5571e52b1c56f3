import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { LoadTimeReporter } from '@/components/load-time-reporter'
import { QueryProvider } from '@/components/query-provider'
import { siteMetadata } from '@media-public/site-metadata'
import { pageLoadTimesToken } from '@media-public/load-times-token'
import { siteAddress } from '@media-public/site-address'
import { SiteBaseProvider } from '@media-public/site-base'
import '@media-public/global.css'

// Title template, description and link-preview tags from the property settings.
export function generateMetadata(): Promise<Metadata> {
  return siteMetadata()
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 }

// Every page is of one property (site-address.ts), and its links and reads keep its base path.
export default async function FrontendLayout({ children }: { children: ReactNode }) {
  const { basePath } = await siteAddress()
  return (
    <html lang="en">
      <body>
        <SiteBaseProvider basePath={basePath}>
          <QueryProvider>{children}</QueryProvider>
        </SiteBaseProvider>
        {/* Proves a load-time report came from a page this server rendered (page-token.ts). */}
        <LoadTimeReporter token={await pageLoadTimesToken()} endpoint={`${basePath}/api/metrics/load-times`} />
      </body>
    </html>
  )
}
