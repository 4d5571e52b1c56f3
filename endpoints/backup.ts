// The Backup panel's calls (spec §7): GET /api/backup/status, POST /api/backup/create,
// POST /api/backup/restore; beyond the spec, the run a longer create or restore answers with,
// the list of kept backups and a download. Accounts that may back up (`backup`); restoring
// takes `restore`. Every call acts on the request's property: its status and backups (another
// property's backup answers 404 to a download, as an unknown one does), and a restore changes
// only it (another property's backup is refused: 409 to an account of that property too, else
// 404 as an unknown one).
// Create and restore are runs with a job on the backup queue (src/server/backup/runs.ts): the
// request starts the run (or joins the one of that kind already going) and waits for it (the
// runs' one bounded wait), answering the spec's payload when it is done, else the runs' one 202
// answer (src/server/runs/run-answer.ts, with the step it is at): GET /api/runs/{runId} follows
// it, and its result is then the spec's payload.
import type { PayloadRequest } from 'payload'
import { backupIdParamsSchema, createBackupSchema, restoreBackupSchema } from '../src/lib/schemas/backup'
import { BackupNotFound, BackupOfAnotherProperty, NO_SUCH_BACKUP } from '../src/server/backup/restore-backup'
import { RestoreRunning, startRun } from '../src/server/backup/runs'
import { backupStatus, findBackup, listBackups } from '../src/server/backup/status'
import { readObject } from '../src/server/storage/read-object'
import { poolOf } from '../src/server/db/pool'
import { endpoint, parseBody, parseParams, requireUser } from '../src/server/http/endpoint'
import { actorOf, may } from '../src/server/auth/access'
import { HttpError, notFound } from '../src/server/http/errors'
import { runAnswer } from '../src/server/runs/run-answer'
import { runWaitMs, waitForRun } from '../src/server/runs/wait-for-run'
import { requestScope } from '../src/server/properties/request-property'

async function startAndWait(req: PayloadRequest, operation: 'create' | 'restore', backupId?: string) {
  const user = requireUser(req)
  const pool = poolOf(req.payload)
  const { run } = await startRun(pool, operation, backupId, { scope: await requestScope(req), startedBy: String(user.id) }).catch((error: unknown) => {
    if (error instanceof BackupNotFound) throw notFound(error.message)
    // Another property's backup is named as such only to an account of that property too; to
    // anyone else it is no backup, as its download answers (its id tells them nothing).
    if (error instanceof BackupOfAnotherProperty && error.propertyId && !may(actorOf(req.user), 'restore', error.propertyId)) {
      throw notFound(NO_SUCH_BACKUP)
    }
    if (error instanceof RestoreRunning || error instanceof BackupOfAnotherProperty) throw new HttpError(409, error.message)
    throw error
  })
  const ended = (await waitForRun(pool, run.id, { signal: req.signal, waitMs: runWaitMs(req.payload) })) ?? run
  // A backup made answers 201 { backupFile }; a restore 200 { message, … } (spec §7).
  return runAnswer(ended, { status: operation === 'create' ? 201 : 200, progress: { operation, step: ended.step } })
}

export const backupEndpoints = [
  endpoint('get', '/backup/status', 'backup', async (req) => {
    return Response.json(await backupStatus(poolOf(req.payload), await requestScope(req)), { headers: { 'Cache-Control': 'no-store' } })
  }),

  endpoint('post', '/backup/create', 'backup', async (req) => {
    await parseBody(req, createBackupSchema)
    return startAndWait(req, 'create')
  }),

  endpoint('post', '/backup/restore', 'restore', async (req) => {
    const { backupId } = await parseBody(req, restoreBackupSchema)
    return startAndWait(req, 'restore', backupId)
  }),


  endpoint('get', '/backups', 'backup', async (req) => {
    return Response.json(await listBackups(poolOf(req.payload), await requestScope(req)), { headers: { 'Cache-Control': 'no-store' } })
  }),

  endpoint('get', '/backups/:id/download', 'backup', async (req) => {
    const { id } = parseParams(req, backupIdParamsSchema)
    const backup = await findBackup(poolOf(req.payload), await requestScope(req), id)
    const bytes = backup && (await readObject({ key: backup.object_key }))
    if (!backup || !bytes) throw notFound(NO_SUCH_BACKUP)
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
