import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  // The gallery's pages use its stored renditions; Next's optimiser would keep serving a photo
  // from its own cache after it is hidden (the gallery's proxy also answers 404 for /_next/image).
  images: { unoptimized: true },
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === '1' },
  // The gallery's public pages are cached per key, and a key names the property's read-model
  // version: kept in memory only, so old versions' pages never pile up on disk.
  cacheMaxMemorySize: 256 * 1024 * 1024,
  // The gallery's proxy gives each cached page the ETag of its key; Next's would hash the whole
  // HTML at every request.
  generateEtags: false,
  experimental: { isrFlushToDisk: false },
  // Node-only packages the gallery loads by path (image work, analysis models): not bundled.
  serverExternalPackages: [
    'sharp',
    '@tensorflow/tfjs-core',
    '@tensorflow/tfjs-converter',
    '@tensorflow/tfjs-backend-wasm',
    '@vladmandic/human',
  ],
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
