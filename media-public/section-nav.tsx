// The sticky section navigation of the gallery (spec §2): Overview and one button per
// section (never the hidden pseudo-section, outdoors last), each with its icon, name and a
// count badge when above 0; the current one is highlighted. On a section page the section
// buttons switch the section in place (onSectionClick); the links still work on their own.
'use client'
import { House } from 'lucide-react'
import Link from 'next/link'
import type { MouseEvent } from 'react'
import type { Section } from '@/lib/api/types'
import styles from './gallery.module.css'
import { useSiteHref } from './site-base'

type Props = {
  sections: Section[]
  current: string | null
  onSectionClick?: (event: MouseEvent<HTMLAnchorElement>, sectionId: string) => void
}

export function SectionNav({ sections, current, onSectionClick }: Props) {
  const href = useSiteHref()
  return (
    <nav className={styles.sectionNav} aria-label="Gallery sections">
      <ul className={styles.sectionNavList}>
        <li>
          <Link
            href={href('/gallery')}
            prefetch={false}
            className={styles.navButton}
            aria-current={current === null ? 'page' : undefined}
          >
            <House size={16} /> Overview
          </Link>
        </li>
        {sections.map((section) => (
          <li key={section.id}>
            <Link
              href={href(`/gallery/${section.id}`)}
              prefetch={false}
              className={styles.navButton}
              aria-current={current === section.id ? 'page' : undefined}
              data-section-id={section.id}
              onClick={onSectionClick && ((event) => onSectionClick(event, section.id))}
            >
              <span aria-hidden="true">{section.icon}</span> {section.name}
              {section.count > 0 && (
                <span className={styles.navCount} data-testid="section-count">
                  {section.count}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
