// A preview of the photo or video at the top of Payload's media edit view, from the app's
// own object delivery (a signed-in manager also gets hidden media there).
'use client'
import { useFormFields } from '@payloadcms/ui'
import { objectUrl, posterUrl, renditionUrl } from '@/lib/media-urls'

export function MediaPreview() {
  const filename = useFormFields(([fields]) => fields.filename?.value as string | undefined)
  const fileType = useFormFields(([fields]) => fields.fileType?.value as string | undefined)
  const status = useFormFields(([fields]) => fields.status?.value as string | undefined)
  const derivatives = useFormFields(([fields]) => fields.derivatives?.value as Array<{ width: number }> | undefined)
  const posterKey = useFormFields(([fields]) => fields.posterKey?.value as string | undefined)
  // An edited photo's renditions are under its edit version's path.
  const editVersion = useFormFields(([fields]) => fields.renderedEditVersion?.value as number | undefined)
  if (!filename) return null
  if (status !== 'ready') return <p style={{ margin: '0 0 16px' }}>The preview appears once processing has finished.</p>

  const widths = (derivatives ?? []).map((d) => d.width).sort((a, b) => a - b)
  const width = widths.find((w) => w >= 800) ?? widths.at(-1)
  const style = { display: 'block', maxWidth: '100%', maxHeight: 420, borderRadius: 8, marginBottom: 16 }
  return fileType === 'video' ? (
    <video
      src={objectUrl(filename)}
      poster={posterKey ? posterUrl(filename) : undefined}
      controls
      preload="metadata"
      style={style}
    />
  ) : (
    // eslint-disable-next-line @next/next/no-img-element -- our own renditions
    <img
      src={width ? renditionUrl(objectUrl(filename, editVersion ?? 0), width) : objectUrl(filename, editVersion ?? 0)}
      alt={`Preview of ${filename}`}
      style={style}
    />
  )
}
