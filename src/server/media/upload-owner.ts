// Who an upload key is issued to (../storage/keys.ts): the signed-in account and the property the
// request acts in. Every upload call issues or checks a key against it.
import type { PayloadRequest } from 'payload'
import { requireUser } from '../http/endpoint'
import { requestScope } from '../properties/request-property'
import type { UploadOwner } from '../storage/keys'

export async function uploadOwner(req: PayloadRequest): Promise<UploadOwner> {
  const user = requireUser(req)
  return { account: String(user.id), property: (await requestScope(req)).id }
}
