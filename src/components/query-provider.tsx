// The query client for the public site and the login page. The notices (Radix Toast) are
// provided by the login page and the admin screen only, so they stay out of the public pages' scripts.
'use client'
import { QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { makeQueryClient } from '../lib/api/query-client'

export function QueryProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient)
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
