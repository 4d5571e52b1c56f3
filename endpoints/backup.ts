// The Backup panel's calls (spec §7): GET /api/backup/status, POST /api/backup/create,
// POST /api/backup/restore; beyond the spec, the run a longer create or restore answers with,
// the list of kept backups and a download. Accounts that may back up (`backup`); restoring
// takes `restore`. Every call acts on the request's property: its status and backups (another
// property's backup answers 404 to a download, as an unknown one does), and a restore changes
// only it (another property's backup is refused: 409 to an account of that property too, else
// 404 as an unknown one).
// Create and restore are runs with a job on the backup queue (src/server/backup/runs.ts): the
// request starts the run (or joins the one of that kind already going) and waits for it (the
// runs' one bounded wait), answering the spec's payload when it is done, else 202 with the
// runId: GET /api/runs/{runId} follows its progress, GET /api/backup/runs/{runId} answers what
// the POST would have (the spec's payload, or the failure's status) once it ends.
import type { PayloadRequest } from 'payload'
import { backupIdParamsSchema, backupRunParamsSchema, createBackupSchema, restoreBackupSchema } from '../src/lib/schemas/backup'
import { BackupNotFound, BackupOfAnotherProperty, NO_SUCH_BACKUP } from '../src/server/backup/restore-backup'
import { backupRunOf, type BackupRun, findRun, RestoreRunning, startRun } from '../src/server/backup/runs'
import { backupStatus, findBackup, listBackups } from '../src/server/backup/status'
import { readObject } from '../src/server/storage/read-object'
import { poolOf } from '../src/server/db/pool'
import { endpoint, parseBody, parseParams, requireUser } from '../src/server/http/endpoint'
import { requireMay } from '../src/server/auth/request-access'
import { actorOf, may } from '../src/server/auth/access'
import { HttpError, notFound } from '../src/server/http/errors'
import { runWaitMs, waitForRun } from '../src/server/runs/wait-for-run'
import { requestScope } from '../src/server/properties/request-property'

const runUrl = (runId: string) => `/api/backup/runs/${runId}`

/**
 * A finished run answers the spec's payload (create 201 { backupFile }, restore 200 { message,
 * … }) or its failure's status and reason; a run still going answers 202 with where to follow it.
 */
function runAnswer(run: BackupRun): Response {
  if (run.status === 'failed') throw new HttpError(run.errorStatus ?? 500, run.error ?? 'The backup run failed.')
  if (run.status === 'running') {
    return Response.json(
      { runId: run.runId, operation: run.operation, status: run.status, step: run.step, statusUrl: runUrl(run.runId) },
      { status: 202, headers: { Location: runUrl(run.runId), 'Cache-Control': 'no-store' } },
    )
  }
  return Response.json(run.result, { status: run.operation === 'create' ? 201 : 200 })
}

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
  const ended = await waitForRun(pool, run.runId, { signal: req.signal, waitMs: runWaitMs(req.payload) })
  return runAnswer((ended && backupRunOf(ended)) ?? run)
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

  // A create or restore that took longer than the request's wait: 202 while it runs, then
  // the same answer the POST would have given (the spec's payload, or the failure's status).
  endpoint('get', '/backup/runs/:runId', 'backup', async (req) => {
    const { runId } = parseParams(req, backupRunParamsSchema)
    const run = await findRun(poolOf(req.payload), runId, { checkAbandoned: true })
    // Another property's run is no run here.
    if (!run || run.propertyId !== (await requestScope(req)).id) throw notFound('There is no such backup run (finished runs are kept for a day).')
    if (run.operation === 'restore') requireMay(req, 'restore')
    return runAnswer(run)
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
