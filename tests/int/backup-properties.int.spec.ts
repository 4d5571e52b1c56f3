// Backups of an installation holding two properties (docs/properties-design.md §2.5): a backup
// holds one property's rows and objects, restoring it changes nothing of the other, a backup
// cannot be restored into another property, listing and download answer only the property's
// own backups, retention keeps 10 per property, and the schedules queue per property. A restore
// brings back the property's share links, embed origins and listing choices (an older backup,
// which never held them, leaves them as they are).
// The second property is reached by calling the services with its scope (addressing a
// property by host is not built yet); the default property is the one the HTTP calls act on.
import crypto from 'node:crypto'
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import zlib from 'node:zlib'
import { createBackup } from '../../src/server/backup/create-backup'
import { decodeBackup } from '../../src/server/backup/format'
import { BackupOfAnotherProperty, restoreBackup } from '../../src/server/backup/restore-backup'
import { failureStatus, startRun } from '../../src/server/backup/runs'
import { BACKUP_QUEUE, enqueueAutoBackup, scheduleUploadBackup } from '../../src/server/backup/schedule'
import { backupStatus, findBackup, listBackups } from '../../src/server/backup/status'
import { poolOf } from '../../src/server/db/pool'
import { type PropertyScope, propertyScope } from '../../src/server/db/property-db'
import { defaultPropertyScope } from '../../src/server/properties/default-property'
import { listObjects } from '../../src/server/storage/list-objects'
import { putObject } from '../../src/server/storage/put-object'
import { readObject } from '../../src/server/storage/read-object'
import { createShareLink, findShareLink, revokeShareLink, sharedMedia } from '../../src/server/share-links/share-links'
import { PASSWORD, Session, signedInAdmin } from '../helpers/api'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let pool: Pool
let admin: Session
/** The default property (the requests' own). */
let seaside: PropertyScope
/** The second property. */
let lodge: PropertyScope

beforeAll(async () => {
  payload = await testPayload()
  pool = poolOf(payload)
  await resetDatabase(payload)
  admin = await signedInAdmin()
  seaside = await defaultPropertyScope(payload)
  const made = await payload.create({ collection: 'properties', data: { name: 'Lodge', slug: 'lodge' } as never, overrideAccess: true })
  lodge = propertyScope({ id: String(made.id), slug: 'lodge' })
  await pool.query(`UPDATE properties SET tagline = 'By the sea' WHERE id = $1`, [seaside.id])
  await pool.query(`UPDATE properties SET tagline = 'In the pines' WHERE id = $1`, [lodge.id])
})

beforeEach(async () => {
  await pool.query('DELETE FROM share_links')
  await pool.query('DELETE FROM listing_channels')
  await pool.query('DELETE FROM media')
  await pool.query('DELETE FROM duplicate_groups')
  await pool.query('DELETE FROM backups')
  await pool.query('DELETE FROM backup_object_index')
  await pool.query('DELETE FROM backup_restore_tidy')
  await pool.query(`DELETE FROM payload_jobs WHERE queue = $1`, [BACKUP_QUEUE])
  await pool.query('DELETE FROM runs')
})

afterAll(async () => {
  await pool.query('DELETE FROM media')
  await pool.query('DELETE FROM backups')
  await pool.query('DELETE FROM runs')
  await pool.query(`DELETE FROM gallery_sections WHERE property_id = $1`, [lodge.id])
  await pool.query(`DELETE FROM properties WHERE slug = 'lodge'`)
})

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')

type Photo = { id: string; keys: string[] }

/** A photo of the property with its original and one rendition in the store. */
async function photo(scope: PropertyScope): Promise<Photo> {
  const id = crypto.randomUUID()
  const original = `originals/${id}/photo.jpg`
  const rendition = `derived/${id}/400.webp`
  await putObject({ key: original, body: crypto.randomBytes(1500), contentType: 'image/jpeg' })
  await putObject({ key: rendition, body: crypto.randomBytes(500), contentType: 'image/webp' })
  // The lodge's photos sit in no section.
  const placement = scope === seaside ? {} : { property: scope.id, section: null }
  const doc = await createMedia(payload, {
    storageKey: original,
    derivatives: [{ width: 400, key: rendition }],
    tags: ['view', 'terrace'],
    ...placement,
  })
  return { id: String(doc.id), keys: [original, rendition] }
}

/** A duplicate group of these photos, of their property. */
async function group(scope: PropertyScope, photos: Photo[]) {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO duplicate_groups (property_id, confidence, reason) VALUES ($1, 90, 'same') RETURNING id`,
    [scope.id],
  )
  for (const [position, member] of photos.entries()) {
    await pool.query('INSERT INTO duplicate_group_members (group_id, media_id, position) VALUES ($1, $2, $3)', [rows[0].id, member.id, position])
  }
  return rows[0].id
}

/** Every row of the property, its settings, backups and index entries, and its objects' bytes. */
async function fingerprint(scope: PropertyScope, keys: string[]) {
  const rows = async (text: string) => (await pool.query(text, [scope.id])).rows.map((row) => row.row)
  const objects: Record<string, string | null> = {}
  for (const key of [...keys].sort()) {
    const bytes = await readObject({ key })
    objects[key] = bytes ? sha(bytes) : null
  }
  return {
    property: await rows('SELECT to_jsonb(p) AS row FROM properties p WHERE id = $1'),
    sections: await rows('SELECT to_jsonb(s) AS row FROM gallery_sections s WHERE property_id = $1 ORDER BY id'),
    media: await rows('SELECT to_jsonb(m) AS row FROM media m WHERE property_id = $1 ORDER BY id'),
    texts: await rows(
      'SELECT to_jsonb(t) AS row FROM media_texts t JOIN media m ON m.id = t.parent_id WHERE m.property_id = $1 ORDER BY t.id',
    ),
    groups: await rows(
      `SELECT jsonb_build_object('group', to_jsonb(g), 'member', to_jsonb(gm)) AS row FROM duplicate_groups g
         JOIN duplicate_group_members gm ON gm.group_id = g.id JOIN media m ON m.id = gm.media_id
        WHERE m.property_id = $1 ORDER BY g.id, gm.position`,
    ),
    backups: await rows('SELECT to_jsonb(b) AS row FROM backups b WHERE property_id = $1 ORDER BY id'),
    index: await rows('SELECT to_jsonb(i) AS row FROM backup_object_index i WHERE property_id = $1 ORDER BY key'),
    objects,
    status: await backupStatus(pool, scope),
    list: await listBackups(pool, scope),
  }
}

const mediaIds = async (scope: PropertyScope) =>
  (await pool.query('SELECT id::text AS id FROM media WHERE property_id = $1 ORDER BY id', [scope.id])).rows.map((row) => row.id)

describe('a backup of one property', () => {
  it('holds its rows, settings and objects and none of the other property', async () => {
    const [a1, a2] = [await photo(seaside), await photo(seaside)]
    const [b1, b2] = [await photo(lodge), await photo(lodge)]
    await group(seaside, [a1, a2])
    const lodgeGroup = await group(lodge, [b1, b2])

    const backup = await createBackup({ pool, scope: seaside, kind: 'manual' })
    const document = await decodeBackup((await readObject({ key: backup.objectKey }))!, backup.sha256)

    const rowsOf = (name: string) => document.tables.find((table) => table.name === name)?.rows ?? []
    expect(rowsOf('media').map((row) => row.id).sort()).toEqual([a1.id, a2.id].sort())
    expect(new Set(rowsOf('media').map((row) => row.property_id))).toEqual(new Set([seaside.id]))
    expect(new Set(rowsOf('media_texts').map((row) => row.parent_id))).toEqual(new Set([a1.id, a2.id]))
    expect(rowsOf('duplicate_groups')).toHaveLength(1)
    expect(rowsOf('duplicate_group_members').map((row) => row.media_id).sort()).toEqual([a1.id, a2.id].sort())
    expect(document.manifest.map((entry) => entry.key).sort()).toEqual([...a1.keys, ...a2.keys].sort())
    expect(document.property?.tagline).toBe('By the sea')
    const text = JSON.stringify(document)
    for (const foreign of [b1.id, b2.id, lodgeGroup, lodge.id, ...b1.keys, ...b2.keys]) expect(text).not.toContain(foreign)

    const { rows } = await pool.query('SELECT property_id::text AS property, property_slug AS slug, media_count FROM backups WHERE id = $1', [backup.id])
    expect(rows[0]).toEqual({ property: seaside.id, slug: 'default', media_count: 2 })
  })
})

describe('restoring one property', () => {
  it('replaces only its rows and objects: every row and object of the other stays as it was', async () => {
    const [a1, a2] = [await photo(seaside), await photo(seaside)]
    const [b1, b2] = [await photo(lodge), await photo(lodge)]
    await group(seaside, [a1, a2])
    await group(lodge, [b1, b2])
    await createBackup({ pool, scope: lodge, kind: 'manual' })
    const backup = await createBackup({ pool, scope: seaside, kind: 'manual' })

    // Changes to undo in the seaside: a photo deleted, one added, its settings edited.
    await payload.delete({ collection: 'media', id: a2.id, overrideAccess: true })
    const a3 = await photo(seaside)
    await pool.query(`UPDATE properties SET tagline = 'Edited' WHERE id = $1`, [seaside.id])
    const lodgeBefore = await fingerprint(lodge, [...b1.keys, ...b2.keys])

    const result = await restoreBackup({ pool, scope: seaside, backupId: backup.id })

    expect(result.mediaCount).toBe(2)
    expect(await mediaIds(seaside)).toEqual([a1.id, a2.id].sort())
    expect((await pool.query('SELECT tagline FROM properties WHERE id = $1', [seaside.id])).rows[0].tagline).toBe('By the sea')
    expect(await fingerprint(lodge, [...b1.keys, ...b2.keys])).toEqual(lodgeBefore)
    // Only the seaside's replaced rows' objects went to trash.
    const trash = await listObjects({ prefix: 'trash/' })
    for (const key of a3.keys) expect(trash.has(`trash/${key}`)).toBe(true)
    for (const key of [...b1.keys, ...b2.keys]) expect(trash.has(`trash/${key}`)).toBe(false)
    // The restore point is the seaside's.
    const { rows } = await pool.query(`SELECT property_id::text AS property, media_count FROM backups WHERE kind = 'restore-point'`)
    expect(rows).toEqual([{ property: seaside.id, media_count: 2 }])
  })

  it('refuses a backup of another property, 409 with its reason, changing nothing', async () => {
    const a1 = await photo(seaside)
    const b1 = await photo(lodge)
    const backup = await createBackup({ pool, scope: seaside, kind: 'manual' })
    const before = { seaside: await fingerprint(seaside, a1.keys), lodge: await fingerprint(lodge, b1.keys) }

    const refused = await restoreBackup({ pool, scope: lodge, backupId: backup.id }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(BackupOfAnotherProperty)
    expect((refused as Error).message).toBe('This backup belongs to another property: nothing was restored.')
    expect(failureStatus(refused)).toBe(409)
    await expect(startRun(pool, 'restore', backup.id, { scope: lodge })).rejects.toThrow(
      'This backup belongs to another property: nothing was restored.',
    )

    // A backup recorded as the lodge's whose rows are the seaside's is refused by its content.
    await pool.query('UPDATE backups SET property_id = $2 WHERE id = $1', [backup.id, lodge.id])
    const byContent = await restoreBackup({ pool, scope: lodge, backupId: backup.id }).catch((error: unknown) => error)
    expect(byContent).toBeInstanceOf(BackupOfAnotherProperty)
    await pool.query('UPDATE backups SET property_id = $2 WHERE id = $1', [backup.id, seaside.id])

    expect({ seaside: await fingerprint(seaside, a1.keys), lodge: await fingerprint(lodge, b1.keys) }).toEqual(before)
    expect((await pool.query('SELECT count(*)::int AS n FROM runs')).rows[0].n).toBe(0)
  })
})

describe("what the manager made besides photos", () => {
  const DAY = 86_400_000
  const links = async (scope: PropertyScope) =>
    (
      await pool.query(
        `SELECT id::text AS id, token, section_key, room, media_ids::text[] AS media_ids, include_hidden, expires_at, revoked_at,
                created_by_id::text AS created_by FROM share_links WHERE property_id = $1 ORDER BY id`,
        [scope.id],
      )
    ).rows
  const origins = async () =>
    ((await payload.findByID({ collection: 'properties', id: seaside.id, overrideAccess: true })) as { embedOrigins?: Array<{ origin: string }> })
      .embedOrigins?.map((row) => row.origin)
  const choice = async () =>
    (await pool.query(`SELECT media_ids::text[] AS media_ids, cover_id::text AS cover FROM listing_channels WHERE property_id = $1`, [seaside.id])).rows
  const setOrigins = (list: string[]) =>
    payload.update({ collection: 'properties', id: seaside.id, data: { embedOrigins: list.map((origin) => ({ origin })) } as never, overrideAccess: true })

  it('restores share links (revoked since stays revoked), embed origins and listing choices; an older backup leaves them', async () => {
    const [a1, a2] = [await photo(seaside), await photo(seaside)]
    const b1 = await photo(lodge)
    const made = await admin.json<{ doc: { id: string } }>('POST', '/api/users', {
      body: { username: 'link-maker', password: PASSWORD, role: 'property-manager' },
    })
    expect(made.status).toBe(201)
    const week = new Date(Date.now() + 7 * DAY)
    const link = (scope: PropertyScope, input: object, expiresAt = week, createdBy: string | null = null) =>
      createShareLink(payload, scope, { input, expiresAt, createdBy })
    const chosen = await link(seaside, { mediaIds: [a1.id, a2.id], includeHidden: true }, week, made.body.doc.id)
    const revokedBefore = await link(seaside, { room: 'Kitchen' })
    await revokeShareLink(payload, seaside, revokedBefore.id)
    const expired = await link(seaside, { sectionId: 'main_level' }, new Date(Date.now() - DAY))
    const revokedSince = await link(seaside, { sectionId: 'main_level' })
    await link(lodge, { mediaIds: [b1.id] })
    await setOrigins(['https://seaview.example', 'http://localhost:5173'])
    await pool.query(`INSERT INTO listing_channels (property_id, channel, media_ids, cover_id) VALUES ($1, 'airbnb', $2, $3)`, [
      seaside.id,
      [a1.id],
      a1.id,
    ])
    const atBackup = await links(seaside)
    const backup = await createBackup({ pool, scope: seaside, kind: 'manual' })

    // Since the backup: a link revoked, one made, the account that made one removed, origins and choice changed.
    await revokeShareLink(payload, seaside, revokedSince.id)
    const madeSince = await link(seaside, { room: 'Loft' })
    await payload.delete({ collection: 'users', id: made.body.doc.id, overrideAccess: true })
    await setOrigins(['https://elsewhere.example'])
    await pool.query(`UPDATE listing_channels SET media_ids = $2, cover_id = $3 WHERE property_id = $1`, [seaside.id, [a2.id], a2.id])
    const revokedAt = (await links(seaside)).find((row) => row.id === revokedSince.id).revoked_at
    const lodgeLinks = await links(lodge)

    await restoreBackup({ pool, scope: seaside, backupId: backup.id })

    // Same ids, tokens, photos and expiries; the one revoked since keeps its revocation, the maker gone is null.
    const expected = atBackup.map((row) => ({
      ...row,
      created_by: null,
      revoked_at: row.id === revokedSince.id ? revokedAt : row.revoked_at,
    }))
    expect(await links(seaside)).toEqual(expected)
    const opened = await findShareLink(payload, seaside, chosen.token)
    expect(opened.state).toBe('live')
    if (opened.state === 'live') expect((await sharedMedia(payload, seaside, opened.link)).map((file) => file.id).sort()).toEqual([a1.id, a2.id].sort())
    expect((await findShareLink(payload, seaside, revokedBefore.token)).state).toBe('revoked')
    expect((await findShareLink(payload, seaside, revokedSince.token)).state).toBe('revoked')
    expect((await findShareLink(payload, seaside, expired.token)).state).toBe('expired')
    expect((await findShareLink(payload, seaside, madeSince.token)).state).toBe('missing')
    expect(await origins()).toEqual(['https://seaview.example', 'http://localhost:5173'])
    expect(await choice()).toEqual([{ media_ids: [a1.id], cover: a1.id }])
    expect(await links(lodge)).toEqual(lodgeLinks)

    // The same backup as format 2 wrote it (no origins, no links, no choices): the property keeps its own.
    const document = JSON.parse(zlib.gunzipSync((await readObject({ key: backup.objectKey }))!).toString())
    delete document.property.embed_origins
    const older = {
      ...document,
      format: 2,
      tables: document.tables.filter((table: { name: string }) => !['share_links', 'listing_channels'].includes(table.name)),
    }
    const bytes = zlib.gzipSync(JSON.stringify(older))
    await putObject({ key: backup.objectKey, body: bytes, contentType: 'application/gzip' })
    await pool.query('UPDATE backups SET sha256 = $2 WHERE id = $1', [backup.id, sha(bytes)])
    await setOrigins(['https://elsewhere.example'])
    const linksNow = await links(seaside)
    const choiceNow = await choice()
    await payload.delete({ collection: 'media', id: a2.id, overrideAccess: true })

    await restoreBackup({ pool, scope: seaside, backupId: backup.id })
    expect(await mediaIds(seaside)).toEqual([a1.id, a2.id].sort())
    expect(await links(seaside)).toEqual(linksNow)
    expect(await choice()).toEqual(choiceNow)
    expect(await origins()).toEqual(['https://elsewhere.example'])
  })
})

describe('listing, download and retention', () => {
  it("answers only the property's own backups and runs: another property's are not found", async () => {
    await photo(seaside)
    await photo(lodge)
    const ours = await createBackup({ pool, scope: seaside, kind: 'manual' })
    const theirs = await createBackup({ pool, scope: lodge, kind: 'manual' })

    expect((await listBackups(pool, seaside)).map((backup) => backup.id)).toEqual([ours.id])
    expect((await listBackups(pool, lodge)).map((backup) => backup.id)).toEqual([theirs.id])
    expect(await findBackup(pool, lodge, ours.id)).toBeNull()
    expect((await findBackup(pool, seaside, ours.id))?.file).toBe(ours.file)
    expect(await backupStatus(pool, lodge)).toMatchObject({ mediaFilesCount: 1, lastBackupTime: theirs.completedAt })

    // The requests act on the seaside.
    const list = await admin.json<Array<{ id: string }>>('GET', '/api/backups')
    expect(list.body.map((backup) => backup.id)).toEqual([ours.id])
    const download = await admin.json<{ message: string }>('GET', `/api/backups/${theirs.id}/download`)
    expect(download.status).toBe(404)
    expect(download.body.message).toBe('There is no such backup: it may have been removed (the last 10 are kept).')
    expect((await admin.request('GET', `/api/backups/${ours.id}/download`)).status).toBe(200)
    const restore = await admin.json<{ message: string }>('POST', '/api/backup/restore', { body: { backupId: theirs.id } })
    expect(restore.status).toBe(409)
    expect(restore.body.message).toBe('This backup belongs to another property: nothing was restored.')
    // Nor is another property's backup run followed from here.
    const { run } = await startRun(pool, 'create', undefined, { scope: lodge })
    expect((await admin.json('GET', `/api/runs/${run.id}`)).status).toBe(404)
  })

  it('keeps the last 10 backups of each property', async () => {
    await photo(seaside)
    await photo(lodge)
    for (let i = 0; i < 2; i++) await createBackup({ pool, scope: seaside, kind: 'manual' })
    for (let i = 0; i < 12; i++) await createBackup({ pool, scope: lodge, kind: 'manual' })
    expect(await listBackups(pool, seaside)).toHaveLength(2)
    expect(await listBackups(pool, lodge)).toHaveLength(10)
  })
})

describe('schedules', () => {
  const queued = async () =>
    (
      await pool.query<{ kind: string; property: string }>(
        `SELECT input->>'kind' AS kind, input->>'propertyId' AS property FROM payload_jobs WHERE queue = $1 ORDER BY 1, 2`,
        [BACKUP_QUEUE],
      )
    ).rows

  it('queues the 30-minute backup of each property once, and one upload backup per property', async () => {
    expect(await enqueueAutoBackup(pool)).toBe(true)
    expect(await enqueueAutoBackup(pool)).toBe(false)
    const seasideUpload = await scheduleUploadBackup(pool, seaside, { debounceMs: 60_000 })
    expect(await scheduleUploadBackup(pool, seaside, { debounceMs: 60_000 })).toBe(seasideUpload)
    expect(await scheduleUploadBackup(pool, lodge, { debounceMs: 60_000 })).not.toBe(seasideUpload)
    const expected = [
      { kind: 'auto', property: seaside.id },
      { kind: 'auto', property: lodge.id },
      { kind: 'upload', property: seaside.id },
      { kind: 'upload', property: lodge.id },
    ]
    const jobs = await queued()
    expect(jobs).toHaveLength(4)
    expect(jobs).toEqual(expect.arrayContaining(expected))
  })
})
