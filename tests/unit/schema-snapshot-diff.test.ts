import { describe, expect, it } from 'vitest'
import { snapshotDifferences } from '../tools/schema-snapshot-diff'

const snapshot = (media: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: 'a',
  prevId: 'b',
  version: '7',
  tables: { 'public.media': { name: 'media', columns: media } },
  enums: { 'public.enum_status': { values: ['pending', 'ready'] } },
  ...extra,
})
const column = (type: string) => ({ type, notNull: false })

describe('snapshotDifferences', () => {
  it('finds none between equal schemas, whatever the snapshots\' own ids', () => {
    expect(snapshotDifferences(snapshot({ room: column('varchar') }), { ...snapshot({ room: column('varchar') }), id: 'c', prevId: 'a' })).toEqual([])
  })

  it('names each column added, removed or changed, and changed enum values', () => {
    const committed = snapshot({ room: column('varchar'), embedding: column('jsonb'), notes: column('varchar') })
    const generated = snapshot(
      { room: column('varchar'), mirror_hash: column('varchar'), notes: column('text') },
      { enums: { 'public.enum_status': { values: ['pending', 'ready', 'failed'] } } },
    )
    expect(snapshotDifferences(committed, generated)).toEqual([
      'enums › public.enum_status › values: snapshot ["pending","ready"], config ["pending","ready","failed"]',
      'tables › public.media › columns › embedding: in the snapshot, no longer in the config',
      'tables › public.media › columns › mirror_hash: in the config, not in the snapshot',
      'tables › public.media › columns › notes › type: snapshot "varchar", config "text"',
    ])
  })
})
