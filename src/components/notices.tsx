// Notices (spec §8, §9): one visible at a time, 5 s, swipe right to dismiss (50 px),
// F8 focuses the notice area, at most 420 px wide. Radix Toast provides the behaviour.
'use client'
import { X } from 'lucide-react'
import * as Toast from '@radix-ui/react-toast'
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import styles from './notices.module.css'
import { NOTICE_DURATION_MS, NOTICE_SWIPE_THRESHOLD_PX } from '../lib/constants'

export type Notice = { title: string; description?: string; variant?: 'default' | 'destructive' }


const NoticesContext = createContext<(notice: Notice) => void>(() => undefined)

export function useNotify() {
  return useContext(NoticesContext)
}

export function NoticesProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Notice & { key: number }) | null>(null)
  const notify = useCallback((notice: Notice) => setCurrent({ ...notice, key: Date.now() }), [])
  const value = useMemo(() => notify, [notify])
  return (
    <NoticesContext.Provider value={value}>
      <Toast.Provider duration={NOTICE_DURATION_MS} swipeDirection="right" swipeThreshold={NOTICE_SWIPE_THRESHOLD_PX}>
        {children}
        {current && (
          <Toast.Root
            key={current.key}
            className={styles.notice}
            data-variant={current.variant ?? 'default'}
            onOpenChange={(open) => !open && setCurrent(null)}
          >
            <Toast.Title className={styles.title}>{current.title}</Toast.Title>
            {current.description && <Toast.Description className={styles.description}>{current.description}</Toast.Description>}
            <Toast.Close className={styles.close} aria-label="Close">
              <X size={16} />
            </Toast.Close>
          </Toast.Root>
        )}
        <Toast.Viewport className={styles.viewport} />
      </Toast.Provider>
    </NoticesContext.Provider>
  )
}
