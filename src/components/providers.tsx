// The admin screen's client-side providers: the query client and the notices.
'use client'
import type { ReactNode } from 'react'
import { NoticesProvider } from './notices'
import { QueryProvider } from './query-provider'

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <NoticesProvider>{children}</NoticesProvider>
    </QueryProvider>
  )
}
