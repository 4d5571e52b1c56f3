// Media Gallery Pro (spec §2 Admin gallery screen): header, upload card, stats, the sticky
// section filter bar, search and filters, the Media Gallery heading with type counts, sort,
// select mode and reorder mode, the virtualised grid, the bulk-assign panel and dialog, and
// the Custom Tags and Notes dialog. Search and filters run client-side over the loaded list.
'use client'
import * as Tooltip from '@radix-ui/react-tooltip'
import { useQueryClient } from '@tanstack/react-query'
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { useNotify } from '@/components/notices'
import { UploadCard } from '@/admin/upload-card'
import { isProcessing, refreshGallery, useMediaFiles, useSections } from '@/lib/api/admin-reads'
import { queryKeys } from '@/lib/api/query-keys'
import { useReorderSection } from '@/lib/api/reorder-section'
import type { MediaFile } from '@/lib/api/types'
import { ALL_SECTIONS_ID, HIDDEN_SECTION_ID, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, UNASSIGNED_SECTION_ID } from '@/lib/constants'
import {
  categoriesOf,
  defaultSort,
  filterByIds,
  filterBySection,
  filterByType,
  filterMedia,
  isUnassigned,
  NO_FILTERS,
  sortMedia,
  tagsOf,
  typeCounts,
  type MediaFilters,
  type MediaSort,
} from '@/lib/media-filters'
import { sortSectionMedia } from '@/lib/media-order'
import { selectRange, toggleSelection } from '@/lib/media-selection'
import { BackupPanel } from './backup-panel'
import { ListingPanel } from './listing-panel'
import { PermissionsProvider, useMay } from './permissions'
import { BulkAssignDialog } from './bulk-assign-dialog'
import { BulkAssignPanel } from './bulk-assign-panel'
import { DeleteDialog } from './delete-dialog'
import { FilterBar } from './filter-bar'
import styles from './gallery.module.css'
import { GalleryHeader } from './gallery-header'
import { LazyLightbox } from '@/components/lightbox/lazy-lightbox'
import { MediaGrid } from './media-grid'
import { ReorderGrid } from './reorder-grid'
import { SectionFilterBar } from './section-filter-bar'
import { StatCards } from './stat-cards'
import { SuggestionsBar } from './suggestions-bar'
import { ShareDialog } from './share-dialog'
import { TagsDialog } from './tags-dialog'
import { EditPhotoDialog } from './edit-photo-dialog'
import { SelectBox, type SectionInfo } from './ui'

/** Spec §9: tooltip open delay 700 ms, skip delay 300 ms. */

const EMPTY: MediaFile[] = []

// The parts above the grid do not depend on the search text: a keystroke must not re-render them.
const StaticUploadCard = memo(UploadCard)

type TypeFilter = 'all' | 'image' | 'video'

/** The admin lightbox names files by what the manager uploaded, not "Photo 18". */
const fileAlt = (file: MediaFile) => file.description?.trim() || file.originalFilename
const fileCaption = (file: MediaFile) => [file.originalFilename, file.room, file.description?.trim()].filter(Boolean).join(' · ')
const lightboxDeleteClass = styles.lightboxDelete

export function MediaGalleryScreen({ username }: { username: string }) {
  return (
    <PermissionsProvider>
      <GalleryScreen username={username} />
    </PermissionsProvider>
  )
}

function GalleryScreen({ username }: { username: string }) {
  const mayUpload = useMay('upload')
  const mayPlace = useMay('place')
  const mayShare = useMay('share')
  const [shareOpen, setShareOpen] = useState(false)
  const mayReorder = useMay('reorder')
  const mayDelete = useMay('delete')
  const mayEditPhoto = useMay('edit-photo')
  const mayBackUp = useMay('backup')
  const notify = useNotify()
  const queryClient = useQueryClient()
  const sectionsQuery = useSections()
  const mediaQuery = useMediaFiles()
  const reorder = useReorderSection()

  const [activeSection, setActiveSection] = useState(ALL_SECTIONS_ID)
  const [view, setView] = useState<'grid' | 'list'>('grid')
  const [filters, setFilters] = useState<MediaFilters>(NO_FILTERS)
  const [typeFilter, setTypeFilter] = useState<TypeFilter>('all')
  // A listing rule's link: only the photos it names, until the manager shows all again.
  const [ruleFilter, setRuleFilter] = useState<{ ids: ReadonlySet<string>; label: string } | null>(null)
  // null: the list's default (the section's own order inside a section, else newest first).
  const [chosenSort, setSort] = useState<MediaSort | null>(null)
  const [selectMode, setSelectMode] = useState(false)
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set())
  const [reorderList, setReorderList] = useState<MediaFile[] | null>(null)
  const [bulkOpen, setBulkOpen] = useState(false)
  const [tagsFileId, setTagsFileId] = useState<string | null>(null)
  const [editFileId, setEditFileId] = useState<string | null>(null)
  const [toDelete, setToDelete] = useState<MediaFile[]>(EMPTY)
  // The lightbox shows the grid's current list (filters and sort applied), from the clicked card.
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null)

  const media = mediaQuery.data
  const all = media ?? EMPTY
  const sections: SectionInfo[] = useMemo(
    () => (sectionsQuery.data ?? []).map(({ id, name, icon, colour }) => ({ id, name, icon, colour })),
    [sectionsQuery.data],
  )
  const isRealSection = ![ALL_SECTIONS_ID, HIDDEN_SECTION_ID, UNASSIGNED_SECTION_ID].includes(activeSection)
  const sort: MediaSort =
    chosenSort === null || (chosenSort === 'sectionOrder' && !isRealSection) ? defaultSort(isRealSection) : chosenSort

  // When the last file finishes processing, the stats and section counts catch up too.
  const processing = isProcessing(media)
  const wasProcessing = useRef(processing)
  useEffect(() => {
    if (wasProcessing.current && !processing) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.mediaFiles.stats() })
      void queryClient.invalidateQueries({ queryKey: queryKeys.sections.all })
    }
    wasProcessing.current = processing
  }, [processing, queryClient])

  // Typing stays responsive: the list follows the search text at React's deferred priority.
  const deferredFilters = useDeferredValue(filters)
  const inSection = useMemo(() => filterBySection(all, activeSection), [all, activeSection])
  // Sorted once per list and sort; a keystroke only filters (filtering keeps the order).
  const sorted = useMemo(() => sortMedia(inSection, sort), [inSection, sort])
  const searched = useMemo(() => filterMedia(sorted, deferredFilters), [sorted, deferredFilters])
  const counts = useMemo(() => typeCounts(searched), [searched])
  const shown = useMemo(
    () => filterByIds(filterByType(searched, typeFilter === 'all' ? undefined : typeFilter), ruleFilter?.ids ?? null),
    [searched, typeFilter, ruleFilter],
  )
  const categories = useMemo(() => categoriesOf(all), [all])
  const tags = useMemo(() => tagsOf(all), [all])
  const hiddenCount = useMemo(() => all.filter((file) => file.isHidden === 'true').length, [all])
  const unassignedCount = useMemo(() => all.filter(isUnassigned).length, [all])
  const selection = useMemo(() => (selected.size ? all.filter((file) => selected.has(file.id)) : EMPTY), [all, selected])
  const selectedIds = useMemo(() => selection.map((file) => file.id), [selection])
  const tagsFile = tagsFileId ? (all.find((file) => file.id === tagsFileId) ?? null) : null
  const editFile = editFileId ? (all.find((file) => file.id === editFileId) ?? null) : null

  const chooseSection = useCallback((section: string) => {
    setActiveSection(section)
    setReorderList(null)
    setSort(null)
  }, [])

  const toggleSelectMode = () => {
    setSelectMode((on) => !on)
    setSelected(new Set())
  }

  // Stable across renders (it reads the latest list from a ref), so cards that keep their
  // file are not re-rendered on every keystroke.
  const latest = useRef({ selectMode, shown })
  useEffect(() => {
    latest.current = { selectMode, shown }
  })
  const onActivate = useCallback((file: MediaFile, event: MouseEvent) => {
    const { selectMode: selecting, shown: list } = latest.current
    if (!selecting) {
      setLightboxIndex(list.indexOf(file))
      return
    }
    setSelected((current) => (event.shiftKey ? selectRange(list, current, file.id) : toggleSelection(current, file.id)))
  }, [])
  const onEditTags = useCallback((file: MediaFile) => setTagsFileId(file.id), [])
  const onEditPhoto = useCallback((file: MediaFile) => setEditFileId(file.id), [])
  const onDelete = useCallback((file: MediaFile) => setToDelete([file]), [])
  const onDeleted = useCallback((ids: string[]) => {
    const gone = new Set(ids)
    setSelected((current) => new Set([...current].filter((id) => !gone.has(id))))
  }, [])

  const startReorder = () => {
    if (!isRealSection) {
      notify({ title: 'Error', description: 'Please select a specific section to reorder photos.', variant: 'destructive' })
      return
    }
    setReorderList(sortSectionMedia(inSection))
  }

  const saveOrder = () => {
    if (!reorderList) return
    reorder.mutate(
      { sectionId: activeSection, mediaIds: reorderList.map((file) => file.id) },
      {
        onSuccess: () => {
          notify({ title: 'Order updated' })
          setReorderList(null)
        },
        onError: () =>
          notify({ title: 'Error', description: 'Failed to update photo order. Please try again.', variant: 'destructive' }),
      },
    )
  }

  const onRegistered = useCallback(() => void refreshGallery(queryClient), [queryClient])

  const showRulePhotos = useCallback(
    (ids: string[], label: string) => {
      chooseSection(ALL_SECTIONS_ID)
      setFilters(NO_FILTERS)
      setTypeFilter('all')
      setRuleFilter({ ids: new Set(ids), label })
    },
    [chooseSection],
  )

  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <div className={styles.screen} data-testid="media-gallery">
        {mayBackUp && <BackupPanel />}
        <GalleryHeader username={username} onRegistered={onRegistered} />
        {/* Slim while loading too: only a gallery known to be empty gets the full card (no jump on load). */}
        {mayUpload && <StaticUploadCard onRegistered={onRegistered} slim={media === undefined || media.length > 0} />}
        <StatCards />
        <SectionFilterBar
          sections={sectionsQuery.data}
          hiddenCount={hiddenCount}
          unassignedCount={unassignedCount}
          active={activeSection}
          onSelect={chooseSection}
          view={view}
          onViewChange={setView}
        />
        <FilterBar filters={filters} onChange={setFilters} categories={categories} tags={tags} />
        {mayPlace && <SuggestionsBar files={all} sections={sections} />}
        <ListingPanel files={all} mediaVersion={mediaQuery.dataUpdatedAt} onShowPhotos={showRulePhotos} selectedIds={selectedIds} />

        <section aria-labelledby="media-gallery-title" style={{ display: 'grid', gap: 12 }}>
          <div className={styles.galleryHead}>
            <div className={styles.toolbar}>
              <h2 id="media-gallery-title" className={styles.galleryTitle}>
                Media Gallery
              </h2>
              <div className={styles.toolbar} role="group" aria-label="Media type">
                {(
                  [
                    ['all', 'All', counts.all],
                    ['image', 'Images', counts.image],
                    ['video', 'Videos', counts.video],
                  ] as const
                ).map(([value, label, count]) => (
                  <button
                    key={value}
                    type="button"
                    className={styles.button}
                    aria-pressed={typeFilter === value}
                    onClick={() => setTypeFilter(value)}
                  >
                    {label} ({count})
                  </button>
                ))}
              </div>
            </div>
            <div className={styles.toolbar}>
              <SelectBox
                label="Sort"
                value={sort}
                onValueChange={(value) => setSort(value as MediaSort)}
                placeholder="Sort by Upload Date"
                options={[
                  ...(isRealSection ? [{ value: 'sectionOrder', label: 'Section order' }] : []),
                  { value: 'uploadedAt', label: 'Sort by Upload Date' },
                  { value: 'fileSize', label: 'Sort by File Size' },
                  { value: 'name', label: 'Sort by Name' },
                ]}
              />
              {!reorderList && (mayPlace || mayDelete) && (
                <button type="button" className={styles.button} aria-pressed={selectMode} onClick={toggleSelectMode}>
                  {selectMode ? `Selected (${selected.size})` : 'Select'}
                </button>
              )}
              {mayShare && !reorderList && (
                <button type="button" className={styles.button} onClick={() => setShareOpen(true)}>
                  Share
                </button>
              )}
              {isRealSection && mayReorder && !selectMode && !reorderList && (
                <button type="button" className={styles.button} onClick={startReorder} disabled={!inSection.length}>
                  Reorder
                </button>
              )}
              {reorderList && (
                <>
                  <button
                    type="button"
                    className={`${styles.button} ${styles.primary}`}
                    onClick={saveOrder}
                    disabled={reorder.isPending}
                  >
                    {reorder.isPending ? 'Saving...' : 'Save Order'}
                  </button>
                  <button
                    type="button"
                    className={styles.button}
                    onClick={() => setReorderList(null)}
                    disabled={reorder.isPending}
                  >
                    Cancel
                  </button>
                </>
              )}
            </div>
          </div>
          {ruleFilter && (
            <p className={styles.hint} data-testid="rule-filter">
              Showing the photos of “{ruleFilter.label}”{' '}
              <button type="button" className={styles.button} onClick={() => setRuleFilter(null)}>
                Show all
              </button>
            </p>
          )}
          {selectMode && <p className={styles.hint}>Click photos to select them; Shift-click selects a range.</p>}
          {reorderList ? (
            <>
              <p className={styles.hint}>
                Drag photos into the order visitors see, or focus one and use Space and the arrow keys.
              </p>
              <ReorderGrid files={reorderList} onChange={setReorderList} />
            </>
          ) : mediaQuery.isError ? (
            <p className={styles.emptyState} role="alert">
              Failed to fetch media files
            </p>
          ) : (
            <MediaGrid
              files={media ? shown : undefined}
              view={view}
              sections={sections}
              selectMode={selectMode}
              selected={selected}
              onActivate={onActivate}
              onEditTags={onEditTags}
              onEditPhoto={onEditPhoto}
              onDelete={onDelete}
              hasMedia={all.length > 0}
            />
          )}
        </section>

        <LazyLightbox
          items={shown}
          index={lightboxIndex !== null && lightboxIndex < shown.length ? lightboxIndex : null}
          onIndexChange={setLightboxIndex}
          onClose={() => setLightboxIndex(null)}
          altText={fileAlt}
          caption={fileCaption}
          actions={(file) => (
            <>
              {mayEditPhoto && file.fileType === 'image' && file.status === 'ready' && (
                <button
                  type="button"
                  className={styles.lightboxAction}
                  aria-label={`Edit photo ${file.originalFilename}`}
                  onClick={() => {
                    // The editor opens in place of the lightbox (one dialog at a time).
                    setLightboxIndex(null)
                    setEditFileId(file.id)
                  }}
                >
                  Edit
                </button>
              )}
              {mayDelete && (
                <button
                  type="button"
                  className={lightboxDeleteClass}
                  aria-label={`Delete ${file.originalFilename}`}
                  onClick={() => setToDelete([file])}
                >
                  Delete
                </button>
              )}
            </>
          )}
        />

        {selectMode && selection.length > 0 && (
          <BulkAssignPanel
            selection={selection}
            sections={sections}
            onOpenDialog={() => setBulkOpen(true)}
            onClear={() => setSelected(new Set())}
            onDelete={() => setToDelete(selection)}
          />
        )}
        <BulkAssignDialog
          open={bulkOpen}
          onOpenChange={setBulkOpen}
          selection={selection}
          sections={sections}
          onComplete={() => setSelected(new Set())}
        />
        <TagsDialog file={tagsFile} onClose={() => setTagsFileId(null)} />
        {mayEditPhoto && <EditPhotoDialog file={editFile} onClose={() => setEditFileId(null)} />}
        {mayShare && (
          <ShareDialog
            open={shareOpen}
            onOpenChange={setShareOpen}
            sections={sections}
            selection={selectMode ? selection : EMPTY}
            activeSection={isRealSection || activeSection === HIDDEN_SECTION_ID ? activeSection : null}
          />
        )}
        <DeleteDialog files={toDelete} onClose={() => setToDelete(EMPTY)} onDeleted={onDeleted} />
      </div>
    </Tooltip.Provider>
  )
}
