// Removing a property: POST /api/properties/{id}/remove with { confirm: "<its name>" }, for
// platform admins (`manage-properties`). It answers once the property is gone, naming the
// final backup taken of it first (src/server/properties/remove-property.ts): 400 when the
// confirmation is not its name, 404 when there is no such property, 409 for the default
// property or while a backup or restore keeps it waiting. Payload's own
// DELETE /api/properties/{id} is refused (collections/properties) and points here. Served as
// the `properties` collection's own endpoint (it comes before Payload's default ones).
import { propertyIdParamsSchema, removePropertySchema } from '../src/lib/schemas/properties'
import { LockBusy } from '../src/server/db/advisory-lock'
import { poolOf } from '../src/server/db/pool'
import { endpoint, parseBody, parseParams } from '../src/server/http/endpoint'
import { HttpError } from '../src/server/http/errors'
import { RemovalRefused, removeProperty } from '../src/server/properties/remove-property'

export const propertiesEndpoints = [
  endpoint('post', '/:id/remove', 'manage-properties', async (req) => {
    const { id } = parseParams(req, propertyIdParamsSchema)
    const { confirm } = await parseBody(req, removePropertySchema)
    const log = (message: string, error?: unknown) => req.payload.logger.error({ err: error, msg: message })
    const removal = await removeProperty({ pool: poolOf(req.payload), id, confirm, log }).catch((error: unknown) => {
      if (error instanceof RemovalRefused) throw new HttpError(error.status, error.message)
      if (error instanceof LockBusy) throw new HttpError(409, 'A backup or restore is running: try again when it has finished.')
      throw error
    })
    return Response.json(removal, { headers: { 'Cache-Control': 'no-store' } })
  }),
]
