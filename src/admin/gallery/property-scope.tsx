// The property Media Gallery Pro acts on (docs/properties-design.md §3.3): the one chosen in the
// admin's property selector, else the one the bare paths act on (GET /api/user). Every API call
// of the screen goes to it (the client's base), and each property has a query cache of its own,
// so switching property starts the screen afresh and no answer of one shows under another.
'use client'
import { useTenantSelection } from '@payloadcms/plugin-multi-tenant/client'
import { createContext, useContext, type ReactNode } from 'react'
import { QueryProvider } from '@/components/query-provider'
import { setApiBase } from '@/lib/api/client'
import { useAccount } from '@/lib/api/current-user'
import { basePathFor, chooseProperty } from '@/lib/api/property-base'
import type { PropertyRef } from '@/lib/api/types'

type Scope = { property: PropertyRef | null; base: string }

const PropertyContext = createContext<Scope>({ property: null, base: '' })

export function PropertyScope({ children }: { children: ReactNode }) {
  const account = useAccount()
  const { selectedTenantID } = useTenantSelection()
  if (account.isPending) return null
  // Without the account's answer the screen acts where the bare paths do, as before properties.
  const property = account.data ? chooseProperty(account.data, selectedTenantID) : null
  const base = account.data && property ? basePathFor(property, account.data.property) : ''
  // Set while rendering, not in an effect: the screen's queries start in its own effects, which
  // run before this component's.
  setApiBase(base)
  return (
    <PropertyContext.Provider value={{ property, base }}>
      <QueryProvider key={property?.id ?? 'bare'}>{children}</QueryProvider>
    </PropertyContext.Provider>
  )
}

/** The property the screen acts on (null when the account could not be read) and its base path. */
export const useProperty = (): Scope => useContext(PropertyContext)
