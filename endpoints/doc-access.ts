// POST /api/{collection}/access/{id}: the permissions the admin panel asks for while it shows one
// record. Payload's own handler reads the record whatever the caller may see, so it answered 200
// for every record that exists and 404 for one that does not: anyone could tell that another
// property's record (or a hidden photo) exists by its id. This endpoint stands before Payload's
// on our collections (payload.config.ts): a record the caller may not read is not found, as in
// GET /api/{collection}/{id}; otherwise the answer is Payload's.
import { addDataAndFileToRequest, docAccessOperation, Forbidden, type CollectionSlug } from 'payload'
import { endpoint } from '../src/server/http/endpoint'
import { notFound } from '../src/server/http/errors'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const NO_SUCH_RECORD = 'There is no such record.'

export const docAccessEndpoint = endpoint('post', '/access/:id?', 'public', async (req) => {
  const slug = String(req.routeParams?.collection) as CollectionSlug
  const id = req.routeParams?.id === undefined ? undefined : String(req.routeParams.id)
  if (id !== undefined) {
    // Not a record id at all: nothing to look for (PostgreSQL would refuse the comparison).
    if (!UUID.test(id)) throw notFound(NO_SUCH_RECORD)
    // A caller who may read none of the collection is refused by the count: that record is not found either.
    const readable = await req.payload
      .count({ collection: slug, where: { id: { equals: id } }, overrideAccess: false, req })
      .then(({ totalDocs }) => totalDocs > 0)
      .catch((error: unknown) => {
        if (error instanceof Forbidden) return false
        throw error
      })
    if (!readable) throw notFound(NO_SUCH_RECORD)
  }
  if (req.data === undefined) await addDataAndFileToRequest(req)
  return Response.json(await docAccessOperation({ id, collection: req.payload.collections[slug], data: req.data, req }))
})
