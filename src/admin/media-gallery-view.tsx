// The Media Gallery Pro screen as a Payload admin view: it replaces the dashboard at /admin
// and the media collection's list view. Checked on the server: without a signed-in user
// the visitor is sent to /login before anything renders. The screen acts on one property at a
// time (gallery/property-scope.tsx).
import { redirect } from 'next/navigation'
import { Providers } from '@/components/providers'
import { MediaGalleryScreen } from './gallery/media-gallery-screen'
import { PropertyScope } from './gallery/property-scope'

type Props = { user?: { username?: string | null; email?: string | null } | null; initPageResult?: { req?: { user?: unknown } } }

export function MediaGalleryView({ user, initPageResult }: Props) {
  if (!user || (initPageResult?.req && !initPageResult.req.user)) redirect('/login?next=/admin')
  return (
    <div style={{ padding: '0 var(--gutter-h)' }}>
      <Providers>
        <PropertyScope>
          <MediaGalleryScreen username={user.username ?? user.email ?? 'manager'} />
        </PropertyScope>
      </Providers>
    </div>
  )
}
