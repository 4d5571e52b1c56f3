// The first account of an installation is its platform admin, whatever role it asked for:
// there is nobody yet to give anyone a role (registration while no account exists).
import type { CollectionBeforeChangeHook } from 'payload'

export const firstAccountPlatformAdmin: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create') return data
  const { totalDocs } = await req.payload.count({ collection: 'users', overrideAccess: true, req })
  return totalDocs === 0 ? { ...data, role: 'platform-admin' } : data
}
