/* The gallery's photos, renditions, posters and videos for visitors. */
import config from '@payload-config'
import { publicObjectsRoute } from 'property-gallery/site'

export const { GET } = publicObjectsRoute(config)
