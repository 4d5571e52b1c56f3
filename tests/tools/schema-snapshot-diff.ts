// What differs between two drizzle-kit schema snapshots (the JSON `payload migrate:create`
// writes beside a migration): every table, column, index, key, enum… one has and the other
// has not or has otherwise, by its path in the snapshot. Empty when the schemas are equal.

/** Parts of a snapshot that are not schema: its own id, its parent's id, rename notes. */
const NOT_SCHEMA = new Set(['id', 'prevId', '_meta'])

export function snapshotDifferences(committed: unknown, generated: unknown): string[] {
  const differences: string[] = []
  const visit = (before: unknown, after: unknown, path: string[]) => {
    const at = path.join(' › ')
    if (before === undefined) differences.push(`${at}: in the config, not in the snapshot`)
    else if (after === undefined) differences.push(`${at}: in the snapshot, no longer in the config`)
    else if (isObject(before) && isObject(after)) {
      const keys = new Set([...Object.keys(before), ...Object.keys(after)])
      for (const key of [...keys].sort()) {
        if (path.length === 0 && NOT_SCHEMA.has(key)) continue
        visit(before[key], after[key], [...path, key])
      }
    } else if (JSON.stringify(before) !== JSON.stringify(after)) {
      differences.push(`${at}: snapshot ${JSON.stringify(before)}, config ${JSON.stringify(after)}`)
    }
  }
  visit(committed, generated, [])
  return differences
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
