// The gallery's job tasks. Run by the worker loop the app starts (src/server/jobs/worker.ts),
// not by Payload's autoRun; their slugs are also part of the schema (payload_jobs.task_slug).
import type { TaskConfig } from 'payload'
import { analyzeMediaTask } from '../../jobs/analyze-media'
import {
  backfillAvifRenditionsTask,
  backfillDuplicateHashesTask,
  backfillPublicCopiesTask,
  backfillQualityIssuesTask,
} from '../../jobs/backfills'
import { backupTask } from '../../jobs/backup'
import { exportListingPackTask } from '../../jobs/export-listing-pack'
import { ingestMediaTask } from '../../jobs/ingest-media'
import { makeAvifRenditionsTask } from '../../jobs/make-avif-renditions'
import { renderMediaEditsTask } from '../../jobs/render-media-edits'
import { scanDuplicatesTask } from '../../jobs/scan-duplicates'

export const galleryTasks: TaskConfig[] = [
  ingestMediaTask,
  analyzeMediaTask,
  scanDuplicatesTask,
  backfillDuplicateHashesTask,
  backfillPublicCopiesTask,
  makeAvifRenditionsTask,
  backfillAvifRenditionsTask,
  backfillQualityIssuesTask,
  backupTask,
  exportListingPackTask,
  renderMediaEditsTask,
]
