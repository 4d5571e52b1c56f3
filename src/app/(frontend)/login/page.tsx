import config from '@payload-config'
import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { getPayload } from 'payload'
import { NoticesProvider } from '@/components/notices'
import { LoginForm } from './login-form'

export const metadata: Metadata = { title: 'Admin login' }
export const dynamic = 'force-dynamic'

type Props = { searchParams: Promise<{ next?: string }> }

/** Only paths inside the admin are followed after sign-in. */
const safeNext = (next?: string) => (next && next.startsWith('/admin') && !next.startsWith('//') ? next : '/admin')

export default async function LoginPage({ searchParams }: Props) {
  const payload = await getPayload({ config })
  const { user } = await payload.auth({ headers: await headers() })
  const next = safeNext((await searchParams).next)
  if (user) redirect(next)
  // The sign-in notices; the public pages have none, so the provider lives here, not in the layout.
  return (
    <NoticesProvider>
      <LoginForm next={next} />
    </NoticesProvider>
  )
}
