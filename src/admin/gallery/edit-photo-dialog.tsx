// The photo editor (issue "Fix a photo without leaving the gallery"): turn, flip, straighten with
// a grid, crop to a free or fixed frame (each listing channel's cover crops by name), exposure,
// contrast and auto-enhance, previewed live on a small copy of the untouched original in the
// browser; Save sends the edit list, the server makes every rendition again from the original
// (src/server/media/edit-renditions.ts). Revert to original undoes every edit. R turns the photo
// clockwise; Escape cancels. Managers only (the `edit-photo` action).
//
// The preview draws the turn, flips and straighten on a canvas (as sharp does them on the server,
// in the same order); the crop is a frame over it, and tone is a CSS filter: exposure and contrast
// are the same linear maps on encoded values as the server's (src/lib/edits.ts), auto-enhance an
// approximation of sharp's normalise from the preview's own luminance.
'use client'
import * as Dialog from '@radix-ui/react-dialog'
import { FlipHorizontal2, FlipVertical2, RotateCcw, RotateCw } from 'lucide-react'
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useNotify } from '@/components/notices'
import { ApiError } from '@/lib/api/client'
import { usePhotoEdits, useRevertPhotoEdits, useSavePhotoEdits } from '@/lib/api/photo-edits'
import type { MediaFile } from '@/lib/api/types'
import {
  cropForRatio,
  flip,
  operationsFromState,
  stateFromOperations,
  turnAnticlockwise,
  turnClockwise,
  type Crop,
  type EditorState,
} from '@/lib/edit-state'
import { contrastFactor, exposureFactor, MAX_CONTRAST, MAX_EXPOSURE_STOPS, MAX_STRAIGHTEN_DEGREES, straightenScale, type EditList, type Size } from '@/lib/edits'
import { LISTING_RULES } from '@/lib/listing-rules'
import { CropFrame } from './crop-frame'
import styles from './gallery.module.css'
import editor from './edit-photo.module.css'

type Frame = { id: string; label: string; ratio: number | null }

/** The crop frames offered: free, the common print and screen shapes, and each channel's cover crops by name. */
const FRAMES: Frame[] = [
  { id: 'free', label: 'Free', ratio: null },
  { id: '3:2', label: '3:2', ratio: 3 / 2 },
  { id: '4:3', label: '4:3', ratio: 4 / 3 },
  { id: '16:9', label: '16:9', ratio: 16 / 9 },
  { id: '1:1', label: '1:1', ratio: 1 },
  ...Object.values(LISTING_RULES).flatMap((rules) =>
    (rules.coverCrops?.crops ?? []).map((crop) => ({
      id: `${rules.channel}:${crop.name}`,
      label: `${rules.name} ${crop.label.toLowerCase()} (${crop.name})`,
      ratio: crop.ratio,
    })),
  ),
]

type Props = { file: MediaFile | null; onClose: () => void }

export function EditPhotoDialog({ file, onClose }: Props) {
  return (
    <Dialog.Root open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={`${styles.dialog} ${editor.dialog}`} data-testid="photo-editor">
          {file && <EditorLoader key={file.id} file={file} onClose={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** The saved edits first; the editor starts from them (again after a conflict, from the ones now saved). */
function EditorLoader({ file, onClose }: { file: MediaFile; onClose: () => void }) {
  const edits = usePhotoEdits(file.id)
  return (
    <>
      <Dialog.Title className={styles.dialogTitle}>Edit photo</Dialog.Title>
      <Dialog.Description className={styles.dialogDescription}>{file.originalFilename}</Dialog.Description>
      {edits.data ? (
        <PhotoEditor key={edits.data.version} file={file} saved={edits.data} onClose={onClose} />
      ) : (
        <p className={styles.hint} role={edits.isError ? 'alert' : 'status'}>
          {edits.isError ? 'Could not load the photo’s edits. Close and try again.' : 'Loading…'}
        </p>
      )}
    </>
  )
}

function PhotoEditor({ file, saved, onClose }: { file: MediaFile; saved: EditList; onClose: () => void }) {
  const notify = useNotify()
  const save = useSavePhotoEdits()
  const revert = useRevertPhotoEdits()
  const [state, setState] = useState<EditorState>(() => stateFromOperations(saved.operations))
  const [frame, setFrame] = useState<Frame>(FRAMES[0])
  const source = useSourceImage(file)
  const operations = useMemo(() => operationsFromState(state), [state])
  const changed = JSON.stringify(operations) !== JSON.stringify(saved.operations)
  const busy = save.isPending || revert.isPending
  // The straightened picture's size, in the preview's pixels: what the crop frame is a fraction of.
  const shown = source.image ? previewSize(source.image, state) : null

  const refused = (error: unknown) => {
    const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Please try again.'
    notify({ title: 'Edits not saved', description: message, variant: 'destructive' })
  }
  // Awaited, not mutate()'s callbacks: the saved edits are read again as the call settles, which
  // starts this editor afresh (keyed by their version) and would drop callbacks of the one before.
  const onSave = async () => {
    try {
      await save.mutateAsync({ id: file.id, baseVersion: saved.version, operations })
    } catch (error) {
      return refused(error)
    }
    notify({ title: 'Edits saved', description: 'The photo’s renditions are being made again from the original.' })
    onClose()
  }
  const onRevert = async () => {
    try {
      await revert.mutateAsync(file.id)
    } catch (error) {
      return refused(error)
    }
    notify({ title: 'Reverted to original', description: 'Every edit of this photo is undone.' })
    onClose()
  }

  const chooseFrame = (next: Frame) => {
    setFrame(next)
    setState((current) => ({ ...current, crop: shown ? cropForRatio(shown, next.ratio) : null }))
  }
  // R turns the photo clockwise wherever the focus is in the editor (Escape is the dialog's own).
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const typing = event.target instanceof HTMLInputElement && !['range', 'checkbox'].includes(event.target.type)
      if (typing || event.metaKey || event.ctrlKey || event.altKey || event.repeat) return
      if (event.key === 'r' || event.key === 'R') {
        event.preventDefault()
        setState(turnClockwise)
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <div className={editor.layout}>
      <div className={editor.stage}>
        {source.error ? (
          <p className={styles.hint} role="alert">
            {source.error}
          </p>
        ) : source.image && shown ? (
          <Preview image={source.image} state={state} size={shown} frame={frame} onCrop={(crop) => setState((current) => ({ ...current, crop }))} />
        ) : (
          <p className={styles.hint} role="status">
            Loading the original…
          </p>
        )}
      </div>

      <div className={editor.controls}>
        <div className={editor.row} role="group" aria-label="Turn and flip">
          <button type="button" className={styles.button} onClick={() => setState(turnAnticlockwise)} aria-label="Rotate left">
            <RotateCcw size={16} /> Left
          </button>
          <button type="button" className={styles.button} onClick={() => setState(turnClockwise)} aria-label="Rotate right" title="Rotate right (R)">
            <RotateCw size={16} /> Right
          </button>
          <button type="button" className={styles.button} onClick={() => setState((current) => flip(current, 'horizontal'))} aria-label="Flip horizontally">
            <FlipHorizontal2 size={16} />
          </button>
          <button type="button" className={styles.button} onClick={() => setState((current) => flip(current, 'vertical'))} aria-label="Flip vertically">
            <FlipVertical2 size={16} />
          </button>
        </div>

        <Slider
          label="Straighten"
          value={state.straighten}
          min={-MAX_STRAIGHTEN_DEGREES}
          max={MAX_STRAIGHTEN_DEGREES}
          step={0.1}
          shown={`${state.straighten > 0 ? '+' : ''}${state.straighten.toFixed(1)}°`}
          onChange={(straighten) => setState((current) => ({ ...current, straighten, crop: current.crop && refit(current.crop, frame, shown) }))}
        />

        <fieldset className={editor.frames}>
          <legend className={styles.fieldLabel}>Crop</legend>
          {FRAMES.map((option) => (
            <button
              key={option.id}
              type="button"
              className={styles.button}
              aria-pressed={frame.id === option.id}
              onClick={() => chooseFrame(option)}
            >
              {option.label}
            </button>
          ))}
          <p className={styles.hint}>Drag the frame to move it, its corner to resize it.</p>
        </fieldset>

        <Slider
          label="Exposure"
          value={state.exposure}
          min={-MAX_EXPOSURE_STOPS}
          max={MAX_EXPOSURE_STOPS}
          step={0.1}
          shown={`${state.exposure > 0 ? '+' : ''}${state.exposure.toFixed(1)} EV`}
          onChange={(exposure) => setState((current) => ({ ...current, exposure }))}
        />
        <Slider
          label="Contrast"
          value={state.contrast}
          min={-MAX_CONTRAST}
          max={MAX_CONTRAST}
          step={0.05}
          shown={`${state.contrast > 0 ? '+' : ''}${Math.round(state.contrast * 100)}`}
          onChange={(contrast) => setState((current) => ({ ...current, contrast }))}
        />
        <label className={editor.toggle}>
          <input
            type="checkbox"
            checked={state.autoEnhance}
            onChange={(event) => setState((current) => ({ ...current, autoEnhance: event.target.checked }))}
          />
          Auto-enhance (stretch the darkest and lightest tones to black and white)
        </label>
      </div>

      <div className={`${styles.dialogActions} ${editor.actions}`}>
        {(saved.operations.length > 0 || file.editStatus === 'edited') && (
          <button type="button" className={`${styles.button} ${editor.revert}`} disabled={busy} onClick={onRevert}>
            Revert to original
          </button>
        )}
        <Dialog.Close asChild>
          <button type="button" className={styles.button}>
            Cancel
          </button>
        </Dialog.Close>
        <button type="button" className={`${styles.button} ${styles.primary}`} disabled={!changed || busy} onClick={onSave}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </div>
  )
}

function Slider({
  label,
  value,
  min,
  max,
  step,
  shown,
  onChange,
}: {
  label: string
  value: number
  min: number
  max: number
  step: number
  shown: string
  onChange: (value: number) => void
}) {
  return (
    <label className={editor.slider}>
      <span className={styles.fieldLabel}>{label}</span>
      <input type="range" min={min} max={max} step={step} value={value} onChange={(event) => onChange(Number(event.target.value))} />
      <output className={editor.value}>{shown}</output>
    </label>
  )
}

/** The crop frame, kept to its shape after the picture's size changed (a new straighten angle). */
function refit(crop: Crop, frame: Frame, size: Size | null): Crop | null {
  if (!size || frame.ratio === null) return crop
  return cropForRatio(size, frame.ratio)
}

/**
 * The picture the editor starts from: the untouched original, upright and small
 * (/…/unedited.webp), or the original itself when that copy is missing.
 */
function useSourceImage(file: MediaFile): { image: HTMLImageElement | null; error: string | null } {
  const [loaded, setLoaded] = useState<{ image: HTMLImageElement | null; error: string | null }>({ image: null, error: null })
  useEffect(() => {
    let live = true
    const sources = [`${file.objectPath}/unedited.webp`, `${file.objectPath}/original`]
    const attempt = (index: number) => {
      const image = new Image()
      image.decoding = 'async'
      image.onload = () => live && setLoaded({ image, error: null })
      image.onerror = () => {
        if (!live) return
        if (index + 1 < sources.length) attempt(index + 1)
        else setLoaded({ image: null, error: 'The original of this photo cannot be shown here. Close and try again later.' })
      }
      image.src = sources[index]
    }
    attempt(0)
    return () => {
      live = false
    }
  }, [file.objectPath])
  return loaded
}

/** The preview's size after the turn and straighten (as src/lib/edits.ts sizes them). */
function previewSize(image: HTMLImageElement, state: EditorState): Size {
  const sideways = state.rotate === 90 || state.rotate === 270
  const turned = sideways ? { width: image.naturalHeight, height: image.naturalWidth } : { width: image.naturalWidth, height: image.naturalHeight }
  if (!state.straighten) return turned
  const scale = straightenScale(turned, state.straighten)
  return { width: Math.max(1, Math.floor(turned.width * scale)), height: Math.max(1, Math.floor(turned.height * scale)) }
}

function Preview({
  image,
  state,
  size,
  frame,
  onCrop,
}: {
  image: HTMLImageElement
  state: EditorState
  size: Size
  frame: Frame
  onCrop: (crop: Crop) => void
}) {
  const canvas = useRef<HTMLCanvasElement | null>(null)
  const [levels, setLevels] = useState<{ low: number; high: number } | null>(null)
  const { rotate, flipHorizontal, flipVertical, straighten } = state

  useLayoutEffect(() => {
    const element = canvas.current
    const context = element?.getContext('2d', { willReadFrequently: true })
    if (!element || !context) return
    element.width = size.width
    element.height = size.height
    context.save()
    context.translate(size.width / 2, size.height / 2)
    context.rotate((straighten * Math.PI) / 180)
    context.scale(flipHorizontal ? -1 : 1, flipVertical ? -1 : 1)
    context.rotate((rotate * Math.PI) / 180)
    context.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2)
    context.restore()
    setLevels(luminanceLevels(context, size))
  }, [image, size, rotate, flipHorizontal, flipVertical, straighten])

  const filter = toneFilter(state, levels)
  const crop = state.crop
  return (
    <div
      className={editor.canvasBox}
      // As wide as the stage, or less when that would make it taller than 62 % of the screen.
      style={{ aspectRatio: `${size.width} / ${size.height}`, width: `min(100%, calc(62vh * ${size.width / size.height}))` }}
    >
      <canvas ref={canvas} className={editor.canvas} style={{ filter }} data-testid="edit-preview" aria-label="Preview of the edited photo" role="img" />
      {straighten !== 0 && <div className={editor.grid} aria-hidden />}
      {crop && <CropFrame crop={crop} size={size} ratio={frame.ratio} onChange={onCrop} />}
    </div>
  )
}

/** The 1st and 99th percentiles of the preview's luminance (0–1), what auto-enhance stretches to black and white. */
function luminanceLevels(context: CanvasRenderingContext2D, size: Size): { low: number; high: number } {
  const { data } = context.getImageData(0, 0, size.width, size.height)
  const histogram = new Uint32Array(256)
  // Every 4th pixel is plenty for percentiles of a 1,024-px copy.
  for (let index = 0; index < data.length; index += 16) {
    histogram[Math.round(0.2126 * data[index] + 0.7152 * data[index + 1] + 0.0722 * data[index + 2])]++
  }
  const total = histogram.reduce((sum, count) => sum + count, 0)
  const at = (fraction: number) => {
    let seen = 0
    for (let level = 0; level < 256; level++) {
      seen += histogram[level]
      if (seen >= total * fraction) return level / 255
    }
    return 1
  }
  return { low: at(0.01), high: at(0.99) }
}

/**
 * The tone of the list as CSS filters: brightness(f) is the exposure's factor, contrast(c) the
 * contrast's (both about the same points as the server's); auto-enhance maps the picture's 1st and
 * 99th percentiles, after those two, to black and white.
 */
function toneFilter(state: EditorState, levels: { low: number; high: number } | null): string {
  const exposure = exposureFactor(state.exposure)
  const contrast = contrastFactor(state.contrast)
  const filters = [`brightness(${exposure})`, `contrast(${contrast})`]
  if (state.autoEnhance && levels) {
    const toned = (value: number) => Math.min(1, Math.max(0, (value * exposure - 0.5) * contrast + 0.5))
    const low = toned(levels.low)
    const high = toned(levels.high)
    if (high - low > 0.01) {
      // y = a·x + b, as contrast(k) after brightness(m): k·(m·x − 0.5) + 0.5.
      const a = 1 / (high - low)
      const b = -low * a
      const k = 1 - 2 * b
      if (k > 0) filters.push(`brightness(${a / k})`, `contrast(${k})`)
    }
  }
  return filters.join(' ')
}
