// Named moments inside the writers of a media record and the other long work, between what they
// read or made and what they write. A service tells the observer it was given (its
// `checkpoints` argument; in jobs, hooks and endpoints the one the process's Payload config
// names as `custom.checkpoints`) each time it reaches one, and waits for its answer. Nothing
// waits in the product: a backup run records where it is as its step (backup/runs.ts); the
// backup benchmark times the steps; the concurrency tests hold one writer at the worst moment
// while another writes, and the crash tests kill a process held at one.
import type { Payload } from 'payload'

/** The steps of writing a backup (create-backup.ts); a restore's restore point takes them too, prefixed. */
export type BackupCheckpoint =
  /** The rows are read (one snapshot); nothing is written yet. */
  | 'backup-snapshot-read'
  | 'backup-manifest-built'
  | 'backup-encoded'
  /** The file is in the store under its temporary key; it is neither copied nor recorded. */
  | 'backup-written'
  | 'backup-recorded'

export type RestoreCheckpoint =
  | 'restore-decoded'
  | 'restore-planned'
  | 'restore-locked'
  | 'restore-before-read'
  | 'restore-objects-checked'
  | `restore-point:${BackupCheckpoint}`
  | 'restore-deleted'
  | 'restore-inserted'
  | 'restore-point-taken'
  | 'restore-objects-back'
  /** The rows are replaced in the restore's transaction, which is not committed yet. */
  | 'restore-before-commit'
  | 'restore-after-commit'
  | 'restore-objects-tidied'

export type Checkpoint =
  /** Ingest has read the record and made its renditions; its results are not written yet. */
  | 'ingest:before-results'
  /** The metadata or section call has checked the record; its write has not run yet. */
  | 'manager:before-write'
  /** Payload's update (an editor) has read the record it will write back; nothing is written yet. */
  | 'editor:before-write'
  /** Analysis has run the model and composed its words; nothing is written yet. */
  | 'analysis:before-results'
  /** The duplicate scan has found its groups and written its progress; the groups are not saved yet. */
  | 'scan:before-results'
  /** The hash backfill has computed one file's mirror and region hashes; they are not written yet. */
  | 'backfill:before-write'
  /** The edit job has stored one edit version's renditions; they are not recorded yet. */
  | 'edits:before-write'
  /** The public copy backfill has stored one file's copy; its key is not recorded yet. */
  | 'public-copy:before-write'
  /** The AVIF job has stored one photo's AVIF renditions; they are not recorded yet. */
  | 'avif:before-write'
  | BackupCheckpoint
  | RestoreCheckpoint
  /** A backup run has recorded its outcome; retention has not run yet. */
  | 'run-done'

/** Told of each checkpoint a service reaches; the service goes on once the answer settles. */
export interface Checkpoints<Point extends string = Checkpoint> {
  /** `subject`: what the work at the point is about (a media id), when it says. */
  reached(point: Point, subject?: string): Promise<void>
}

export const NO_CHECKPOINTS: Checkpoints = { reached: async () => undefined }

/** The observer the process's Payload config names (`custom.checkpoints`), or none. */
export function checkpointsOf(payload: Pick<Payload, 'config'>): Checkpoints {
  return (payload.config.custom?.checkpoints as Checkpoints | undefined) ?? NO_CHECKPOINTS
}
