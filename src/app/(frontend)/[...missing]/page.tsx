// Any path no other route claims answers HTTP 404 with the "404 Page Not Found" page.
import { notFound } from 'next/navigation'

export default function Missing() {
  notFound()
}
