import { pageMetadata, PublicBrowserPage } from '@media-public/pages'

export const dynamic = 'force-dynamic'
// The browser answers on / and /public alike; its canonical address is the property's home.
export const generateMetadata = () => pageMetadata('/')

export default function Page() {
  return <PublicBrowserPage />
}
