/* Object delivery: photos, renditions, posters and videos (media-public/object-routes.ts). */
import config from '@payload-config'
import { publicObjectsRoute } from 'property-gallery/site'

export const { GET } = publicObjectsRoute(config)
