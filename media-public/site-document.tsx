// The document every page of the gallery's site is rendered in, cached or not: its links and
// reads keep the property's base path, and it carries the load-time token.
import type { ReactNode } from 'react'
import { LoadTimeReporter } from '@/components/load-time-reporter'
import { QueryProvider } from '@/components/query-provider'
import type { PropertyBasePath } from '@/lib/api/property-base'
import { pageLoadTimesToken } from './load-times-token'
import { SiteBaseProvider } from './site-base'
import './global.css'

export async function SiteDocument({ basePath, children }: { basePath: PropertyBasePath; children: ReactNode }) {
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
