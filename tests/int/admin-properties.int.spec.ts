// The admin's properties (docs/properties-design.md §3.3, §5 step 12): GET /api/user answers the
// properties an account may act on (every one for a platform admin, its assigned ones for a
// manager), and the Properties overview's data counts each property's media and names its last
// complete backup. Backups do not record their property yet: each one is the default property's.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { poolOf } from '../../src/server/db/pool'
import { defaultPropertyId } from '../../src/server/properties/default-property'
import { propertiesOverview } from '../../src/server/properties/overview'
import { PASSWORD, Session, signedInAdmin } from '../helpers/api'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let platform: Session
let manager: Session
const ids = { home: '', lodge: '', annex: '' }

const sql = (text: string, params: unknown[] = []) => poolOf(payload).query(text, params)

async function backupRow(status: 'running' | 'complete' | 'failed', completedAt: string | null, property = ids.home) {
  await sql(
    `INSERT INTO backups (kind, status, file, object_key, temp_key, completed_at, property_id) VALUES ('manual', $1, 'f.zip', 'backups/f.zip', 'tmp/f.zip', $2, $3)`,
    [status, completedAt, property],
  )
}

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  await sql('TRUNCATE backups CASCADE')
  ids.home = await defaultPropertyId(payload)
  const lodge = await payload.create({ collection: 'properties', data: { name: 'Lakeside Lodge', slug: 'lodge', timeZone: 'Europe/Lisbon' } as never, overrideAccess: true })
  const annex = await payload.create({ collection: 'properties', data: { name: 'Annex', slug: 'annex' } as never, overrideAccess: true })
  ids.lodge = String(lodge.id)
  ids.annex = String(annex.id)
  platform = await signedInAdmin('owner')
  const added = await platform.json('POST', '/api/register', {
    body: { username: 'lodge-manager', password: PASSWORD, role: 'property-manager', properties: [ids.lodge] },
  })
  expect(added.status).toBe(201)
  manager = new Session()
  expect((await manager.json('POST', '/api/login', { body: { username: 'lodge-manager', password: PASSWORD } })).status).toBe(200)
}, 120_000)

describe('GET /api/user: the properties an account may act on', () => {
  it('answers every property, sorted by name, to a platform admin', async () => {
    const me = await platform.json('GET', '/api/user')
    expect(me.status).toBe(200)
    expect(me.body.property).toEqual({ id: ids.home, name: 'Property Gallery', slug: 'default' })
    expect(me.body.properties).toEqual([
      { id: ids.annex, name: 'Annex', slug: 'annex' },
      { id: ids.lodge, name: 'Lakeside Lodge', slug: 'lodge' },
      { id: ids.home, name: 'Property Gallery', slug: 'default' },
    ])
  })

  it('answers only its assigned property to a manager, beside the property the request acts on', async () => {
    const me = await manager.json('GET', '/api/user')
    expect(me.status).toBe(200)
    expect(me.body.properties).toEqual([{ id: ids.lodge, name: 'Lakeside Lodge', slug: 'lodge' }])
    // The bare paths act on the default property, where this manager may do nothing.
    expect(me.body.property).toEqual({ id: ids.home, name: 'Property Gallery', slug: 'default' })
    expect(me.body.permissions.upload).toBe(false)
    expect(me.body.permissions['view-hidden']).toBe(false)
  })
})

describe('the Properties overview', () => {
  it('lists every property by name with no media and no backup on a fresh start', async () => {
    expect(await propertiesOverview(payload)).toEqual([
      { id: ids.annex, name: 'Annex', slug: 'annex', isDefault: false, timeZone: 'UTC', mediaCount: 0, lastBackupAt: null },
      { id: ids.lodge, name: 'Lakeside Lodge', slug: 'lodge', isDefault: false, timeZone: 'Europe/Lisbon', mediaCount: 0, lastBackupAt: null },
      { id: ids.home, name: 'Property Gallery', slug: 'default', isDefault: true, timeZone: 'UTC', mediaCount: 0, lastBackupAt: null },
    ])
  })

  it("counts each property's media and takes the last complete backup, not a failed or running one", async () => {
    await createMedia(payload, { originalFilename: 'hall.jpg' })
    await createMedia(payload, { originalFilename: 'kitchen.jpg', section: 'downstairs' })
    await createMedia(payload, { originalFilename: 'loose.jpg', section: null })
    await createMedia(payload, { originalFilename: 'jetty.jpg', property: ids.lodge, section: null })
    await backupRow('complete', '2026-11-20T08:00:00Z')
    await backupRow('complete', '2026-11-24T21:15:00Z')
    await backupRow('failed', '2026-11-25T10:00:00Z')
    await backupRow('running', null)
    await backupRow('complete', '2026-11-22T09:30:00Z', ids.lodge)

    const rows = await propertiesOverview(payload)
    expect(rows.map(({ slug, mediaCount, lastBackupAt }) => ({ slug, mediaCount, lastBackupAt: lastBackupAt?.toISOString() ?? null }))).toEqual([
      { slug: 'annex', mediaCount: 0, lastBackupAt: null },
      { slug: 'lodge', mediaCount: 1, lastBackupAt: '2026-11-22T09:30:00.000Z' },
      { slug: 'default', mediaCount: 3, lastBackupAt: '2026-11-24T21:15:00.000Z' },
    ])
  })
})
