// Reports how long this page's gallery images took to load (Resource Timing), so the
// admin's Avg Load Time is measured on real visitors. Sent with sendBeacon when the
// page is hidden (or after the first load settles); each image is reported once, with the
// page's token (the server takes reports only from pages it rendered).
'use client'
import { useEffect } from 'react'
import { MAX_SAMPLES_PER_REPORT, MAX_SAMPLE_MS } from '@/lib/constants'

const MEDIA_PATH = '/public-objects/'

/** `endpoint`: the metrics route under the page's property (its `/p/{slug}` prefix, if it has one). */
export function LoadTimeReporter({ token, endpoint }: { token: string; endpoint: string }) {
  useEffect(() => {
    if (!token || typeof PerformanceObserver === 'undefined' || !navigator.sendBeacon) return
    const pending: number[] = []
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        if (entry.name.includes(MEDIA_PATH) && entry.duration > 0 && entry.duration <= MAX_SAMPLE_MS) pending.push(entry.duration)
      }
    })
    observer.observe({ type: 'resource', buffered: true })

    const flush = () => {
      while (pending.length > 0) {
        const samples = pending.splice(0, MAX_SAMPLES_PER_REPORT).map((duration) => Math.round(duration))
        navigator.sendBeacon(endpoint, new Blob([JSON.stringify({ samples, token })], { type: 'application/json' }))
      }
    }
    const onHidden = () => document.visibilityState === 'hidden' && flush()
    const settled = window.setTimeout(flush, 10_000)
    document.addEventListener('visibilitychange', onHidden)
    window.addEventListener('pagehide', flush)
    return () => {
      window.clearTimeout(settled)
      document.removeEventListener('visibilitychange', onHidden)
      window.removeEventListener('pagehide', flush)
      observer.disconnect()
      flush()
    }
  }, [token, endpoint])
  return null
}
