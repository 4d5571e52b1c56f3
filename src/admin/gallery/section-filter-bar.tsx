// The sticky section filter bar (spec §2): six placeholders while loading, then All with
// the total, one button per section (icon, count badge above 0; icons only below 768 px
// with a tooltip of name and count), Unassigned (the photos in no section yet, while there
// are any: All counts only the sections' photos), the hidden pseudo-section, the grid/list
// switch, and the active section's line.
'use client'
import * as Tooltip from '@radix-ui/react-tooltip'
import { Inbox } from 'lucide-react'
import { memo, type ReactNode } from 'react'
import type { Section } from '@/lib/api/types'
import { ALL_SECTIONS_ID, HIDDEN_SECTION_ID, SECTION_BAR_SKELETONS, UNASSIGNED_LABEL, UNASSIGNED_SECTION_ID } from '@/lib/constants'
import styles from './gallery.module.css'
import { hiddenSection } from './ui'
import { useMediaQuery } from './use-media-query'

type Props = {
  sections: Section[] | undefined
  hiddenCount: number
  /** Photos in no section and not hidden. */
  unassignedCount: number
  active: string
  onSelect: (section: string) => void
  view: 'grid' | 'list'
  onViewChange: (view: 'grid' | 'list') => void
}

const photos = (count: number) => `${count} ${count === 1 ? 'photo' : 'photos'}`

function WithTooltip({ enabled, text, children }: { enabled: boolean; text: string; children: ReactNode }) {
  if (!enabled) return children
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className={styles.tooltip} sideOffset={4}>
          {text}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}

export const SectionFilterBar = memo(function SectionFilterBar({
  sections,
  hiddenCount,
  unassignedCount,
  active,
  onSelect,
  view,
  onViewChange,
}: Props) {
  const iconsOnly = useMediaQuery('(max-width: 767px)')
  const total = sections?.reduce((sum, section) => sum + section.count, 0) ?? 0
  const unassigned =
    unassignedCount > 0 || active === UNASSIGNED_SECTION_ID
      ? [{ id: UNASSIGNED_SECTION_ID, name: UNASSIGNED_LABEL, icon: <Inbox size={16} />, count: unassignedCount }]
      : []
  const buttons: Array<{ id: string; name: string; icon: ReactNode; count: number }> = sections
    ? [...sections, ...unassigned, { ...hiddenSection, count: hiddenCount }]
    : []
  const activeSection = buttons.find((section) => section.id === active)

  return (
    <nav className={styles.sectionBar} aria-label="Sections">
      <div className={styles.sectionRow}>
        <div className={styles.sectionButtons}>
          {!sections ? (
            Array.from({ length: SECTION_BAR_SKELETONS }, (_, index) => (
              <div key={index} className={styles.placeholderBlock} data-testid="section-placeholder" aria-hidden />
            ))
          ) : (
            <>
              <button
                type="button"
                className={styles.button}
                aria-pressed={active === ALL_SECTIONS_ID}
                onClick={() => onSelect(ALL_SECTIONS_ID)}
              >
                All <span className={styles.countBadge}>{total}</span>
              </button>
              {buttons.map((section) => (
                <WithTooltip key={section.id} enabled={iconsOnly} text={`${section.name} (${section.count})`}>
                  <button
                    type="button"
                    className={styles.button}
                    aria-pressed={active === section.id}
                    aria-label={iconsOnly ? `${section.name} (${section.count})` : undefined}
                    data-section={section.id}
                    onClick={() => onSelect(section.id)}
                  >
                    <span aria-hidden>{section.icon}</span>
                    <span className={styles.sectionName}>{section.name}</span>
                    {section.count > 0 && <span className={styles.countBadge}>{section.count}</span>}
                  </button>
                </WithTooltip>
              ))}
            </>
          )}
        </div>
        <div className={styles.toolbar} role="group" aria-label="View">
          <button type="button" className={styles.button} aria-pressed={view === 'grid'} onClick={() => onViewChange('grid')}>
            Grid
          </button>
          <button type="button" className={styles.button} aria-pressed={view === 'list'} onClick={() => onViewChange('list')}>
            List
          </button>
        </div>
      </div>
      {active !== ALL_SECTIONS_ID && sections && (
        <p className={styles.activeLine} data-testid="active-section">
          {activeSection ? (
            <>
              {activeSection.icon} {activeSection.name} · {photos(activeSection.count)}
              {active === HIDDEN_SECTION_ID ? ' hidden from visitors' : ''}
              {active === UNASSIGNED_SECTION_ID ? ' in no section yet: visitors see them once you choose a section' : ''}
            </>
          ) : (
            'Unknown Section'
          )}
        </p>
      )}
    </nav>
  )
})
