// The Properties overview (docs/properties-design.md §3.3): a Payload admin view at
// /admin/properties-overview, rendered on the server, listing every property with its public
// address, media count, last complete backup (in the property's time zone) and a link to its
// record. Platform admins only: anyone else signed in is sent back to /admin, a visitor to /login.
import { DefaultTemplate } from '@payloadcms/next/templates'
import { redirect } from 'next/navigation'
import type { AdminViewServerProps } from 'payload'
import { PropertiesTable } from '../../../src/admin/properties-overview/properties-table'
import { actorOf, may } from '../../../src/server/auth/access'
import { propertiesOverview } from '../../../src/server/properties/overview'

export async function PropertiesOverviewView({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { req, permissions, visibleEntities, locale } = initPageResult
  if (!req.user) redirect('/login?next=/admin/properties-overview')
  if (!may(actorOf(req.user), 'manage-properties')) redirect('/admin')
  const rows = await propertiesOverview(req.payload)
  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={locale}
      params={params}
      payload={req.payload}
      permissions={permissions}
      req={req}
      searchParams={searchParams}
      user={req.user}
      visibleEntities={visibleEntities}
    >
      <div style={{ padding: '0 var(--gutter-h)' }}>
        <h1>Properties</h1>
        <PropertiesTable rows={rows} />
      </div>
    </DefaultTemplate>
  )
}
