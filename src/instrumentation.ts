// Runs once when the server starts: initialising Payload applies the committed
// migrations and seeds the sections before the first request, not during it; then the
// jobs worker and the backup scheduler start (unless JOBS_WORKER=off, for instances that should only serve).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const [{ getPayload }, { default: config }] = await Promise.all([import('payload'), import('@payload-config')])
  const payload = await getPayload({ config, cron: true })
  const { keepPoolErrorsQuiet } = await import('./server/db/pool')
  keepPoolErrorsQuiet(payload)
  if (process.env.JOBS_WORKER !== 'off') {
    const { startJobsWorker } = await import('./server/jobs/worker')
    startJobsWorker(payload)
    // node-cron runs where the worker runs, and only enqueues (the 30-minute backup).
    const [{ startBackupScheduler }, { poolOf }] = await Promise.all([
      import('./server/backup/schedule'),
      import('./server/db/pool'),
    ])
    startBackupScheduler(poolOf(payload), (msg, err) => payload.logger.warn({ err, msg }))
  }
}
