// A media file's name on the admin's cards and list rows: as much of it as fits, cut in the
// middle when it does not, so the end and the extension stay readable; the whole name on hover.
import { middleEllipsisParts } from '@/lib/filenames'
import styles from './gallery.module.css'

export function FileName({ name }: { name: string }) {
  const { head, tail } = middleEllipsisParts(name)
  return (
    <p className={`${styles.fileName} ${styles.middleEllipsis}`} title={name} data-testid="file-name">
      <span className={styles.fileNameHead}>{head}</span>
      <span className={styles.fileNameTail}>{tail}</span>
    </p>
  )
}
