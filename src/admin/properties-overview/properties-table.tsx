// The rows of the Properties overview (collections/properties/admin/overview-view.tsx): name,
// public address, media count, last complete backup and a link to the property's record.
import type { PropertyOverview } from '@/lib/api/types'
import { lastBackupLabel } from '@/lib/format-backup-time'
import styles from './properties-overview.module.css'

/** The property's public site: the bare site for the default property, its prefix for the others. */
const publicPath = (row: Pick<PropertyOverview, 'isDefault' | 'slug'>) => (row.isDefault ? '/' : `/p/${row.slug}/`)

export function PropertiesTable({ rows }: { rows: PropertyOverview[] }) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Public site</th>
          <th scope="col">Media</th>
          <th scope="col">Last backup</th>
          <th scope="col">Record</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">{row.name}</th>
            <td>
              <a href={publicPath(row)}>{row.slug}</a>
            </td>
            <td>{row.mediaCount.toLocaleString('en-US')}</td>
            <td>{lastBackupLabel(row.lastBackupAt, row.timeZone)}</td>
            <td>
              <a href={`/admin/collections/properties/${row.id}`} aria-label={`Edit ${row.name}`}>
                Edit
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
