// The public pages' server parts: each renders its first view from the public read model
// (real content in the HTML) and hands the same data to the client components.
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { GalleryOverview } from './gallery-overview'
import { loadSnapshot, overviewData, requestDevice, sectionsOf } from './initial-data'
import { PublicBrowser } from './public-browser'
import { SectionGallery } from './section-gallery'

export async function PublicBrowserPage() {
  const [snapshot, device] = await Promise.all([loadSnapshot(), requestDevice()])
  const sectionNames = Object.fromEntries(snapshot.sections.map((section) => [section.id, section.name]))
  return <PublicBrowser initialMedia={snapshot.media} sectionNames={sectionNames} device={device} />
}

export async function GalleryOverviewPage() {
  const data = overviewData(await loadSnapshot())
  return <GalleryOverview initialSections={data.sections} initialPreviews={data.previews} initialVideos={data.videos} />
}

export async function SectionGalleryPage({ sectionId }: { sectionId: string }) {
  const [snapshot, device] = await Promise.all([loadSnapshot(), requestDevice()])
  const media = snapshot.bySection.get(sectionId)
  // An unknown section answers 404 (its segment's not-found page shows "Section Not Found").
  if (!media) notFound()
  return <SectionGallery sectionId={sectionId} initialSections={sectionsOf(snapshot)} initialMedia={media} device={device} />
}

export async function sectionMetadata(sectionId: string): Promise<Metadata> {
  const section = (await loadSnapshot()).sections.find((candidate) => candidate.id === sectionId)
  return { title: section ? section.name : 'Section Not Found' }
}
