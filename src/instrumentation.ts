// Runs once when the server starts: initialising Payload applies the committed
// migrations and seeds the sections before the first request, not during it; then the
// jobs worker and the backup scheduler start (unless JOBS_WORKER=off, for instances that should only serve).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const [{ getPayload }, { default: config }] = await Promise.all([import('payload'), import('@payload-config')])
  const payload = await getPayload({ config, cron: true })
  if (process.env.JOBS_WORKER !== 'off') {
    const { startGalleryWorker } = await import('property-gallery')
    await startGalleryWorker(payload)
  }
}
