import type { Metadata } from 'next'
import Link from 'next/link'
import { sitePath } from '@media-public/site-address'

export const metadata: Metadata = { title: '404 Page Not Found' }

export default async function NotFound() {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, textAlign: 'center' }}>
      <div>
        <h1>404 Page Not Found</h1>
        <p>
          <Link href={await sitePath('/gallery')}>Back to Gallery</Link>
        </p>
      </div>
    </main>
  )
}
