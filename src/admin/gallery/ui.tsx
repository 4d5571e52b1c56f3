// Small building blocks of the admin screen over Radix primitives: a styled select and
// a section badge in the spec's colours (§3).
'use client'
import { ChevronDown } from 'lucide-react'
import * as Select from '@radix-ui/react-select'
import type { ReactNode } from 'react'
import { HIDDEN_SECTION_ID, HIDDEN_SECTION_LABEL } from '@/lib/constants'
import { badgeStyle } from '@/lib/section-colours'
import styles from './gallery.module.css'

export type Option = { value: string; label: ReactNode; text?: string }

type SelectBoxProps = {
  value: string | undefined
  onValueChange: (value: string) => void
  options: Option[]
  placeholder: string
  label: string
  className?: string
  disabled?: boolean
  onOpenChange?: (open: boolean) => void
}

export function SelectBox({
  value,
  onValueChange,
  options,
  placeholder,
  label,
  className,
  disabled,
  onOpenChange,
}: SelectBoxProps) {
  return (
    <Select.Root value={value} onValueChange={onValueChange} disabled={disabled} onOpenChange={onOpenChange}>
      <Select.Trigger className={`${styles.selectTrigger} ${className ?? ''}`} aria-label={label}>
        <Select.Value placeholder={placeholder} />
        <Select.Icon asChild>
          <ChevronDown size={16} />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content className={styles.selectContent} position="popper" sideOffset={4}>
          <Select.Viewport className={styles.selectViewport}>
            {options.map((option) => (
              <Select.Item key={option.value} value={option.value} className={styles.selectItem} textValue={option.text}>
                <Select.ItemText>{option.label}</Select.ItemText>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  )
}

export type SectionInfo = { id: string; name: string; icon: string; colour?: string }

export const hiddenSection: SectionInfo = { id: HIDDEN_SECTION_ID, name: HIDDEN_SECTION_LABEL, icon: '🙈', colour: 'grey' }

export function SectionBadge({ section }: { section: SectionInfo | null }) {
  const colour = badgeStyle(section?.colour)
  return (
    <span className={styles.sectionBadge} style={colour} data-section={section?.id ?? 'none'}>
      {section ? `${section.icon} ${section.name}` : 'No section'}
    </span>
  )
}

/** Section options for a selector: the sections, and (where offered) the hidden pseudo-section. */
export function sectionOptions(sections: SectionInfo[], withHidden: boolean): Option[] {
  const list = withHidden ? [...sections, hiddenSection] : sections
  return list.map((section) => ({ value: section.id, label: `${section.icon} ${section.name}`, text: section.name }))
}

/** The section a file is shown under: its section, hidden, or none (unassigned). */
export function placementOf(file: { section: string | null; isHidden: string }, sections: SectionInfo[]): SectionInfo | null {
  if (file.isHidden === 'true') return hiddenSection
  return sections.find((section) => section.id === file.section) ?? null
}
