// When a backup was taken, as the product writes it ("26 Nov 2026, 14:30 Europe/Lisbon"): the
// Properties overview's last backup in the property's own time zone (its settings; UTC if the row
// holds a name the runtime does not know), or "No backup yet"; a restore's message in UTC.
export const NO_BACKUP_YET = 'No backup yet'

/** "26 Nov 2026, 14:30 Europe/Lisbon", or "No backup yet" without a backup. */
export function lastBackupLabel(completedAt: Date | string | null, timeZone: string): string {
  return completedAt === null ? NO_BACKUP_YET : backupTime(completedAt, timeZone)
}

/** "26 Nov 2026, 14:30 Europe/Lisbon": the time in the zone, named after it. */
export function backupTime(at: Date | string, timeZone: string): string {
  const zone = knownTimeZone(timeZone)
  const when = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: zone,
  }).format(new Date(at))
  return `${when} ${zone}`
}

function knownTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone })
    return timeZone
  } catch {
    return 'UTC'
  }
}
