// The visibility rule, written once (docs/architecture.md §13): a visitor sees a media file only when
// it is fully processed and not hidden; a signed-in manager sees every file. Each reader takes
// its form from the one rule below: Payload's collection access (a Where, so REST, the file
// route and the Local API all filter), the public read model's SQL, and object delivery's
// check of a row it has read.
import type { Where } from 'payload'

const VISIBLE_TO_VISITORS = [
  { field: 'isHidden', column: 'is_hidden', equals: false },
  { field: 'status', column: 'status', equals: 'ready' },
] as const

type Row = { [Condition in (typeof VISIBLE_TO_VISITORS)[number] as Condition['column']]: unknown }

/** For Payload's access control. */
export const PUBLIC_MEDIA_WHERE: Where = {
  and: VISIBLE_TO_VISITORS.map(({ field, equals }) => ({ [field]: { equals } })),
}

/** For SQL over `media m`. */
export const PUBLIC_MEDIA_SQL = VISIBLE_TO_VISITORS.map(
  ({ column, equals }) => `m.${column} = ${typeof equals === 'string' ? `'${equals}'` : String(equals)}`,
).join(' AND ')

/** For a `media` row already read (its snake_case columns). */
export function visibleToVisitors(row: Row): boolean {
  return VISIBLE_TO_VISITORS.every(({ column, equals }) => row[column] === equals)
}
