// POST /api/media-files/analyze-all (spec §7) and, when the batch outlasts the server's
// wait, its progress from GET /api/media-files/analyze-all/{jobId} until done; meanwhile the
// count of the run under way (GET /api/media-files/analyze-all). Refreshes
// the gallery's lists afterwards (descriptions, categories and tags changed).
'use client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { refreshGallery } from './admin-reads'
import { apiRequest, getJson } from './client'
import type { AnalysisProgress, AnalysisResult, CurrentAnalysis } from './types'

/** How often the screen asks for progress while a long batch runs. */
export const ANALYSIS_POLL_MS = 1000

export type AnalysisCount = { done: number; total: number }

const countOf = (progress: AnalysisProgress): AnalysisCount => ({ done: progress.analyzed + progress.skipped, total: progress.total })
const pause = () => new Promise((resolve) => setTimeout(resolve, ANALYSIS_POLL_MS))

export async function analyzeAll(onProgress: (count: AnalysisCount) => void): Promise<{ analyzed: number; skipped: number }> {
  // While the POST waits for the batch (up to 25 s), the run under way gives the count.
  let answered = false
  const followCurrentRun = async () => {
    for (;;) {
      await pause()
      if (answered) return
      const current = await getJson<CurrentAnalysis>('/api/media-files/analyze-all').catch(() => null)
      if (current?.run && !answered) onProgress(countOf(current.run))
    }
  }
  void followCurrentRun()
  let result: AnalysisResult
  try {
    result = (await (await apiRequest('POST', '/api/media-files/analyze-all')).json()) as AnalysisResult
  } finally {
    answered = true
  }
  if (!result.jobId || !result.pending) return { analyzed: result.analyzed, skipped: result.skipped ?? 0 }
  for (;;) {
    const progress = await getJson<AnalysisProgress>(`/api/media-files/analyze-all/${encodeURIComponent(result.jobId)}`)
    onProgress(countOf(progress))
    if (progress.done) return { analyzed: progress.analyzed, skipped: progress.skipped }
    await pause()
  }
}

export function useAnalyzeAll() {
  const queryClient = useQueryClient()
  const [count, setCount] = useState<AnalysisCount | null>(null)
  const mutation = useMutation({
    mutationFn: () => analyzeAll(setCount),
    onSettled: () => {
      setCount(null)
      return refreshGallery(queryClient)
    },
  })
  return { ...mutation, count }
}
