// Every API route of the product (spec §7 and beyond), in one list, registered with Payload
// (payload.config.ts) and answered through its REST handler, behind Next's proxy.
import type { Endpoint } from 'payload'
import { analysisEndpoints } from './analysis'
import { authEndpoints } from './auth'
import { backupEndpoints } from './backup'
import { duplicatesEndpoints } from './duplicates'
import { healthEndpoints } from './health'
import { listingEndpoints } from './listing'
import { mediaFilesEndpoints } from './media-files'
import { metricsEndpoints } from './metrics'
import { objectsEndpoints } from './objects'
import { sectionsEndpoints } from './sections'
import { shareLinksEndpoints } from './share-links'
import { uploaderEndpoints } from './uploader'

export const apiEndpoints: Endpoint[] = [
  ...authEndpoints,
  ...sectionsEndpoints,
  ...analysisEndpoints,
  ...mediaFilesEndpoints,
  ...objectsEndpoints,
  ...uploaderEndpoints,
  ...metricsEndpoints,
  ...healthEndpoints,
  ...duplicatesEndpoints,
  ...backupEndpoints,
  ...shareLinksEndpoints,
  ...listingEndpoints,
]
