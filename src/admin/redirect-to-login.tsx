// Replaces Payload's own login view: the product signs in on /login.
import { redirect } from 'next/navigation'

type Props = { searchParams?: { redirect?: string } }

export function RedirectToLogin({ searchParams }: Props) {
  const next =
    typeof searchParams?.redirect === 'string' && searchParams.redirect.startsWith('/admin') ? searchParams.redirect : '/admin'
  redirect(`/login?next=${encodeURIComponent(next)}`)
}
