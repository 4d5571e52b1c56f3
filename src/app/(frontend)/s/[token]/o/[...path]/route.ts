/* A share link's files (media-public/object-routes.ts). */
import config from '@payload-config'
import { shareLinkObjectsRoute } from 'property-gallery/site'

export const { GET } = shareLinkObjectsRoute(config)
