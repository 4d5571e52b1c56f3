// Registration policy: the first account may be created by anyone (there is nobody to ask
// yet); after that only a signed-in administrator may add another. Payload's create access,
// POST /api/register and GET /api/register's `registrationOpen` all ask this one function.
import type { PayloadRequest } from 'payload'

export async function registrationOpen(req: PayloadRequest): Promise<boolean> {
  if (req.user) return true
  const { totalDocs } = await req.payload.count({ collection: 'users', overrideAccess: true, req })
  return totalDocs === 0
}
