// /public-objects/... through Next (the Node server in front answers these itself; this
// route serves them when the app runs under a plain `next start`).
import config from '@payload-config'
import { getPayload } from 'payload'
import { deliverObject } from '@media-public/object-delivery'

type Context = { params: Promise<{ path: string[] }> }

export async function GET(request: Request, { params }: Context) {
  return deliverObject(await getPayload({ config }), request, (await params).path)
}

export const HEAD = GET
