// The Backup panel's calls (spec §7): GET /api/backup/status, POST /api/backup/create,
// POST /api/backup/restore; beyond the spec, the list of kept backups and a download.
// Signed-in managers only. Create and restore run here (under the one-backup-at-a-time
// lock, waiting up to BACKUP_WAIT_MS for a backup already running); the scheduled and
// upload backups run as jobs.
import { createBackupSchema, backupIdParamsSchema, restoreBackupSchema } from '../src/lib/schemas/backup'
import { BackupFailed, createBackup } from '../src/server/backup/create-backup'
import { BackupRefused } from '../src/server/backup/format'
import { BackupNotFound, restoreBackup } from '../src/server/backup/restore-backup'
import { backupStatus, findBackup, listBackups } from '../src/server/backup/status'
import { appStore, getBytes } from '../src/server/backup/store'
import { LockBusy } from '../src/server/db/advisory-lock'
import { poolOf } from '../src/server/db/pool'
import { endpoint, parseBody, parseParams, requireUser } from '../src/server/http/endpoint'
import { HttpError, notFound } from '../src/server/http/errors'

/** The answer should come while the manager waits (ARCHITECTURE §4: about 25 s). */
const BACKUP_WAIT_MS = 25_000

const busy = () => new HttpError(409, 'Another backup or restore is running: try again in a moment.')

function backupError(error: unknown): never {
  if (error instanceof LockBusy) throw busy()
  if (error instanceof BackupNotFound) throw notFound(error.message)
  if (error instanceof BackupRefused) throw new HttpError(422, error.message)
  if (error instanceof BackupFailed) throw new HttpError(503, error.message)
  throw error
}

export const backupEndpoints = [
  endpoint('get', '/backup/status', async (req) => {
    requireUser(req)
    return Response.json(await backupStatus(poolOf(req.payload)), { headers: { 'Cache-Control': 'no-store' } })
  }),

  endpoint('post', '/backup/create', async (req) => {
    requireUser(req)
    await parseBody(req, createBackupSchema)
    const backup = await createBackup({
      pool: poolOf(req.payload),
      kind: 'manual',
      waitMs: BACKUP_WAIT_MS,
      log: (msg, err) => req.payload.logger.warn({ err, msg }),
    }).catch(backupError)
    return Response.json({ backupFile: backup.file }, { status: 201 })
  }),

  endpoint('post', '/backup/restore', async (req) => {
    requireUser(req)
    const { backupId } = await parseBody(req, restoreBackupSchema)
    const result = await restoreBackup({
      pool: poolOf(req.payload),
      backupId,
      waitMs: BACKUP_WAIT_MS,
      log: (msg, err) => req.payload.logger.warn({ err, msg }),
    }).catch(backupError)
    return Response.json({
      message: result.message,
      restoredFrom: result.restoredFrom,
      restorePoint: result.restorePoint.file,
      broughtBack: result.broughtBack,
      removed: result.removed,
    })
  }),

  endpoint('get', '/backups', async (req) => {
    requireUser(req)
    return Response.json(await listBackups(poolOf(req.payload)), { headers: { 'Cache-Control': 'no-store' } })
  }),

  endpoint('get', '/backups/:id/download', async (req) => {
    requireUser(req)
    const { id } = parseParams(req, backupIdParamsSchema)
    const backup = await findBackup(poolOf(req.payload), id)
    const bytes = backup && (await getBytes(appStore(), backup.object_key))
    if (!backup || !bytes) throw notFound('There is no such backup: it may have been removed (the last 10 are kept).')
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': 'application/gzip',
        'Content-Length': String(bytes.length),
        'Content-Disposition': `attachment; filename="${backup.file}"`,
        'Cache-Control': 'no-store',
      },
    })
  }),
]
