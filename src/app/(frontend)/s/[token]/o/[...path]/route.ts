/* A share link's files (media-public/object-routes.ts). */
import config from '@payload-config'
import { shareLinkObjectsRoute } from '@media-public/object-routes'

export const { GET } = shareLinkObjectsRoute(config)
