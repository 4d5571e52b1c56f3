// A crop frame over a picture (the photo editor's crop, a listing channel's cover crops): drag it
// to move it, drag its corner to resize it (a fixed frame keeps its shape), or focus it and use
// the arrow keys (1 % a press, 10 % with Shift). Its box is the picture's: the parent, which the
// frame's fractions are of. `onCommit` follows the end of a drag or a key press.
'use client'
import { useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { moveCrop, type Crop } from '@/lib/edit-state'
import type { Size } from '@/lib/edits'
import styles from './crop-frame.module.css'

type Props = {
  crop: Crop
  /** The picture's size in pixels: a fixed frame's shape is in pixels. */
  size: Size
  /** width / height of a fixed frame; null for a free one. */
  ratio: number | null
  onChange: (crop: Crop) => void
  onCommit?: (crop: Crop) => void
  label?: string
}

const MIN_SIDE = 0.05

export function CropFrame({ crop, size, ratio, onChange, onCommit, label = 'Crop frame' }: Props) {
  const start = useRef<{ x: number; y: number; crop: Crop; box: DOMRect; resize: boolean } | null>(null)
  const latest = useRef(crop)
  latest.current = crop

  const begin = (resize: boolean) => (event: PointerEvent<HTMLDivElement>) => {
    event.stopPropagation()
    event.currentTarget.setPointerCapture(event.pointerId)
    const frame = resize ? event.currentTarget.parentElement! : event.currentTarget
    const box = frame.parentElement!.getBoundingClientRect()
    start.current = { x: event.clientX, y: event.clientY, crop, box, resize }
  }
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const from = start.current
    if (!from) return
    const dx = (event.clientX - from.x) / from.box.width
    const dy = (event.clientY - from.y) / from.box.height
    if (!from.resize) return onChange(moveCrop(from.crop, dx, dy))
    const width = Math.min(1 - from.crop.x, Math.max(MIN_SIDE, from.crop.width + dx))
    // A fixed frame keeps its shape: its height follows the width (in the picture's pixels).
    const height = ratio === null ? Math.min(1 - from.crop.y, Math.max(MIN_SIDE, from.crop.height + dy)) : (width * size.width) / (size.height * ratio)
    if (from.crop.y + height > 1 + 1e-9) return
    onChange({ ...from.crop, width, height })
  }
  const end = () => {
    if (!start.current) return
    start.current = null
    onCommit?.(latest.current)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 0.1 : 0.01
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }
    const by = moves[event.key]
    if (!by) return
    event.preventDefault()
    event.stopPropagation()
    const next = moveCrop(crop, by[0], by[1])
    onChange(next)
    onCommit?.(next)
  }
  return (
    <div
      className={styles.crop}
      data-testid="crop-frame"
      role="group"
      aria-label={`${label}: drag, or use the arrow keys, to move it`}
      tabIndex={0}
      style={{ left: `${crop.x * 100}%`, top: `${crop.y * 100}%`, width: `${crop.width * 100}%`, height: `${crop.height * 100}%` }}
      onPointerDown={begin(false)}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
      onKeyDown={onKeyDown}
    >
      <div className={styles.handle} onPointerDown={begin(true)} onPointerMove={move} onPointerUp={end} onPointerCancel={end} aria-hidden />
    </div>
  )
}
