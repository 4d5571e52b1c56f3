// When a property's last complete backup finished, for the Properties overview: in the property's
// own time zone (its settings; UTC if the row holds a name the runtime does not know), named after
// the time, or "No backup yet".
export const NO_BACKUP_YET = 'No backup yet'

/** "26 Nov 2026, 14:30 Europe/Lisbon", or "No backup yet" without a backup. */
export function lastBackupLabel(completedAt: Date | string | null, timeZone: string): string {
  if (completedAt === null) return NO_BACKUP_YET
  const zone = knownTimeZone(timeZone)
  const when = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: zone,
  }).format(new Date(completedAt))
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
