// Header of Media Gallery Pro (spec §1, §2): title, the name of the property the screen acts
// on, the platform-ready badge, the panel's description, a greeting with the username, Logout,
// settings, the Properties overview (platform admins), Public Gallery (the property's own),
// Open in New Window, the upload button with its modal (spec §2 "Upload button and modal") and
// the button that opens the Duplicate Detection dialog.
'use client'
import { Settings } from 'lucide-react'
import { memo, useState } from 'react'
import { UploadButton } from '@/admin/upload-button'
import { useLogout } from '@/lib/api/auth'
import { useNotify } from '@/components/notices'
import { ApiError } from '@/lib/api/client'
import { DuplicatesDialog } from './duplicates-dialog'
import { useMay } from './permissions'
import { useProperty } from './property-scope'
import styles from './gallery.module.css'
import { useTouchDevice } from './use-media-query'

const NEW_WINDOW_FEATURES = 'width=1200,height=800'
/** The property's own record: name, tagline, about, cover, booking link. */
const settingsUrl = (propertyId: string) => `/admin/collections/properties/${propertyId}`
/** Every property with its media count and last backup (platform admins). */
const OVERVIEW_URL = '/admin/properties-overview'

type Props = { username: string; onRegistered: () => void }

export const GalleryHeader = memo(function GalleryHeader({ username, onRegistered }: Props) {
  const notify = useNotify()
  const logout = useLogout()
  // A phone has no windows to open: the button is for desktops.
  const touch = useTouchDevice()
  const [duplicatesOpen, setDuplicatesOpen] = useState(false)
  const mayUpload = useMay('upload')
  const mayScan = useMay('scan')
  const mayEditSettings = useMay('edit-settings')
  const mayManageProperties = useMay('manage-properties')
  const { property, base } = useProperty()

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        notify({ title: 'Logged out', description: 'See you next time!' })
        window.location.assign('/login')
      },
      onError: (error) =>
        notify({
          title: 'Logout failed',
          description: error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message,
          variant: 'destructive',
        }),
    })

  return (
    // Not a <header>: Payload's admin page already has the banner landmark.
    <div className={styles.header}>
      <div>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>Media Gallery Pro</h1>
          {property && (
            <span className={styles.propertyName} title="The property this screen manages">
              {property.name}
            </span>
          )}
          <span className={styles.readyBadge}>Property Management Platform Ready</span>
        </div>
        <p className={styles.subtitle}>Manage your property&apos;s photo gallery</p>
      </div>
      <div className={styles.headerActions}>
        <span className={styles.greeting}>Welcome, {username}</span>
        {mayUpload && <UploadButton className={styles.button} onRegistered={onRegistered} />}
        {mayScan && (
          <>
            <button type="button" className={styles.button} onClick={() => setDuplicatesOpen(true)}>
              Find Duplicates
            </button>
            <DuplicatesDialog open={duplicatesOpen} onOpenChange={setDuplicatesOpen} />
          </>
        )}
        {mayEditSettings && property && (
          <a
            className={`${styles.button} ${styles.iconButton}`}
            href={settingsUrl(property.id)}
            aria-label="Settings"
            title="Property settings"
          >
            <Settings size={16} />
          </a>
        )}
        {mayManageProperties && (
          <a className={styles.button} href={OVERVIEW_URL}>
            All Properties
          </a>
        )}
        <button type="button" className={styles.button} onClick={() => window.open(`${base}/gallery`, '_blank', 'noopener')}>
          Public Gallery
        </button>
        {!touch && (
          <button
            type="button"
            className={styles.button}
            onClick={() => window.open(window.location.href, '_blank', NEW_WINDOW_FEATURES)}
          >
            Open in New Window
          </button>
        )}
        <button type="button" className={styles.button} onClick={signOut} disabled={logout.isPending}>
          Logout
        </button>
      </div>
    </div>
  )
})
