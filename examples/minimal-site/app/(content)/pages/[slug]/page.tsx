/* One of the site's own pages (the `pages` collection), beside the gallery. */
import config from '@payload-config'
import { RichText } from '@payloadcms/richtext-lexical/react'
import { notFound } from 'next/navigation'
import { getPayload } from 'payload'

type Args = { params: Promise<{ slug: string }> }

export default async function Page({ params }: Args) {
  const { slug } = await params
  const payload = await getPayload({ config })
  const { docs } = await payload.find({ collection: 'pages', where: { slug: { equals: slug } }, limit: 1 })
  const page = docs[0]
  if (!page) notFound()
  return (
    <main>
      <h1>{page.title}</h1>
      {page.content ? <RichText data={page.content} /> : null}
    </main>
  )
}
