// Creating and removing properties (docs/properties-design.md §3.4): a property a platform admin
// creates over REST starts with the five areas; a taken slug is a conflict; removal takes the
// typed name as confirmation, refuses the default property, takes a final backup, moves the
// property's objects to trash/ and deletes its rows, and leaves the default property's rows and
// objects as they were; the jobs still queued for it end without error and touch nothing. Payload's
// own delete is refused, and a property manager may do neither.
import crypto from 'node:crypto'
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeBackup } from '../../src/server/backup/format'
import { restoreBackup } from '../../src/server/backup/restore-backup'
import { poolOf } from '../../src/server/db/pool'
import { type PropertyScope } from '../../src/server/db/property-db'
import { defaultPropertyScope, propertyScopeById } from '../../src/server/properties/default-property'
import { headObject } from '../../src/server/storage/head-object'
import { putObject } from '../../src/server/storage/put-object'
import { readObject } from '../../src/server/storage/read-object'
import { createShareLink, findShareLink } from '../../src/server/share-links/share-links'
import { PASSWORD, Session, signedInAdmin } from '../helpers/api'
import { ANALYSIS_QUEUE, ANALYZE_TASK } from '../../src/server/analysis/analysis-task'
import { BACKUP_QUEUE, BACKUP_TASK } from '../../src/server/backup/schedule'
import { DUPLICATE_SCAN_TASK } from '../../src/server/duplicates/scan-task'
import { INGEST_TASK } from '../../src/server/media/ingest-task'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let pool: Pool
/** The first account: a platform admin. */
let platform: Session
let manager: Session
let home: PropertyScope

const AREAS = [
  { key: 'main_level', name: 'Main Level', position: 1 },
  { key: 'upstairs', name: 'Upstairs', position: 2 },
  { key: 'downstairs', name: 'Downstairs', position: 3 },
  { key: 'backyard', name: 'Backyard', position: 4 },
  { key: 'outdoors', name: 'Outdoors', position: 5 },
]

beforeAll(async () => {
  payload = await testPayload()
  pool = poolOf(payload)
  await resetDatabase(payload)
  await pool.query('DELETE FROM backups')
  platform = await signedInAdmin()
  home = await defaultPropertyScope(payload)
  const made = await platform.json('POST', '/api/users', { body: { username: 'lodge-manager', password: PASSWORD, role: 'property-manager' } })
  expect(made.status).toBe(201)
  manager = new Session()
  expect((await manager.json('POST', '/api/login', { body: { username: 'lodge-manager', password: PASSWORD } })).status).toBe(200)
}, 120_000)

afterAll(async () => {
  await pool.query('DELETE FROM media WHERE property_id <> $1', [home.id])
  await pool.query('DELETE FROM gallery_sections WHERE property_id <> $1', [home.id])
  await pool.query('DELETE FROM properties WHERE id <> $1', [home.id])
})

const areasOf = async (propertyId: string) =>
  (
    await pool.query('SELECT key, name, position::int AS position FROM gallery_sections WHERE property_id = $1 ORDER BY position', [propertyId])
  ).rows

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')

async function createProperty(name: string, slug: string): Promise<string> {
  const created = await platform.json('POST', '/api/properties', { body: { name, slug } })
  expect(created.status).toBe(201)
  return String(created.body.doc.id)
}

/** A photo of the property with its original, a rendition and a poster in the store. */
async function photo(propertyId: string): Promise<{ id: string; keys: string[] }> {
  const id = crypto.randomUUID()
  const keys = [`originals/${id}/photo.jpg`, `derived/${id}/400.webp`, `posters/${id}.jpg`]
  for (const key of keys) await putObject({ key, body: crypto.randomBytes(800), contentType: 'application/octet-stream' })
  const placement = propertyId === home.id ? {} : { property: propertyId, section: null }
  const doc = await createMedia(payload, {
    storageKey: keys[0],
    derivatives: [{ width: 400, key: keys[1] }],
    posterKey: keys[2],
    tags: ['deck'],
    ...placement,
  })
  return { id: String(doc.id), keys }
}

/** Every row of the default property and the bytes of its objects. */
async function fingerprint(keys: string[]) {
  const rows = async (text: string) => (await pool.query(text, [home.id])).rows.map((row) => row.row)
  const objects: Record<string, string | null> = {}
  for (const key of [...keys].sort()) {
    const bytes = await readObject({ key })
    objects[key] = bytes ? sha(bytes) : null
  }
  return {
    property: await rows('SELECT to_jsonb(p) AS row FROM properties p WHERE id = $1'),
    sections: await rows('SELECT to_jsonb(s) AS row FROM gallery_sections s WHERE property_id = $1 ORDER BY id'),
    media: await rows('SELECT to_jsonb(m) AS row FROM media m WHERE property_id = $1 ORDER BY id'),
    texts: await rows('SELECT to_jsonb(t) AS row FROM media_texts t JOIN media m ON m.id = t.parent_id WHERE m.property_id = $1 ORDER BY t.id'),
    groups: await rows('SELECT to_jsonb(g) AS row FROM duplicate_groups g WHERE property_id = $1 ORDER BY id'),
    runs: await rows('SELECT to_jsonb(r) AS row FROM runs r WHERE property_id = $1 ORDER BY id'),
    assignments: await rows('SELECT to_jsonb(a) AS row FROM users_properties a WHERE property_id = $1 ORDER BY id'),
    samples: await rows('SELECT to_jsonb(l) AS row FROM gallery_load_samples l WHERE property_id = $1 ORDER BY id'),
    backups: await rows('SELECT to_jsonb(b) AS row FROM backups b WHERE property_id = $1 ORDER BY id'),
    objects,
  }
}

describe('removing the default property', () => {
  it('is refused while it is the only one, and a wrong confirmation is refused first', async () => {
    const wrong = await platform.json('POST', `/api/properties/${home.id}/remove`, { body: { confirm: 'Something else' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe("Type the property's name to confirm its removal.")
    const missing = await platform.json('POST', `/api/properties/${home.id}/remove`, { body: {} })
    expect(missing.status).toBe(400)

    const only = await platform.json('POST', `/api/properties/${home.id}/remove`, { body: { confirm: 'Property Gallery' } })
    expect(only.status).toBe(409)
    expect(only.body.message).toBe('Property Gallery is the only property: an installation keeps at least one.')
    expect((await pool.query('SELECT count(*)::int AS n FROM properties')).rows[0].n).toBe(1)
    expect((await pool.query('SELECT count(*)::int AS n FROM backups')).rows[0].n).toBe(0)
  })
})

describe('creating a property', () => {
  it('gives it the five areas in the same save and leaves the default property’s as they were', async () => {
    const before = (await pool.query('SELECT to_jsonb(s) AS row FROM gallery_sections s WHERE property_id = $1 ORDER BY id', [home.id])).rows
    const lodge = await createProperty('Lodge', 'lodge')
    expect(await areasOf(lodge)).toEqual(AREAS)
    expect(await areasOf(home.id)).toEqual(AREAS)
    expect((await pool.query('SELECT to_jsonb(s) AS row FROM gallery_sections s WHERE property_id = $1 ORDER BY id', [home.id])).rows).toEqual(before)
  })

  it('answers 409 for a slug another property has, also when two saves claim it at once', async () => {
    const taken = await platform.json('POST', '/api/properties', { body: { name: 'Second lodge', slug: 'lodge' } })
    expect(taken.status).toBe(409)
    expect(taken.body.errors?.[0]?.message ?? taken.body.message).toBe('Another property already uses the address /p/lodge.')

    const both = await Promise.all(
      ['Pines A', 'Pines B'].map((name) => platform.json('POST', '/api/properties', { body: { name, slug: 'pines' } })),
    )
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect((await pool.query(`SELECT count(*)::int AS n FROM properties WHERE slug = 'pines'`)).rows[0].n).toBe(1)
    const pines = (await pool.query(`SELECT id::text AS id FROM properties WHERE slug = 'pines'`)).rows[0].id
    expect(await areasOf(pines)).toEqual(AREAS)
  })

  it('is refused to a property manager (403), and no property is made', async () => {
    const refused = await manager.json('POST', '/api/properties', { body: { name: 'Mine', slug: 'mine' } })
    expect(refused.status).toBe(403)
    expect((await pool.query(`SELECT count(*)::int AS n FROM properties WHERE slug = 'mine'`)).rows[0].n).toBe(0)
  })
})

describe('removing a property', () => {
  it("refuses Payload's own delete, pointing at the removal", async () => {
    const cabin = await createProperty('Cabin by the lake', 'cabin-delete')
    const refused = await platform.json('DELETE', `/api/properties/${cabin}`)
    expect(refused.status).toBe(403)
    expect(refused.body.errors?.[0]?.message ?? refused.body.message).toBe(
      `A property is removed with POST /api/properties/${cabin}/remove and { "confirm": "<its name>" }, which takes a final backup of it first.`,
    )
    expect((await pool.query('SELECT count(*)::int AS n FROM properties WHERE id = $1', [cabin])).rows[0].n).toBe(1)
  })

  it('is refused to a property manager (403)', async () => {
    const cabin = (await pool.query(`SELECT id::text AS id FROM properties WHERE slug = 'cabin-delete'`)).rows[0].id
    const refused = await manager.json('POST', `/api/properties/${cabin}/remove`, { body: { confirm: 'Cabin by the lake' } })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Your account may not manage properties.')
    expect((await pool.query('SELECT count(*)::int AS n FROM properties WHERE id = $1', [cabin])).rows[0].n).toBe(1)
  })

  it('refuses the default property while others exist', async () => {
    const refused = await platform.json('POST', `/api/properties/${home.id}/remove`, { body: { confirm: 'Property Gallery' } })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      'Property Gallery is the default property (the bare addresses and unknown hosts answer for it): it cannot be removed.',
    )
  })

  it("takes a final backup, moves its objects to trash/, deletes its rows and leaves the default property's as they were", async () => {
    const homePhotos = [await photo(home.id), await photo(home.id)]
    const homeKeys = homePhotos.flatMap((one) => one.keys)
    const { rows: homeGroup } = await pool.query(`INSERT INTO duplicate_groups (property_id, confidence, reason) VALUES ($1, 90, 'same') RETURNING id`, [home.id])
    for (const [position, one] of homePhotos.entries()) {
      await pool.query('INSERT INTO duplicate_group_members (group_id, media_id, position) VALUES ($1, $2, $3)', [homeGroup[0].id, one.id, position])
    }

    const bay = await createProperty('Bay House', 'bay-house')
    const bayPhotos = [await photo(bay), await photo(bay), await photo(bay)]
    const bayKeys = bayPhotos.flatMap((one) => one.keys)
    const { rows: bayGroup } = await pool.query(`INSERT INTO duplicate_groups (property_id, confidence, reason) VALUES ($1, 90, 'same') RETURNING id`, [bay])
    await pool.query('INSERT INTO duplicate_group_members (group_id, media_id, position) VALUES ($1, $2, 0)', [bayGroup[0].id, bayPhotos[0].id])
    const managerId = (await pool.query(`SELECT id FROM users WHERE username = 'lodge-manager'`)).rows[0].id
    await payload.update({ collection: 'users', id: managerId, data: { properties: [{ property: bay }, { property: home.id }] } as never, overrideAccess: true })
    await pool.query('INSERT INTO gallery_load_samples (property_id, duration_ms) VALUES ($1, 1500), ($2, 900)', [bay, home.id])
    // A live share link and the sites that may frame its embed view.
    const bayLink = await createShareLink(payload, (await propertyScopeById(payload, bay))!, {
      input: { mediaIds: [bayPhotos[0].id] },
      expiresAt: new Date(Date.now() + 86_400_000),
      createdBy: null,
    })
    await payload.update({ collection: 'properties', id: bay, data: { embedOrigins: [{ origin: 'https://bay.example' }] } as never, overrideAccess: true })

    const before = await fingerprint(homeKeys)
    const removed = await platform.json('POST', `/api/properties/${bay}/remove`, { body: { confirm: 'Bay House' } })
    expect(removed.status).toBe(200)
    expect(removed.body).toMatchObject({
      property: { id: bay, name: 'Bay House', slug: 'bay-house' },
      objects: 9,
      objectsNotYetMoved: 0,
    })

    // The final backup: kept, naming the removed property's slug, holding its photos and objects.
    const { rows: backups } = await pool.query(
      `SELECT id::text AS id, kind, status, property_id, property_slug, media_count, object_key, sha256 FROM backups WHERE kind = 'final'`,
    )
    expect(backups.map(({ kind, status, property_id, property_slug, media_count }) => ({ kind, status, property_id, property_slug, media_count }))).toEqual([
      { kind: 'final', status: 'complete', property_id: null, property_slug: 'bay-house', media_count: 3 },
    ])
    expect(removed.body.finalBackup.id).toBe(backups[0].id)
    const document = await decodeBackup((await readObject({ key: backups[0].object_key }))!, backups[0].sha256)
    expect(document.tables.find((table) => table.name === 'media')?.rows.map((row) => row.id).sort()).toEqual(bayPhotos.map((one) => one.id).sort())
    expect(document.manifest.map((entry) => entry.key).sort()).toEqual([...bayKeys].sort())

    // Its objects are under trash/ only; its rows are gone.
    for (const key of bayKeys) {
      expect(await headObject({ key })).toBeNull()
      expect(await headObject({ key: `trash/${key}` })).not.toBeNull()
    }
    const count = async (text: string) => (await pool.query(text, [bay])).rows[0].n
    expect(await count('SELECT count(*)::int AS n FROM properties WHERE id = $1')).toBe(0)
    expect(await count('SELECT count(*)::int AS n FROM media WHERE property_id = $1')).toBe(0)
    expect(await count('SELECT count(*)::int AS n FROM gallery_sections WHERE property_id = $1')).toBe(0)
    expect(await count('SELECT count(*)::int AS n FROM duplicate_groups WHERE property_id = $1')).toBe(0)
    expect(await count('SELECT count(*)::int AS n FROM users_properties WHERE property_id = $1')).toBe(0)
    expect(await count('SELECT count(*)::int AS n FROM runs WHERE property_id = $1')).toBe(0)
    expect(await count('SELECT count(*)::int AS n FROM backup_object_index WHERE property_id = $1')).toBe(0)
    expect(await count('SELECT count(*)::int AS n FROM gallery_load_samples WHERE property_id = $1')).toBe(0)
    expect((await pool.query('SELECT count(*)::int AS n FROM backup_restore_tidy')).rows[0].n).toBe(0)

    // Nothing of the default property changed, its objects included.
    expect(await fingerprint(homeKeys)).toEqual(before)

    // Asked again: the property is gone.
    const again = await platform.json('POST', `/api/properties/${bay}/remove`, { body: { confirm: 'Bay House' } })
    expect(again.status).toBe(404)

    // The final backup restores by its id into a property made afterwards: photos and objects come back.
    const reborn = await createProperty('Bay House again', 'bay-house-again')
    const scope = (await propertyScopeById(payload, reborn))!
    await restoreBackup({ pool, scope, backupId: backups[0].id })
    expect((await pool.query('SELECT id::text AS id FROM media WHERE property_id = $1 ORDER BY id', [reborn])).rows.map((row) => row.id)).toEqual(
      bayPhotos.map((one) => one.id).sort(),
    )
    for (const key of bayKeys) expect(await headObject({ key })).not.toBeNull()
    expect(await fingerprint(homeKeys)).toEqual(before)
    // Its share link comes back revoked and under a new token: the old one names nothing.
    const { rows: links } = await pool.query('SELECT id::text AS id, token, revoked_at FROM share_links WHERE property_id = $1', [reborn])
    expect(links).toEqual([{ id: bayLink.id, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), revoked_at: expect.any(Date) }])
    expect(links[0].token).not.toBe(bayLink.token)
    expect((await findShareLink(payload, scope, bayLink.token)).state).toBe('missing')
    expect((await findShareLink(payload, scope, links[0].token)).state).toBe('revoked')
    const rebornDoc = await payload.findByID({ collection: 'properties', id: reborn, overrideAccess: true })
    expect((rebornDoc as { embedOrigins?: Array<{ origin: string }> }).embedOrigins?.map((row) => row.origin)).toEqual(['https://bay.example'])
  }, 60_000)

  it("ends the jobs queued for it without error, and they change nothing of the default property's", async () => {
    const cove = await createProperty('Cove Cabin', 'cove-cabin')
    const pending = await photo(cove)
    await pool.query(`UPDATE media SET status = 'pending' WHERE id = $1`, [pending.id])
    const { rows: scan } = await pool.query(
      `INSERT INTO runs (property_id, kind, status, done, total) VALUES ($1, 'duplicates', 'running', 0, 0) RETURNING id::text AS id`,
      [cove],
    )
    const queued = [
      await payload.jobs.queue({ task: INGEST_TASK, input: { mediaId: pending.id } as never }),
      await payload.jobs.queue({ task: ANALYZE_TASK, queue: ANALYSIS_QUEUE, input: { mediaId: pending.id, force: true } as never }),
      await payload.jobs.queue({ task: DUPLICATE_SCAN_TASK, input: { runId: scan[0].id } as never }),
      await payload.jobs.queue({ task: BACKUP_TASK, queue: BACKUP_QUEUE, input: { kind: 'manual', propertyId: cove } as never }),
    ].map((job) => String(job.id))
    const homeKeys = (await pool.query(`SELECT storage_key FROM media WHERE property_id = $1`, [home.id])).rows.map((row) => row.storage_key)
    const before = await fingerprint(homeKeys)

    expect((await platform.json('POST', `/api/properties/${cove}/remove`, { body: { confirm: 'Cove Cabin' } })).status).toBe(200)
    for (const queue of [undefined, ANALYSIS_QUEUE, BACKUP_QUEUE]) {
      for (let round = 0; round < 5; round++) if ((await payload.jobs.run({ queue, limit: 10 })).noJobsRemaining) break
    }
    // Payload deletes a job once it completes; one that failed or waits to be tried again stays.
    const { rows: left } = await pool.query(`SELECT task_slug, has_error, error FROM payload_jobs WHERE id::text = ANY($1)`, [queued])
    expect(left).toEqual([])
    expect((await pool.query(`SELECT count(*)::int AS n FROM backups WHERE kind <> 'final' AND property_slug = 'cove-cabin'`)).rows[0].n).toBe(0)
    expect(await fingerprint(homeKeys)).toEqual(before)
  }, 60_000)
})
