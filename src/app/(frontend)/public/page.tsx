import { PublicBrowserPage } from '@media-public/pages'

export const dynamic = 'force-dynamic'

export default function Page() {
  return <PublicBrowserPage />
}
