// 360° panoramas on the admin card (camera issue, item 3): the offer on a photo shaped like one
// ("Looks like a 360° photo", Confirm or Not 360°), and the toggle among the card's actions.
// Both send the manager's choice through the metadata call; re-processing never undoes it.
'use client'
import { Rotate3d } from 'lucide-react'
import { useNotify } from '@/components/notices'
import type { MediaFile } from '@/lib/api/types'
import { useSetProjection } from '@/lib/api/set-projection'
import { PANORAMA_SUGGESTION } from '@/lib/panorama'
import styles from './gallery.module.css'
import { useMay } from './permissions'

function useProjectionChange(file: MediaFile) {
  const notify = useNotify()
  const change = useSetProjection()
  const apply = async (projection: MediaFile['projection']) => {
    try {
      await change.mutateAsync({ id: file.id, projection })
      notify({ title: projection ? 'Marked as a 360° photo' : 'Marked as a flat photo' })
    } catch {
      notify({
        title: 'Update Failed',
        description: 'Failed to change the 360° setting. Please try again.',
        variant: 'destructive',
      })
    }
  }
  return { apply, pending: change.isPending }
}

/** The offer on a photo whose shape is a panorama's and whose file does not say so. */
export function PanoramaSuggestion({ file }: { file: MediaFile }) {
  const mayEdit = useMay('edit-metadata')
  const { apply, pending } = useProjectionChange(file)
  if (!file.panoramaSuggested || !mayEdit) return null
  return (
    <p className={styles.suggestion} data-testid="panorama-suggestion">
      <span className={styles.suggestionLabel}>{PANORAMA_SUGGESTION}</span>
      <button type="button" className={styles.button} disabled={pending} onClick={() => apply('equirectangular')}>
        Confirm
      </button>
      <button type="button" className={styles.button} disabled={pending} onClick={() => apply(null)}>
        Not 360°
      </button>
    </p>
  )
}

/** The card's toggle: pressed while the photo opens in the 360° viewer. */
export function PanoramaToggle({ file, iconSize }: { file: MediaFile; iconSize: number }) {
  const mayEdit = useMay('edit-metadata')
  const { apply, pending } = useProjectionChange(file)
  if (file.fileType !== 'image' || !mayEdit) return null
  const on = file.projection === 'equirectangular'
  return (
    <button
      type="button"
      className={`${styles.button} ${styles.iconButton}`}
      aria-pressed={on}
      aria-label={`360° photo: ${file.originalFilename}`}
      title={on ? '360° photo (click for a flat photo)' : 'Flat photo (click for a 360° photo)'}
      disabled={pending}
      onClick={() => apply(on ? null : 'equirectangular')}
    >
      <Rotate3d size={iconSize} />
    </button>
  )
}
