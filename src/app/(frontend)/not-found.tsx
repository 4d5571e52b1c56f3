import Link from 'next/link'

export default function NotFound() {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, textAlign: 'center' }}>
      <div>
        <h1>404 Page Not Found</h1>
        <p>
          <Link href="/gallery">Back to Gallery</Link>
        </p>
      </div>
    </main>
  )
}
