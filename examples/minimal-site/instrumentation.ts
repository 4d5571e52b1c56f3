// Runs once when the server starts: the gallery's hooks on the process's HTTP requests (the
// peer's address for the rate limits, the JSON lists sent compressed), then initialising Payload
// applies the migrations (the gallery's, then the site's) before the first request; then the
// gallery's jobs worker and backup schedule start.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const [{ getPayload }, { default: config }, { hookServerRequests, startGalleryWorker }] = await Promise.all([
    import('payload'),
    import('@payload-config'),
    import('property-gallery'),
  ])
  hookServerRequests()
  const payload = await getPayload({ config })
  await startGalleryWorker(payload)
}
