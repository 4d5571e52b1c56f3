// Registration policy: the first account may be created by anyone (there is nobody
// to ask yet); after that only a signed-in administrator may add another.
import type { Access } from 'payload'

export const firstUserOrAuthenticated: Access = async ({ req }) => {
  if (req.user) return true
  const { totalDocs } = await req.payload.count({ collection: 'users', overrideAccess: true, req })
  return totalDocs === 0
}
