/* The root layout of the site's own pages. */
import type React from 'react'

export const metadata = { title: 'Minimal site' }

export default function SiteLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
