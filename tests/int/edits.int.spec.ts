// Non-destructive edits over REST: a manager saves an edit list, the record keeps answering its
// earlier renditions until the job has made the new ones from the untouched original (under keys
// of the new version), then every rendition, the public copy (without camera data), the size,
// the placeholder and the hashes are the edited image's, and the earlier objects are in trash/.
// Reverting makes the original's again. Two saves over one version: the second is 409 with the
// edits that are current. Bad input is a 400 naming its field; an editor 403; another property's
// photo 404; a video 400; a photo deleted while its job waits ends the job cleanly.
import fs from 'node:fs/promises'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { poolOf } from '../../src/server/db/pool'
import { RENDITIONS_QUEUE } from '../../src/server/media/avif-renditions'
import { EDIT_TASK, renderEdits } from '../../src/server/media/edit-renditions'
import { createBackup } from '../../src/server/backup/create-backup'
import { restoreBackup } from '../../src/server/backup/restore-backup'
import { defaultPropertyId, defaultPropertyScope } from '../../src/server/properties/default-property'
import { headObject } from '../../src/server/storage/head-object'
import { PASSWORD, Session, signedInAdmin } from '../helpers/api'
import { CAMERA_TAGS, makeCameraPhoto, makeMp4, makePhoto, tempDir } from '../helpers/media-fixtures'
import { fetchObject, mediaRecord, tagsOf } from '../helpers/objects'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'
import { applyEdits } from '../../src/server/media/apply-edits'

const STREET = new URL('../fixtures/analysis/exterior-street-b.jpg', import.meta.url).pathname

let payload: Payload
let manager: Session
let dir: string
let propertyId: string

const edits = (id: string) => `/api/media-files/${id}/edits`
const listed = async (id: string) => (await manager.json<MediaFile[]>('GET', '/api/media-files')).body.find((file) => file.id === id)!
const keysOf = (renditions: Array<{ key: string }> | null) => (renditions ?? []).map((rendition) => rendition.key)

async function readyPhoto(photo: Buffer, filename: string): Promise<string> {
  const created = await uploadFile(manager, photo, { filename, contentType: 'image/jpeg' })
  expect(created.status).toBe(201)
  await runJobs(payload)
  expect((await mediaRecord(payload, created.body.id)).status).toBe('ready')
  return created.body.id
}

async function signIn(username: string, role: string) {
  const made = await manager.json('POST', '/api/register', { body: { username, password: PASSWORD, role } })
  expect(made.status).toBe(201)
  const session = new Session()
  expect((await session.json('POST', '/api/login', { body: { username, password: PASSWORD } })).status).toBe(200)
  return session
}

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  manager = await signedInAdmin()
  propertyId = await defaultPropertyId(payload)
  dir = await tempDir()
})
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

describe('a photo turned on its side by its camera (1200 × 900 stored, shown 900 × 1200)', () => {
  let id: string
  let original: Record<string, any>
  /** Its /public-objects path before any edit (stored names begin with the upload's id). */
  let path: string

  beforeAll(async () => {
    id = await readyPhoto(await makeCameraPhoto({ width: 1200, height: 900 }), 'IMG_2001.jpg')
    await payload.jobs.run({ queue: RENDITIONS_QUEUE, limit: 10 })
    original = await mediaRecord(payload, id)
    path = `/public-objects/${original.filename}`
    expect(original.filename).toMatch(/^[0-9a-f]{12}-IMG_2001\.jpg$/)
  })

  it('has no edits yet', async () => {
    expect((await manager.json('GET', edits(id))).body).toEqual({ version: 0, operations: [] })
    const file = await listed(id)
    expect(file).toMatchObject({ width: 900, height: 1200, editVersion: 0, editStatus: 'original', objectPath: path })
  })

  it('is turned a quarter to the left: the earlier renditions answer until the job has made the new ones', async () => {
    const saved = await manager.json<MediaFile>('PUT', edits(id), { body: { baseVersion: 0, operations: [{ op: 'rotate', degrees: 270 }] } })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ id, width: 900, height: 1200, editVersion: 1, editStatus: 'applying', objectPath: path })
    expect((await fetchObject(payload, `${path}/w400.webp`)).response.status).toBe(200)
    const { rows } = await poolOf(payload).query('SELECT input FROM payload_jobs WHERE task_slug = $1', [EDIT_TASK])
    expect(rows.map((row) => row.input)).toEqual([{ propertyId, mediaId: id, version: 1 }])

    await runJobs(payload)
    const file = await listed(id)
    expect(file).toMatchObject({ width: 1200, height: 900, editVersion: 1, editStatus: 'edited', objectPath: `${path}/e1` })
    expect(file.variantWidths).toEqual([400, 800, 1200])
    // Its AVIF renditions are made again too, of the edited image, by the same job.
    expect(file.avifWidths).toEqual([400, 800, 1200])
    expect((await manager.json('GET', edits(id))).body).toEqual({ version: 1, operations: [{ op: 'rotate', degrees: 270 }] })
  })

  it('serves the edited image under the new version, the public copy without camera data', async () => {
    const record = await mediaRecord(payload, id)
    expect(keysOf(record.derivatives)).toEqual([`derived/${id}/e1/400.webp`, `derived/${id}/e1/800.webp`, `derived/${id}/e1/1200.webp`])
    expect(record.publicKey).toBe(`public/${id}/e1.jpg`)
    const rendition = await fetchObject(payload, `${path}/e1/w400.webp`)
    expect(rendition.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await sharp(rendition.bytes).metadata()).toMatchObject({ width: 400, height: 300 })
    const copy = await fetchObject(payload, `${path}/e1`)
    expect(await sharp(copy.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 900 })
    expect(await tagsOf(copy.bytes)).toEqual({})
    expect(copy.bytes.toString('latin1').includes(CAMERA_TAGS.serial)).toBe(false)
    // The original is untouched; its hash names it still. The picture's own hashes and placeholder are new.
    expect(record.storageKey).toBe(original.storageKey)
    expect(record.sha256).toBe(original.sha256)
    expect(record.perceptualHash).not.toBe(original.perceptualHash)
    expect(record.placeholder).not.toBe(original.placeholder)
    expect(record.originalWidth).toBe(900)
    expect(record.originalHeight).toBe(1200)
  })

  it("keeps a small upright copy of the original for the editor, the photo's own people's only", async () => {
    const preview = await fetchObject(payload, `${path}/e1/unedited.webp`, manager)
    expect(preview.response.status).toBe(200)
    expect(preview.response.headers.get('cache-control')).toBe('private, no-store')
    // The original as shown (900 × 1200), never enlarged to 1,024 px.
    expect(await sharp(preview.bytes).metadata()).toMatchObject({ format: 'webp', width: 900, height: 1200 })
    expect((await fetchObject(payload, `${path}/e1/unedited.webp`)).response.status).toBe(404)
  })

  it('moves the earlier renditions and public copy to trash/, where backups find them', async () => {
    for (const key of [...keysOf(original.derivatives), ...keysOf(original.avifRenditions), original.publicKey]) {
      expect(await headObject({ key }), key).toBeNull()
      expect(await headObject({ key: `trash/${key}` }), key).not.toBeNull()
    }
  })

  it('gets AVIF renditions of the edited image', async () => {
    expect(keysOf((await mediaRecord(payload, id)).avifRenditions)).toEqual([
      `derived/${id}/e1/400.avif`,
      `derived/${id}/e1/800.avif`,
      `derived/${id}/e1/1200.avif`,
    ])
    const avif = await fetchObject(payload, `${path}/e1/w800.avif`)
    expect(await sharp(avif.bytes).metadata()).toMatchObject({ compression: 'av1', width: 800, height: 600 })
  })

  it('is rendered once: a second run of the same version changes nothing, and one after a crash makes what is missing', async () => {
    const before = await mediaRecord(payload, id)
    expect(await renderEdits(payload, propertyId, id, 1)).toEqual({ state: 'rendered' })
    expect(keysOf((await mediaRecord(payload, id)).derivatives)).toEqual(keysOf(before.derivatives))
    // As a run killed after recording the WebP renditions, before the AVIF ones, leaves the row.
    await poolOf(payload).query('UPDATE media SET avif_renditions = NULL WHERE id = $1', [id])
    expect(await renderEdits(payload, propertyId, id, 1)).toEqual({ state: 'rendered' })
    expect(keysOf((await mediaRecord(payload, id)).avifRenditions)).toEqual(keysOf(before.avifRenditions))
  })

  it('crops the edited image: fractions of it after the rotation', async () => {
    const saved = await manager.json<MediaFile>('PUT', edits(id), {
      body: { baseVersion: 1, operations: [{ op: 'rotate', degrees: 270 }, { op: 'crop', x: 0.25, y: 0.25, width: 0.5, height: 0.5 }] },
    })
    expect(saved.status).toBe(200)
    await runJobs(payload)
    expect(await listed(id)).toMatchObject({ width: 600, height: 450, editVersion: 2, editStatus: 'edited', objectPath: `${path}/e2` })
    expect(await headObject({ key: `derived/${id}/e1/400.webp` })).toBeNull()
  })

  it('refuses a save over an earlier version (409 with the edits that are current), and changes nothing', async () => {
    const stale = await manager.json('PUT', edits(id), { body: { baseVersion: 1, operations: [] } })
    expect(stale.status).toBe(409)
    expect(stale.body).toEqual({
      message: 'Someone saved other edits of this photo meanwhile: review them and save again.',
      current: { version: 2, operations: [{ op: 'rotate', degrees: 270 }, { op: 'crop', x: 0.25, y: 0.25, width: 0.5, height: 0.5 }] },
    })
    expect(await listed(id)).toMatchObject({ width: 600, height: 450, editVersion: 2 })
  })

  it('of two saves at once over one version, takes one and answers the other 409', async () => {
    const save = (degrees: 90 | 180) => manager.json('PUT', edits(id), { body: { baseVersion: 2, operations: [{ op: 'rotate', degrees }] } })
    const answers = await Promise.all([save(90), save(180)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const current = (await manager.json('GET', edits(id))).body
    expect(current.version).toBe(3)
    expect(answers.find((answer) => answer.status === 409)!.body.current).toEqual(current)
  })

  it('reverts to the original: its own size and pixels again, under a new version', async () => {
    const reverted = await manager.json<MediaFile>('DELETE', edits(id))
    expect(reverted.status).toBe(200)
    expect(reverted.body).toMatchObject({ editVersion: 4, editStatus: 'applying' })
    await runJobs(payload)
    expect(await listed(id)).toMatchObject({ width: 900, height: 1200, editVersion: 4, editStatus: 'original', objectPath: `${path}/e4` })
    expect((await mediaRecord(payload, id)).perceptualHash).toBe(original.perceptualHash)
    expect((await manager.json('GET', edits(id))).body).toEqual({ version: 4, operations: [] })
  })
})

describe('backup and restore', () => {
  it("keep a photo's edits: restoring an older backup brings back that backup's edits and renditions", async () => {
    const id = await readyPhoto(await makePhoto({ width: 1000, height: 500, seed: 43 }), 'restored-edits.jpg')
    const put = (baseVersion: number, operations: unknown[]) => manager.json('PUT', edits(id), { body: { baseVersion, operations } })
    expect((await put(0, [{ op: 'rotate', degrees: 90 }])).status).toBe(200)
    await runJobs(payload)
    const pool = poolOf(payload)
    const scope = await defaultPropertyScope(payload)
    const backup = await createBackup({ pool, scope, kind: 'manual' })
    const turned = await mediaRecord(payload, id)
    expect(turned).toMatchObject({ width: 500, height: 1000, editVersion: 1, renderedEditVersion: 1 })

    // A later edit (a crop) replaces the turned photo's renditions, which go to trash/.
    expect((await put(1, [{ op: 'rotate', degrees: 90 }, { op: 'crop', x: 0, y: 0, width: 1, height: 0.5 }])).status).toBe(200)
    await runJobs(payload)
    expect(await mediaRecord(payload, id)).toMatchObject({ width: 500, height: 500, editVersion: 2 })
    expect(await headObject({ key: turned.derivatives[0].key })).toBeNull()

    await restoreBackup({ pool, scope, backupId: backup.id })
    expect((await manager.json('GET', edits(id))).body).toEqual({ version: 1, operations: [{ op: 'rotate', degrees: 90 }] })
    const file = await listed(id)
    expect(file).toMatchObject({ width: 500, height: 1000, editVersion: 1, editStatus: 'edited' })
    // The backup's renditions are back from trash/ and served.
    const rendition = await fetchObject(payload, `${file.objectPath}/w400.webp`)
    expect(rendition.response.status).toBe(200)
    expect(await sharp(rendition.bytes).metadata()).toMatchObject({ width: 400, height: 800 })
  })
})

describe('a tilted photo straightened as suggested', () => {
  let id: string

  beforeAll(async () => {
    // The labelled street at 1600 px, turned 6° clockwise and cropped to what it fills.
    const { data, info } = await sharp(STREET).resize(1600).raw().toBuffer({ resolveWithObject: true })
    const turned = await applyEdits({ data, info: { width: info.width, height: info.height, channels: 3 } }, [{ op: 'straighten', degrees: 6 }], 50_000_000)
    id = await readyPhoto(await sharp(turned.data, { raw: turned.info }).jpeg({ quality: 90 }).toBuffer(), 'tilted-street.jpg')
  })

  it("answers the edited photo's own suggestions: analysis's too are gone, and analysis runs again", async () => {
    const before = await listed(id)
    expect(before.qualityIssues).toContain('tilted')
    const straighten = before.suggestedEdits!.find((entry) => entry.issue === 'tilted')!.operation
    expect(straighten.op).toBe('straighten')
    // What analysis would have written of the photo as it was: a rotate to make it upright.
    await poolOf(payload).query(`UPDATE media SET suggested_edits = suggested_edits || $2::jsonb WHERE id = $1`, [
      id,
      JSON.stringify([{ issue: 'sideways', operation: { op: 'rotate', degrees: 180 } }]),
    ])
    expect((await listed(id)).qualityIssues).toContain('sideways')
    expect((await manager.json('PUT', edits(id), { body: { baseVersion: 0, operations: [straighten] } })).status).toBe(200)
    await runJobs(payload)
    const after = await listed(id)
    expect(after).toMatchObject({ editStatus: 'edited', qualityIssues: [], suggestedEdits: [] })
    const { rows } = await poolOf(payload).query(`SELECT input FROM payload_jobs WHERE task_slug = 'analyzeMedia' AND input->>'mediaId' = $1`, [id])
    expect(rows.map((row) => row.input)).toContainEqual({ mediaId: id, force: true })
  })
})

describe('bad input', () => {
  let id: string

  beforeAll(async () => {
    id = await readyPhoto(await makePhoto({ width: 1000, height: 600, seed: 41 }), 'bad-input.jpg')
  })

  const refusal = async (operations: unknown, baseVersion: unknown = 0) => {
    const answer = await manager.json('PUT', edits(id), { body: { baseVersion, operations } })
    return { status: answer.status, paths: (answer.body.issues ?? []).map((issue: { path: string }) => issue.path) }
  }

  it('is a 400 naming the field, and changes nothing', async () => {
    expect(await refusal([{ op: 'straighten', degrees: 16 }])).toEqual({ status: 400, paths: ['operations.0.degrees'] })
    expect(await refusal([{ op: 'rotate', degrees: 90 }, { op: 'blur', radius: 3 }])).toEqual({ status: 400, paths: ['operations.1.op'] })
    expect(await refusal([{ op: 'crop', x: 0.9, y: 0, width: 0.2, height: 1 }])).toEqual({ status: 400, paths: ['operations.0.width'] })
    // 5 % of 1000 px is 50 px: under the 64 px a crop keeps.
    expect(await refusal([{ op: 'crop', x: 0, y: 0, width: 0.05, height: 1 }])).toEqual({ status: 400, paths: ['operations.0.width'] })
    expect(await refusal(Array.from({ length: 21 }, () => ({ op: 'auto-enhance' })))).toEqual({ status: 400, paths: ['operations'] })
    expect(await refusal([], 'latest')).toEqual({ status: 400, paths: ['baseVersion'] })
    const text = await manager.json('PUT', edits(id), { rawBody: '{"baseVersion":0,"operations":[]}', headers: { 'Content-Type': 'text/plain' } })
    expect(text.status).toBe(415)
    expect(await listed(id)).toMatchObject({ editVersion: 0, editStatus: 'original', width: 1000, height: 600 })
  })

  it('is 401 for a visitor and 403 for a content editor, who may not change pixels', async () => {
    expect((await new Session().json('PUT', edits(id), { body: { baseVersion: 0, operations: [] } })).status).toBe(401)
    const editor = await signIn('edits-editor', 'content-editor')
    for (const [method, body] of [['GET'], ['PUT', { baseVersion: 0, operations: [{ op: 'rotate', degrees: 90 }] }], ['DELETE']] as const) {
      const answer = await editor.json(method, edits(id), body ? { body } : undefined)
      expect(answer.status, method).toBe(403)
      expect(answer.body.message).toBe('Your account may not edit photos (rotate, straighten, crop, exposure).')
    }
    expect((await manager.json('GET', edits(id))).body.version).toBe(0)
  })

  it("is 404 for another property's photo", async () => {
    await payload.create({ collection: 'properties', data: { name: 'Lodge', slug: 'lodge', timeZone: 'UTC' }, overrideAccess: true })
    const answer = await manager.json('PUT', `/p/lodge${edits(id)}`, { body: { baseVersion: 0, operations: [{ op: 'rotate', degrees: 90 }] } })
    expect(answer.status).toBe(404)
    expect(answer.body.message).toBe(`Media file ${id} was not found.`)
    expect((await manager.json('GET', `/p/lodge${edits(id)}`)).status).toBe(404)
    expect((await manager.json('GET', edits(id))).body.version).toBe(0)
  })

  it('is a 400 for a video', async () => {
    const video = await uploadFile(manager, await fs.readFile(await makeMp4(dir)), { filename: 'walkthrough.mp4', contentType: 'video/mp4' })
    const answer = await manager.json('PUT', edits(video.body.id), { body: { baseVersion: 0, operations: [{ op: 'rotate', degrees: 90 }] } })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('Only photos can be edited: a video keeps its own pixels.')
  })
})

describe('a photo deleted while its edit waits to be rendered', () => {
  it('ends the job cleanly and leaves nothing of the edit behind', async () => {
    const id = await readyPhoto(await makePhoto({ width: 800, height: 600, seed: 42 }), 'deleted-meanwhile.jpg')
    expect((await manager.json('PUT', edits(id), { body: { baseVersion: 0, operations: [{ op: 'flip', axis: 'horizontal' }] } })).status).toBe(200)
    expect((await manager.json('DELETE', `/api/media-files/${id}`)).status).toBe(200)
    await runJobs(payload)
    const { rows } = await poolOf(payload).query(`SELECT has_error FROM payload_jobs WHERE task_slug = $1 AND input->>'mediaId' = $2`, [EDIT_TASK, id])
    expect(rows.every((row) => !row.has_error)).toBe(true)
    expect(await renderEdits(payload, propertyId, id, 1)).toEqual({ state: 'gone' })
    expect(await headObject({ key: `derived/${id}/e1/400.webp` })).toBeNull()
  })
})
