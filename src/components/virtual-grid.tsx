// A window-scrolled, virtualised grid (or list) for thousands of items (spec §9: grid
// columns per device, 2 overscan rows). The server renders the first items as a plain
// CSS grid whose columns follow the same rules through media queries (the device class
// comes from the user agent), so the first view needs no JavaScript and does not shift;
// once mounted, only the rows near the viewport are in the DOM. The item elements stay
// the same across that switch, so images already shown are not reloaded.
'use client'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { GRID_OVERSCAN_ROWS } from '../lib/constants'
import { windowGridColumns, type DeviceClass } from '../lib/device'
import styles from './virtual-grid.module.css'

export type VirtualGridProps<T> = {
  items: T[]
  getKey(item: T): string
  renderItem(item: T, index: number, options: { priority: boolean }): ReactNode
  view: 'grid' | 'list'
  /** The device class the server guessed from the user agent (for the first render). */
  initialDevice: DeviceClass
  /** How many items the first (server) render shows; by default five rows of the device's widest grid. */
  initialCount?: number
  /** Height of a list row in px. */
  listRowHeight?: number
  label: string
}

const GAP = 8
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

/** The `sizes` of a grid cell, matching the column rules and the page's max width. */
export const GRID_IMAGE_SIZES = '(max-width: 399px) 50vw, (max-width: 1023px) 33vw, (max-width: 1279px) 25vw, 256px'

const FIRST_ROW: Record<DeviceClass, number> = { mobile: 3, tablet: 4, desktop: 5 }
/** Rows in the server render: a tall phone's first screen (fewer nodes to hydrate). */
const INITIAL_ROWS = 5

function useLayout(container: React.RefObject<HTMLDivElement | null>) {
  const [layout, setLayout] = useState<{ columns: number; width: number; top: number } | null>(null)
  useIsomorphicLayoutEffect(() => {
    const element = container.current
    if (!element) return
    const measure = () => {
      const rect = element.getBoundingClientRect()
      const next = { columns: windowGridColumns(), width: rect.width, top: rect.top + window.scrollY }
      setLayout((current) =>
        current && current.columns === next.columns && current.width === next.width && current.top === next.top ? current : next,
      )
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    // Content above the grid (another room's grid on a section page) moves it as it lays out.
    observer.observe(document.body)
    window.addEventListener('resize', measure)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', measure)
    }
  }, [container])
  return layout
}

export function VirtualGrid<T>({
  items,
  getKey,
  renderItem,
  view,
  initialDevice,
  initialCount,
  listRowHeight = 72,
  label,
}: VirtualGridProps<T>) {
  const container = useRef<HTMLDivElement | null>(null)
  const layout = useLayout(container)
  const columns = view === 'list' ? 1 : (layout?.columns ?? 1)
  const cellWidth = layout ? (layout.width - GAP * (columns - 1)) / columns : 0
  const rowHeight = view === 'list' ? listRowHeight + GAP : cellWidth + GAP
  const rowCount = Math.ceil(items.length / columns)

  const virtualizer = useWindowVirtualizer({
    count: layout ? rowCount : 0,
    estimateSize: () => rowHeight,
    overscan: GRID_OVERSCAN_ROWS,
    scrollMargin: layout?.top ?? 0,
    enabled: layout !== null,
    // The window's size is known at once in the browser: rows exist from the first measured render.
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  })
  useEffect(() => {
    virtualizer.measure()
  }, [virtualizer, rowHeight, columns])

  const rows = virtualizer.getVirtualItems()
  let start = 0
  let end = Math.min(items.length, initialCount ?? FIRST_ROW[initialDevice] * INITIAL_ROWS)
  let offset = 0
  let total: number | undefined
  // Until the virtualizer has measured the window it has no rows: keep the server's items
  // meanwhile (replacing them would re-create the images already shown).
  if (layout && rows.length > 0) {
    const first = rows[0]
    const last = rows.at(-1)
    start = first ? first.index * columns : 0
    end = last ? Math.min(items.length, (last.index + 1) * columns) : 0
    offset = first ? first.start - virtualizer.options.scrollMargin : 0
    total = Math.max(0, rowCount * rowHeight - GAP)
  } else if (layout) {
    total = Math.max(0, rowCount * rowHeight - GAP)
  }
  const firstRow = layout ? columns : FIRST_ROW[initialDevice]

  const style = {
    '--columns': layout ? columns : undefined,
    transform: offset ? `translateY(${offset}px)` : undefined,
  } as CSSProperties
  return (
    <div ref={container} className={styles.container} style={{ height: total }}>
      <ul
        className={`${styles.grid} ${view === 'list' ? styles.list : ''}`}
        data-device={initialDevice}
        data-measured={layout ? 'true' : undefined}
        style={{ ...style, ...(view === 'list' ? { gridAutoRows: `${listRowHeight}px` } : null) }}
        aria-label={label}
      >
        {items.slice(start, end).map((item, i) => (
          <li key={getKey(item)} className={styles.cell}>
            {renderItem(item, start + i, { priority: start + i < firstRow })}
          </li>
        ))}
      </ul>
    </div>
  )
}
