// POST /api/media-files/analyze-all (spec §7), followed as a run (runs.ts): the count of photos
// done moves from the first second, and a batch that outlasts the server's wait is followed
// until it ends. Refreshes the gallery's lists afterwards (descriptions, categories and tags changed).
'use client'
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { refreshGallery } from './admin-reads'
import { apiRequest } from './client'
import { followRun } from './runs'

export type AnalysisCount = { done: number; total: number }

export async function analyzeAll(queryClient: QueryClient, onProgress: (count: AnalysisCount) => void): Promise<{ analyzed: number; skipped: number }> {
  const ended = await followRun<{ analyzed: number; skipped?: number }>(queryClient, {
    kind: 'analysis',
    start: () => apiRequest('POST', '/api/media-files/analyze-all'),
    onProgress: ({ done, total }) => onProgress({ done, total }),
  })
  return { analyzed: ended.analyzed, skipped: ended.skipped ?? 0 }
}

export function useAnalyzeAll() {
  const queryClient = useQueryClient()
  const [count, setCount] = useState<AnalysisCount | null>(null)
  const mutation = useMutation({
    mutationFn: () => analyzeAll(queryClient, setCount),
    onSettled: () => {
      setCount(null)
      return refreshGallery(queryClient)
    },
  })
  return { ...mutation, count }
}
