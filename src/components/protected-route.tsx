// The spec's protected-route guard (§2): a centred spinner while the current user
// loads, a redirect to /login when there is none, the page when there is one.
'use client'
import { useRouter } from 'next/navigation'
import { useEffect, type ReactNode } from 'react'
import { useUser } from '../lib/api/auth'
import { Spinner } from './spinner'

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser()
  const router = useRouter()
  useEffect(() => {
    if (!isPending && !user) router.replace('/login')
  }, [isPending, user, router])
  if (isPending || !user) {
    return (
      <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <Spinner label="Loading" size={32} />
      </div>
    )
  }
  return <>{children}</>
}
