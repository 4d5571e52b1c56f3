// When a media record is deleted (our API or Payload's editor), its objects move under
// trash/ instead of disappearing: backups decide when trash is purged (docs/architecture.md §6).
import type { CollectionAfterDeleteHook } from 'payload'
import { moveToTrash } from '../../../src/server/storage/move-to-trash'
import { uneditedPreviewKey } from '../../../src/server/storage/keys'

type StoredMedia = {
  id: string | number
  renderedEditVersion?: number | null
  storageKey?: string | null
  posterKey?: string | null
  playbackKey?: string | null
  publicKey?: string | null
  derivatives?: Array<{ key?: string }> | null
  avifRenditions?: Array<{ key?: string }> | null
}

export const moveObjectsToTrash: CollectionAfterDeleteHook = async ({ doc, req }) => {
  const media = doc as StoredMedia
  const keys = [
    media.storageKey,
    media.posterKey,
    media.playbackKey,
    media.publicKey,
    ...(media.derivatives ?? []).map((d) => d.key),
    ...(media.avifRenditions ?? []).map((d) => d.key),
    // An edited photo's preview of its original, for the editor.
    media.renderedEditVersion ? uneditedPreviewKey(String(media.id)) : null,
  ].filter((key): key is string => Boolean(key))
  const { failed } = await moveToTrash({ keys })
  for (const { key, error } of failed) req.payload.logger.error({ err: error, msg: `Could not move ${key} to trash` })
}
