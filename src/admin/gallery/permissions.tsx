// What the signed-in account may do on this screen, from GET /api/user's `permissions`: an
// action it may not take is absent from the screen, not only disabled (the server refuses it
// anyway). While the answer is on its way nothing that needs a permission is drawn.
'use client'
import { createContext, useContext, type ReactNode } from 'react'
import { useCurrentUser } from '@/lib/api/current-user'
import type { Action, Permissions } from '@/lib/roles'

const PermissionsContext = createContext<Partial<Permissions>>({})

export function PermissionsProvider({ children }: { children: ReactNode }) {
  const permissions = useCurrentUser().data?.permissions ?? {}
  return <PermissionsContext.Provider value={permissions}>{children}</PermissionsContext.Provider>
}

/** Whether the signed-in account may take the action (false until the server has said). */
export function useMay(action: Action): boolean {
  return useContext(PermissionsContext)[action] === true
}
