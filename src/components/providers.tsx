// Client-side providers shared by the public site and the login page.
'use client'
import { QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { makeQueryClient } from '../lib/api/query-client'
import { NoticesProvider } from './notices'

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <NoticesProvider>{children}</NoticesProvider>
    </QueryClientProvider>
  )
}
