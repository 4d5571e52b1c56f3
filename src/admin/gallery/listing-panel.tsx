// The Listing readiness panel of Media Gallery Pro (listing-ready issue, item 3): one tab per
// channel (Airbnb, Vrbo, Booking.com, Google), each rule with its status and what to fix, a link
// that narrows the grid to the photos concerned, the cover with the crops the channel makes of
// it, and (for managers) the photos and cover chosen for the channel, from the grid's selection,
// and the channel's export pack.
'use client'
import { useState } from 'react'
import { useNotify } from '@/components/notices'
import { ApiError } from '@/lib/api/client'
import { useExportPack, useListingReadiness, useSaveChannelChoice, useSaveCoverCrop, type ReadinessAnswer } from '@/lib/api/listing'
import type { CoverCrop, Frame } from '@/lib/schemas/listing'
import { CropFrame } from './crop-frame'
import type { MediaFile } from '@/lib/api/types'
import type { RuleResult } from '@/lib/listing-readiness'
import { CHANNELS, LISTING_RULES, type Channel } from '@/lib/listing-rules'
import { renditionUrl } from '@/lib/media-urls'
import styles from './gallery.module.css'
import { useMay } from './permissions'

const STATUS_WORDS: Record<RuleResult['status'], string> = { pass: 'Pass', warn: 'Warning', fail: 'Fail' }
const STATUS_COLOURS: Record<RuleResult['status'], string> = { pass: '#15803d', warn: '#b45309', fail: '#b91c1c' }

type Props = {
  files: MediaFile[]
  /** Bumps when the media list changes: readiness is read again. */
  mediaVersion: unknown
  /** Narrows the grid to these photos, under this label. */
  onShowPhotos: (ids: string[], label: string) => void
  /** The photos selected in the grid (select mode): what a channel's choice is made of. */
  selectedIds: string[]
}

export function ListingPanel(props: Props) {
  const [open, setOpen] = useState(false)
  return (
    <section aria-label="Listing readiness" style={{ border: '1px solid #e5e7eb', borderRadius: 8, padding: 12, display: 'grid', gap: 8 }}>
      <button type="button" className={styles.button} aria-expanded={open} onClick={() => setOpen((now) => !now)} style={{ justifySelf: 'start' }}>
        Listing readiness
      </button>
      {open && <ListingTabs {...props} />}
    </section>
  )
}

function ListingTabs({ files, mediaVersion, onShowPhotos, selectedIds }: Props) {
  const [channel, setChannel] = useState<Channel>('airbnb')
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <div role="tablist" aria-label="Listing channel" className={styles.toolbar}>
        {CHANNELS.map((candidate) => (
          <button
            key={candidate}
            type="button"
            role="tab"
            id={`listing-tab-${candidate}`}
            aria-selected={candidate === channel}
            aria-controls="listing-tabpanel"
            className={styles.button}
            aria-pressed={candidate === channel}
            onClick={() => setChannel(candidate)}
          >
            {LISTING_RULES[candidate].name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="listing-tabpanel" aria-labelledby={`listing-tab-${channel}`}>
        <ChannelReadiness key={channel} channel={channel} files={files} mediaVersion={mediaVersion} onShowPhotos={onShowPhotos} selectedIds={selectedIds} />
      </div>
    </div>
  )
}

function ChannelReadiness({ channel, files, mediaVersion, onShowPhotos, selectedIds }: Props & { channel: Channel }) {
  const readiness = useListingReadiness(channel, mediaVersion)
  const mayExport = useMay('export')
  const pack = useExportPack()
  const notify = useNotify()
  const name = LISTING_RULES[channel].name
  if (readiness.isPending) return <p className={styles.hint}>Checking the photos against {name}’s rules…</p>
  if (readiness.isError) return <p role="alert" className={styles.hint}>Could not check the photos for {name}.</p>
  const { ready, rules, cover } = readiness.data
  const coverFile = cover ? files.find((file) => file.id === cover.mediaId) : undefined

  const download = () =>
    pack.mutate(channel, {
      onSuccess: (url) => {
        window.location.assign(url)
      },
      onError: (error) => notify({ title: 'Export Failed', description: error.message, variant: 'destructive' }),
    })

  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <p data-testid="listing-verdict" style={{ margin: 0, fontWeight: 600, color: ready ? STATUS_COLOURS.pass : STATUS_COLOURS.fail }}>
        {ready ? `Ready for ${name}` : `Not ready for ${name}`}
      </p>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }} aria-label={`${name} rules`}>
        {rules.map((rule) => (
          <li key={rule.id} data-rule={rule.id} data-status={rule.status} style={{ display: 'flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <span style={{ color: STATUS_COLOURS[rule.status], fontWeight: 600, minWidth: 64 }}>{STATUS_WORDS[rule.status]}</span>
            <span>{rule.message}</span>
            {rule.mediaIds.length > 0 && (
              <button type="button" className={styles.button} onClick={() => onShowPhotos(rule.mediaIds, rule.message)}>
                Show {rule.mediaIds.length === 1 ? 'the photo' : `the ${rule.mediaIds.length} photos`}
              </button>
            )}
          </li>
        ))}
      </ul>
      {/* The cover as the channel shows it is where a manager sees a cover to fix (sideways, badly
          cropped): its button narrows the grid to that photo, whose card has the photo's actions. */}
      {coverFile && cover && cover.crops.length > 0 && (
        <figure style={{ margin: 0, display: 'grid', gap: 4 }} data-testid="listing-cover">
          <figcaption className={styles.hint}>Cover photo as {name} crops it</figcaption>
          <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            {cover.crops.map((crop) => (
              // Started afresh from what the server answers (a saved frame, or the content-aware one again).
              <CoverCropView key={`${cover.mediaId}:${crop.name}:${crop.source}:${JSON.stringify(crop.frame)}`} channel={channel} file={coverFile} crop={crop} mayFrame={mayExport} />
            ))}
          </div>
          <button
            type="button"
            className={styles.button}
            style={{ justifySelf: 'start' }}
            onClick={() => onShowPhotos([coverFile.id], `${name} cover`)}
          >
            Show the cover photo
          </button>
        </figure>
      )}
      {mayExport && <ChannelChoice channel={channel} choice={readiness.data.choice} selectedIds={selectedIds} />}
      {mayExport && (
        <button type="button" className={`${styles.button} ${styles.primary}`} onClick={download} disabled={pack.isPending} style={{ justifySelf: 'start' }}>
          {pack.isPending ? 'Preparing the pack…' : `Download ${name} pack`}
        </button>
      )}
    </div>
  )
}

/** Which photos go to the channel and its cover: made from the grid's selection. */
function ChannelChoice({ channel, choice, selectedIds }: { channel: Channel; choice: ReadinessAnswer['choice']; selectedIds: string[] }) {
  const save = useSaveChannelChoice(channel)
  const notify = useNotify()
  const name = LISTING_RULES[channel].name
  const apply = (next: ReadinessAnswer['choice']) =>
    save.mutate(next, {
      onError: (error) =>
        notify({ title: 'Error', description: (error instanceof ApiError && error.serverMessage) || error.message, variant: 'destructive' }),
    })
  const count = selectedIds.length
  return (
    <div className={styles.toolbar} aria-label={`Photos for ${name}`} role="group">
      <span className={styles.hint} data-testid="channel-choice">
        {choice.mediaIds ? `${choice.mediaIds.length} chosen photo${choice.mediaIds.length === 1 ? ' goes' : 's go'} to ${name}` : `Every visible photo goes to ${name}`}
        {choice.coverId ? ', with a chosen cover' : ''}
      </span>
      <button
        type="button"
        className={styles.button}
        disabled={!count || save.isPending}
        onClick={() => apply({ mediaIds: selectedIds, coverId: choice.coverId && selectedIds.includes(choice.coverId) ? choice.coverId : null })}
        title={count ? undefined : 'Select photos in the grid first'}
      >
        Send only the {count || ''} selected
      </button>
      <button type="button" className={styles.button} disabled={count !== 1 || save.isPending} onClick={() => apply({ ...choice, coverId: selectedIds[0] })}>
        Make the selected photo the cover
      </button>
      {(choice.mediaIds || choice.coverId) && (
        <button type="button" className={styles.button} disabled={save.isPending} onClick={() => apply({ mediaIds: null, coverId: null })}>
          Send every visible photo
        </button>
      )}
    </div>
  )
}

/**
 * One crop the channel makes of the cover: what it keeps (the picture, cropped to the frame), and,
 * for managers, the whole picture with the frame to drag, saved when let go.
 */
function CoverCropView({ channel, file, crop, mayFrame }: { channel: Channel; file: MediaFile; crop: CoverCrop; mayFrame: boolean }) {
  const [frame, setFrame] = useState<Frame>(crop.frame)
  const save = useSaveCoverCrop(channel)
  const notify = useNotify()
  const size = { width: file.width ?? 1, height: file.height ?? 1 }
  const commit = (next: Frame | null) =>
    save.mutate(
      { mediaId: file.id, crops: { [crop.name]: next } },
      {
        onError: (error) =>
          notify({ title: 'Error', description: (error instanceof ApiError && error.serverMessage) || error.message, variant: 'destructive' }),
      },
    )
  const source = coverSource(file)
  return (
    <div style={{ display: 'grid', gap: 4 }} data-testid="cover-crop" data-crop={crop.name} data-source={crop.source}>
      <div style={{ width: 120 * Math.min(crop.ratio, 16 / 9), aspectRatio: String(crop.ratio), overflow: 'hidden', borderRadius: 4, position: 'relative' }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- our own renditions */}
        <img
          src={source}
          alt={`Cover, ${crop.name} crop`}
          style={{
            position: 'absolute',
            width: `${100 / frame.width}%`,
            height: `${100 / frame.height}%`,
            left: `${(-frame.x / frame.width) * 100}%`,
            top: `${(-frame.y / frame.height) * 100}%`,
            maxWidth: 'none',
          }}
        />
      </div>
      <span className={styles.hint}>
        {crop.label} ({crop.name}) · {crop.source === 'manager' ? 'framed by you' : 'framed by its content'}
      </span>
      {mayFrame && (
        <>
          <div style={{ position: 'relative', width: 200, aspectRatio: `${size.width} / ${size.height}`, overflow: 'hidden', borderRadius: 4 }}>
            {/* eslint-disable-next-line @next/next/no-img-element -- our own renditions */}
            <img src={source} alt="" style={{ width: '100%', height: '100%', display: 'block' }} />
            <CropFrame
              crop={frame}
              size={size}
              ratio={crop.ratio}
              label={`${crop.label} (${crop.name}) frame`}
              onChange={setFrame}
              onCommit={commit}
            />
          </div>
          {crop.source === 'manager' && (
            <button type="button" className={styles.button} style={{ justifySelf: 'start' }} disabled={save.isPending} onClick={() => commit(null)}>
              Use the content-aware frame
            </button>
          )}
        </>
      )}
    </div>
  )
}

const coverSource = (file: MediaFile) => {
  const width = [...file.variantWidths].sort((a, b) => a - b).find((candidate) => candidate >= 400) ?? file.variantWidths.at(-1)
  return width ? renditionUrl(file.objectPath, width) : file.objectPath
}
