// Any path no other route claims answers HTTP 404 with the "404 Page Not Found" page.
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

// The title of the page that throws notFound() is the one the 404 page shows.
export const metadata: Metadata = { title: '404 Page Not Found' }

export default function Missing() {
  notFound()
}
