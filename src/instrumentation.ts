// Runs once when Next's server starts, before the first request: the gallery's hooks on the
// process's HTTP requests (the peer's address, the compressed lists: server-requests.ts), then
// initialising Payload applies the committed migrations and seeds the sections; then the jobs
// worker and the backup scheduler start (unless JOBS_WORKER=off, for instances that should only
// serve). On SIGTERM or SIGINT the worker stops claiming jobs while Next closes its server; a job
// still running when the process exits is claimed again later, as after a crash.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const [{ getPayload }, { default: config }, gallery] = await Promise.all([
    import('payload'),
    import('@payload-config'),
    import('property-gallery'),
  ])
  gallery.hookServerRequests()
  const payload = await getPayload({ config, cron: true })
  if (process.env.JOBS_WORKER !== 'off') {
    const stop = await gallery.startGalleryWorker(payload)
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop())
  }
}
