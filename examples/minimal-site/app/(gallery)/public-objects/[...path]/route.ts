/* The gallery's photos, renditions, posters and videos for visitors. */
import config from '@payload-config'
import { publicObjectsRoute } from 'property-gallery/rsc'

export const { GET } = publicObjectsRoute(config)
