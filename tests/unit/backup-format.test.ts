// The backup file and the restore plan: what is refused (and with which words), what an
// older schema's backup becomes, and the order tables are written in.
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  BACKUP_APP,
  BACKUP_FORMAT,
  BackupRefused,
  decodeBackup,
  encodeBackup,
  keysInJsonText,
  keysInRows,
  planRestore,
  sha256Of,
  type BackupDocument,
} from '../../src/server/backup/format'
import { restoreMessage } from '../../src/server/backup/restore-backup'
import { restoredShareLinks } from '../../src/server/backup/restored-share-links'
import { backupTableOrder, isExcludedTable, looseReferences, type TableShape } from '../../src/server/backup/tables'
import { withSectionKeys } from '../../src/server/backup/upgrade'

const shapes: TableShape[] = [
  { name: 'gallery_sections', columns: ['id', 'name'], serialColumns: [], scope: { kind: 'own' }, uniqueColumns: ['id'] },
  { name: 'media', columns: ['id', 'section_id', 'notes', 'embedding'], serialColumns: [], scope: { kind: 'own' }, uniqueColumns: ['id'] },
  {
    name: 'media_texts',
    columns: ['id', 'parent_id', 'text'],
    serialColumns: ['id'],
    scope: { kind: 'parent', column: 'parent_id', parent: 'media', parentColumn: 'id' },
    uniqueColumns: ['id'],
  },
]
const applied = ['20261121_134540_init', '20261122_140000_backups']

function document(overrides: Partial<BackupDocument> = {}): BackupDocument {
  return {
    format: BACKUP_FORMAT,
    app: BACKUP_APP,
    kind: 'manual',
    createdAt: '2026-11-22T14:30:00.000Z',
    migration: '20261122_140000_backups',
    tables: [
      { name: 'gallery_sections', columns: ['id', 'name'], rows: [{ id: 'upstairs', name: 'Upstairs' }] },
      { name: 'media', columns: ['id', 'section_id', 'notes', 'embedding'], rows: [{ id: 'a', section_id: 'upstairs', notes: null, embedding: [0.5] }] },
    ],
    manifest: [{ key: 'originals/x/a.jpg', size: 10, etag: '"e"' }],
    ...overrides,
  }
}

describe('encodeBackup / decodeBackup', () => {
  it('round-trips rows that PostgreSQL serialised, with the manifest and the sha256 of the bytes', async () => {
    const { bytes, sha256 } = await encodeBackup({
      kind: 'auto',
      createdAt: '2026-11-22T14:30:00.000Z',
      migration: '20261122_140000_backups',
      property: { tagline: 'By the sea', about: null, cover_photo_id: 'a', booking_url: null, time_zone: 'Europe/Lisbon' },
      tables: [{ name: 'media', columns: ['id', 'notes'], rowsJson: '[{"id":"a","notes":"ünïcode \\"quoted\\""}]' }],
      manifest: [{ key: 'originals/x/a.jpg', size: 10, etag: null }],
    })
    expect(sha256).toBe(sha256Of(bytes))
    const decoded = await decodeBackup(bytes, sha256)
    expect(decoded).toEqual({
      format: BACKUP_FORMAT,
      app: BACKUP_APP,
      kind: 'auto',
      createdAt: '2026-11-22T14:30:00.000Z',
      migration: '20261122_140000_backups',
      property: { tagline: 'By the sea', about: null, cover_photo_id: 'a', booking_url: null, time_zone: 'Europe/Lisbon' },
      tables: [{ name: 'media', columns: ['id', 'notes'], rows: [{ id: 'a', notes: 'ünïcode "quoted"' }] }],
      manifest: [{ key: 'originals/x/a.jpg', size: 10, etag: null }],
    })
  })

  it('reads the settings of a format 1 file (the property_settings table) as the property block', async () => {
    const settings = { id: 's', property_name: 'Seaview', tagline: 'Harbour views', about: { root: {} }, cover_photo_id: 'a', booking_url: 'https://example.com' }
    const old = { ...document(), format: 1, tables: [...document().tables, { name: 'property_settings', columns: Object.keys(settings), rows: [settings] }] }
    const bytes = zlib.gzipSync(JSON.stringify(old))
    const decoded = await decodeBackup(bytes, sha256Of(bytes))
    expect(decoded.property).toEqual({ tagline: 'Harbour views', about: { root: {} }, cover_photo_id: 'a', booking_url: 'https://example.com' })
    expect(decoded.tables.map((table) => table.name)).toEqual(['gallery_sections', 'media'])
  })

  const refusal = async (bytes: Buffer, sha = sha256Of(bytes)) => {
    const error = await decodeBackup(bytes, sha).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(BackupRefused)
    return (error as Error).message
  }

  it('refuses changed bytes, a truncated file, non-JSON, a foreign file and a newer format', async () => {
    const good = zlib.gzipSync(JSON.stringify(document()))
    expect(await refusal(good, sha256Of(Buffer.from('other')))).toMatch(/does not match its recorded checksum/)
    expect(await refusal(good.subarray(0, good.length - 20))).toMatch(/does not unzip/)
    expect(await refusal(zlib.gzipSync('{"format": 1, "tables": ['))).toMatch(/not valid JSON/)
    expect(await refusal(zlib.gzipSync(JSON.stringify({ hello: 'world' })))).toMatch(/not a gallery backup/)
    expect(await refusal(zlib.gzipSync(JSON.stringify(document({ format: BACKUP_FORMAT + 1 }))))).toMatch(
      new RegExp(`written in format ${BACKUP_FORMAT + 1} by a newer version`),
    )
  })
})

describe('planRestore', () => {
  it('takes a backup of this schema: every table in insert order, tables it lacks start empty', () => {
    const plan = planRestore(document(), { appliedMigrations: applied, shapes })
    expect(plan.map((table) => [table.name, table.rows.length])).toEqual([
      ['gallery_sections', 1],
      ['media', 1],
      ['media_texts', 0],
    ])
  })

  it('takes an older schema whose columns all still exist (columns added since get their defaults)', () => {
    const older = document({
      migration: '20261121_134540_init',
      tables: [{ name: 'media', columns: ['id', 'section_id'], rows: [{ id: 'a', section_id: null }] }],
    })
    const plan = planRestore(older, { appliedMigrations: applied, shapes })
    expect(plan.find((table) => table.name === 'media')?.columns).toEqual(['id', 'section_id'])
  })

  it('takes a backup that records its schema under a migration\'s earlier name', () => {
    const current = { appliedMigrations: [...applied, '20261123_030000_job_lost_claims'], shapes }
    const plan = planRestore(document({ migration: '20261123_0260_job_lost_claims' }), current)
    expect(plan.find((table) => table.name === 'media')?.rows).toHaveLength(1)
  })

  it('refuses a newer schema, and an older one with columns or tables that no longer exist', () => {
    expect(() => planRestore(document({ migration: '20301231_000000_future' }), { appliedMigrations: applied, shapes })).toThrow(
      'The backup was made by a newer version of the gallery (schema 20301231_000000_future; this server is at 20261122_140000_backups). Update the server first: nothing was restored.',
    )
    const gone = document({
      tables: [
        { name: 'media', columns: ['id', 'rating'], rows: [] },
        { name: 'media_albums', columns: ['id'], rows: [] },
      ],
    })
    expect(() => planRestore(gone, { appliedMigrations: applied, shapes })).toThrow(
      /no longer stores \(media\.rating, table media_albums\): nothing was restored\.$/,
    )
  })

  it('takes a backup made before the runs table, leaving out the duplicate scans it holds (runs are not restored)', () => {
    const withScans = document({
      tables: [...document().tables, { name: 'duplicate_scans', columns: ['id', 'status'], rows: [{ id: 's', status: 'done' }] }],
    })
    const plan = planRestore(withScans, { appliedMigrations: applied, shapes })
    expect(plan.map((table) => table.name)).toEqual(['gallery_sections', 'media', 'media_texts'])
  })

  it("keeps the property's share links and listing choices for a backup of format 2, which never held them", () => {
    const withLinks: TableShape[] = [
      ...shapes,
      ...['listing_channels', 'share_links'].map((name) => ({ name, columns: ['property_id'], serialColumns: [], scope: { kind: 'own' as const }, uniqueColumns: [] })),
    ]
    const kept = (format: number) =>
      planRestore(document({ format }), { appliedMigrations: applied, shapes: withLinks })
        .filter((table) => table.keep)
        .map((table) => table.name)
    expect(kept(2)).toEqual(['listing_channels', 'share_links'])
    expect(kept(1)).toEqual(['listing_channels', 'share_links'])
    // Format 3 holds them (empty or not): lacking them, they start empty like any table added since.
    expect(kept(3)).toEqual([])
  })
})

describe('restoredShareLinks', () => {
  const live = { id: 'l1', token: 'T'.repeat(43), expires_at: '2026-12-01T00:00:00+00:00', revoked_at: null, opens: 3 }
  const revoked = { id: 'l2', token: 'R'.repeat(43), expires_at: '2026-12-01T00:00:00+00:00', revoked_at: '2026-11-20T10:00:00+00:00', opens: 0 }
  const at = '2026-11-26T12:00:00.000Z'

  it('into its own property: keeps ids and tokens; a link revoked since the backup stays revoked', () => {
    const revokedSince = new Map([['l1', '2026-11-25T09:00:00.000Z'], ['l2', '2026-11-25T09:00:00.000Z']])
    expect(restoredShareLinks([live, revoked], { sameProperty: true, revokedSince: new Map(), at })).toEqual([live, revoked])
    expect(restoredShareLinks([live, revoked], { sameProperty: true, revokedSince, at })).toEqual([
      { ...live, revoked_at: '2026-11-25T09:00:00.000Z' },
      revoked,
    ])
  })

  it('into another property: every link revoked (when the restore ran, unless it was already) and given a new token', () => {
    const [first, second] = restoredShareLinks([live, revoked], { sameProperty: false, revokedSince: new Map(), at })
    expect(first).toMatchObject({ id: 'l1', revoked_at: at, expires_at: live.expires_at, opens: 3 })
    expect(second).toMatchObject({ id: 'l2', revoked_at: revoked.revoked_at })
    for (const [row, old] of [[first, live], [second, revoked]] as const) {
      expect(row.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(row.token).not.toBe(old.token)
    }
  })
})

describe('backupTableOrder', () => {
  it('holds sections, media, their children and what those refer to; never accounts or Payload bookkeeping', () => {
    const order = backupTableOrder([
      { child: 'media', parent: 'gallery_sections' },
      { child: 'media_texts', parent: 'media' },
      { child: 'media_rels', parent: 'media' },
      { child: 'media_rels', parent: 'duplicate_groups' },
      { child: 'payload_locked_documents_rels', parent: 'media' },
      { child: 'payload_locked_documents_rels', parent: 'users' },
      { child: 'users_sessions', parent: 'users' },
      { child: 'media', parent: 'media' },
    ])
    expect(order).toEqual(['duplicate_groups', 'gallery_sections', 'media', 'media_rels', 'media_texts'])
    for (const table of ['users', 'users_sessions', 'payload_jobs', 'backups', 'gallery_read_version', 'runs', 'gallery_analysis_run_items']) {
      expect(isExcludedTable(table)).toBe(true)
    }
  })

  it("holds every table with a property column that no foreign key reaches, unless it is one never backed up", () => {
    const keys = [
      { child: 'media', parent: 'gallery_sections' },
      { child: 'share_links', parent: 'properties' },
      { child: 'share_links', parent: 'users' },
      { child: 'listing_channels', parent: 'properties' },
    ]
    const propertyTables = ['gallery_sections', 'media', 'share_links', 'listing_channels', 'runs', 'backups', 'users_properties', 'gallery_load_samples']
    expect(backupTableOrder(keys, propertyTables)).toEqual(['gallery_sections', 'listing_channels', 'share_links', 'media'])
  })
})

describe('looseReferences', () => {
  it("names the columns pointing outside the backup that the database sets to null, never the property's own", () => {
    const fk = (child: string, childColumn: string, parent: string, setsNull: boolean) => ({ child, childColumn, parent, parentColumn: 'id', cascades: !setsNull, setsNull })
    const keys = [
      fk('share_links', 'created_by_id', 'users', true),
      fk('share_links', 'property_id', 'properties', false),
      fk('media', 'property_id', 'properties', true),
      fk('media', 'section_id', 'gallery_sections', true),
    ]
    const members = ['gallery_sections', 'media', 'share_links']
    expect(looseReferences('share_links', members, keys)).toEqual([{ column: 'created_by_id', parent: 'users', parentColumn: 'id' }])
    expect(looseReferences('media', members, keys)).toEqual([])
  })
})

describe('restoreMessage', () => {
  it('says what changed, with thousands separators and the backup time in UTC', () => {
    expect(restoreMessage({ mediaCount: 1204, at: new Date('2026-11-22T14:30:00Z'), broughtBack: 3, removed: 2 })).toBe(
      'Restored 1,204 media files from the backup of 22 Nov 2026, 14:30 UTC; 3 brought back, 2 removed.',
    )
    expect(restoreMessage({ mediaCount: 1, at: new Date('2026-01-05T09:05:00Z'), broughtBack: 0, removed: 0 })).toBe(
      'Restored 1 media file from the backup of 5 Jan 2026, 09:05 UTC; 0 brought back, 0 removed.',
    )
  })
})

describe('keysInRows', () => {
  it('finds object keys in any string value, nested in arrays and objects, and nothing else', () => {
    const keys = keysInRows([
      { storage_key: 'originals/a/b.jpg', derivatives: [{ key: 'derived/a/400.webp', width: 400 }], notes: 'see originals/x' },
      { poster_key: 'posters/a.jpg', playback_key: 'playback/a.mp4', filename: 'a-originals.jpg', trash: 'trash/originals/a/b.jpg' },
    ])
    expect([...keys].sort()).toEqual(['derived/a/400.webp', 'originals/a/b.jpg', 'playback/a.mp4', 'posters/a.jpg'])
  })
})

describe('keysInJsonText', () => {
  // Rows as PostgreSQL writes them (json_agg): the keys are found in the text without parsing it.
  const rows = [
    {
      id: 'a',
      storage_key: 'originals/a/photo "one".jpg',
      derivatives: [{ key: 'derived/a/400.webp', width: 400 }, { key: 'derived/a/800.webp' }],
      poster_key: null,
      description: 'Not a key: "originals/quoted/in/text.jpg" and \\"derived/after/backslash.webp',
      notes: 'see originals/x (not at the start of the value)',
      tags: ['playback/a/v.mp4', 'pool'],
      meta: { 'originals/used/as/a/name': 1, nested: { deeper: ['posters/a/p.jpg'] } },
    },
    { id: 'b', storage_key: 'originals/b/caf\u00e9\\x.jpg', derivatives: [] },
  ]

  it('finds exactly the keys keysInRows finds in the parsed rows', () => {
    const text = JSON.stringify(rows)
    expect([...keysInJsonText(text)].sort()).toEqual([...keysInRows(rows)].sort())
    expect([...keysInJsonText(text)].sort()).toEqual([
      'derived/a/400.webp',
      'derived/a/800.webp',
      'originals/a/photo "one".jpg',
      'originals/b/café\\x.jpg',
      'playback/a/v.mp4',
      'posters/a/p.jpg',
    ])
  })

  it('reads PostgreSQL\'s spacing and property names the same way', () => {
    const text = '[{"id" : "x", "k" : "derived/x/1.webp", "originals/name" : "no", "d" : {"originals/key" : "posters/x/p.jpg"}}, \n {"s":"originals/y/z.jpg"}]'
    expect([...keysInJsonText(text)].sort()).toEqual(['derived/x/1.webp', 'originals/y/z.jpg', 'posters/x/p.jpg'])
  })
})

describe('withSectionKeys', () => {
  const UPSTAIRS = '8f6c2a8e-0d7e-4a53-9a55-0c1d2e3f4a5b'
  const before = document({
    migration: '20261126_094715_roles',
    tables: [
      { name: 'gallery_sections', columns: ['id', 'name'], rows: [{ id: 'upstairs', name: 'Upstairs' }, { id: 'attic', name: 'Attic' }] },
      {
        name: 'media',
        columns: ['id', 'section_id'],
        rows: [{ id: 'a', section_id: 'upstairs' }, { id: 'b', section_id: 'attic' }, { id: 'c', section_id: null }],
      },
    ],
  })

  it("gives a pre-key backup's sections the restoring property's ids for their keys, and its media follow", () => {
    const after = withSectionKeys(before, new Map([['upstairs', UPSTAIRS]]))
    const [sections, media] = after.tables
    expect(sections.columns).toEqual(['id', 'name', 'key'])
    expect(sections.rows[0]).toEqual({ id: UPSTAIRS, name: 'Upstairs', key: 'upstairs' })
    const attic = sections.rows[1]
    expect(attic.key).toBe('attic')
    expect(attic.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(media.rows).toEqual([
      { id: 'a', section_id: UPSTAIRS },
      { id: 'b', section_id: attic.id },
      { id: 'c', section_id: null },
    ])
  })

  it('leaves a backup whose sections have keys as it is', () => {
    const keyed = document({ tables: [{ name: 'gallery_sections', columns: ['id', 'key'], rows: [{ id: UPSTAIRS, key: 'upstairs' }] }] })
    expect(withSectionKeys(keyed, new Map())).toBe(keyed)
  })
})
