// A plain server-rendered stand-in for the public gallery until its own screens land:
// the sections with their visible counts, from the public read model.
import config from '@payload-config'
import Link from 'next/link'
import { getPayload } from 'payload'
import { publicSnapshot, sectionList } from './read-model'

export async function GalleryPlaceholder({ sectionId }: { sectionId?: string }) {
  const payload = await getPayload({ config })
  const snapshot = await publicSnapshot(payload)
  const sections = sectionList(snapshot)
  const current = sectionId ? sections.find((section) => section.id === sectionId) : undefined
  if (sectionId && !current) {
    return (
      <main style={{ padding: 24 }}>
        <h1>Section Not Found</h1>
        <Link href="/gallery">Back to Gallery</Link>
      </main>
    )
  }
  return (
    <main style={{ padding: 24, maxWidth: 960, margin: '0 auto' }}>
      <h1>{current ? `${current.icon} ${current.name}` : 'Property Gallery'}</h1>
      <p>{current ? `${current.count} photos` : `${snapshot.media.length} photos and videos`}</p>
      <nav aria-label="Sections">
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <Link href={`/gallery/${section.id}`}>
                {section.icon} {section.name}
              </Link>{' '}
              ({section.count})
            </li>
          ))}
        </ul>
      </nav>
    </main>
  )
}
