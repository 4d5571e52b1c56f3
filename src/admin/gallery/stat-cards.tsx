// The four stat cards (spec §2): Total Media, Size Reduced (%), Avg Load Time (s), Total Size,
// from GET /api/media-files/stats.
'use client'
import { memo } from 'react'
import { useStats } from '@/lib/api/admin-reads'
import { formatMegabytes } from '@/lib/format'
import styles from './gallery.module.css'

export const StatCards = memo(function StatCards() {
  const { data, isError } = useStats()
  const show = (value: (stats: NonNullable<typeof data>) => string) => (data ? value(data) : isError ? '—' : '…')
  const cards = [
    { label: 'Total Media', value: show((stats) => String(stats.totalFiles)) },
    { label: 'Size Reduced', value: show((stats) => `${stats.avgOptimization}%`) },
    // 0 means no visitor has reported a load time yet: shown as a dash, not as "0s".
    { label: 'Avg Load Time', value: show((stats) => (stats.avgLoadTime > 0 ? `${stats.avgLoadTime}s` : '—')) },
    { label: 'Total Size', value: show((stats) => formatMegabytes(stats.totalSize)) },
  ]
  return (
    <section className={styles.stats} aria-label="Statistics">
      {cards.map((card) => (
        <div key={card.label} className={styles.stat}>
          <p className={styles.statLabel}>{card.label}</p>
          <p className={styles.statValue} aria-live="polite">
            {card.value}
          </p>
        </div>
      ))}
    </section>
  )
})
