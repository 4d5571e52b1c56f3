// Reorder mode (spec §4 Reorder): a copy of the section's list, in the order visitors see,
// rearranged by dragging with @dnd-kit/sortable: pointer, touch, or keyboard (focus a photo,
// Space to pick it up, arrow keys to move, Space to drop, Escape to cancel).
'use client'
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { MediaFile } from '@/lib/api/types'
import styles from './gallery.module.css'
import { MediaThumb } from './media-thumb'
import { useGridColumns } from './use-media-query'

type Props = { files: MediaFile[]; onChange: (files: MediaFile[]) => void }

function SortablePhoto({ file, position }: { file: MediaFile; position: number }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: file.id })
  return (
    <div
      ref={setNodeRef}
      className={`${styles.card} ${styles.sortable} ${isDragging ? styles.dragging : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="sortable-card"
      data-id={file.id}
      {...attributes}
      {...listeners}
      aria-label={`${position}. ${file.originalFilename}`}
    >
      <div className={styles.cardMain} style={{ cursor: 'inherit' }}>
        <MediaThumb file={file} />
      </div>
      <div className={styles.cardBody}>
        <p className={styles.fileName}>
          {position}. {file.originalFilename}
        </p>
      </div>
    </div>
  )
}

export function ReorderGrid({ files, onChange }: Props) {
  const columns = useGridColumns()
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = files.findIndex((file) => file.id === active.id)
    const to = files.findIndex((file) => file.id === over.id)
    onChange(arrayMove(files, from, to))
  }
  return (
    // A fixed id keeps dnd-kit's generated attributes identical on server and client.
    <DndContext id="media-reorder" sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={files.map((file) => file.id)} strategy={rectSortingStrategy}>
        <div
          className={styles.reorderGrid}
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          data-testid="reorder-grid"
        >
          {files.map((file, index) => (
            <SortablePhoto key={file.id} file={file} position={index + 1} />
          ))}
        </div>
      </SortableContext>
    </DndContext>
  )
}
