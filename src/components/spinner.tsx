// A loading spinner with an accessible label.
import styles from './spinner.module.css'

export function Spinner({ label = 'Loading', size = 24 }: { label?: string; size?: number }) {
  return <span role="status" aria-label={label} className={styles.spinner} style={{ width: size, height: size }} />
}
