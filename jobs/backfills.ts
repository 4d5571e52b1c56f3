// The backfills after an upgrade, one task each in Payload's jobs queue, queued at start when a
// media row still needs one (src/server/jobs/backfill.ts runs them all the same way). A new
// derived field's backfill is declared beside its code and listed here.
import type { TaskConfig } from 'payload'
import { HASH_BACKFILL } from '../src/server/duplicates/backfill'
import { backfillTask, type Backfill } from '../src/server/jobs/backfill'
import { AVIF_BACKFILL } from '../src/server/media/avif-renditions'
import { PUBLIC_COPY_BACKFILL } from '../src/server/media/public-copy-backfill'
import { QUALITY_BACKFILL } from '../src/server/media/quality-backfill'

export const BACKFILLS: readonly Backfill[] = [HASH_BACKFILL, PUBLIC_COPY_BACKFILL, AVIF_BACKFILL, QUALITY_BACKFILL]

// One task each, by name, so that the app's task list keeps its order (the slugs are a database enum).
export const backfillDuplicateHashesTask: TaskConfig = backfillTask(HASH_BACKFILL)
export const backfillPublicCopiesTask: TaskConfig = backfillTask(PUBLIC_COPY_BACKFILL)
export const backfillAvifRenditionsTask: TaskConfig = backfillTask(AVIF_BACKFILL)
export const backfillQualityIssuesTask: TaskConfig = backfillTask(QUALITY_BACKFILL)
