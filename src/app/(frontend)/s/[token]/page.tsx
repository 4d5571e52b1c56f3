// A share link's page: the proxy lets a request through only for a live link of the property it
// addresses (src/server/http/gallery-proxy.ts); one that stopped working since is not found.
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { sharedPage } from '@media-public/shared-page'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ token: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await sharedPage((await params).token)
  return { title: page ? page.title : 'Link Not Found', robots: { index: false, follow: false } }
}

export default async function Page({ params }: Props) {
  const page = await sharedPage((await params).token)
  if (!page) notFound()
  return page.view
}
