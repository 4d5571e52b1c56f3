/* A share link's files. */
import config from '@payload-config'
import { shareLinkObjectsRoute } from 'property-gallery/site'

export const { GET } = shareLinkObjectsRoute(config)
