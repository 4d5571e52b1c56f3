// Named moments inside the writers of a media record and the other jobs, between what they
// read or made and what they write. Nothing waits at them in the product; the concurrency
// tests hold a writer at one (tests/int/concurrent-writes.int.spec.ts) to let another writer
// run at the worst moment, and the crash tests hold a worker process there and kill it
// (tests/helpers/worker-child.ts).
export type PausePoint =
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
  /** A backup's file is in the store under its temporary key; it is neither copied nor recorded. */
  | 'backup:written'
  /** The hash backfill has computed one file's mirror and region hashes; they are not written yet. */
  | 'backfill:before-write'

/** What the writer at the point works on (a media id), when it says: a test may hold only that one. */
type Wait = (subject?: string) => Promise<void>

const waiting = new Map<PausePoint, Wait>()

/** Makes writers reaching `point` wait for `wait(subject)`; the answer removes the pause. */
export function holdAt(point: PausePoint, wait: Wait): () => void {
  waiting.set(point, wait)
  return () => {
    if (waiting.get(point) === wait) waiting.delete(point)
  }
}

export async function pausePoint(point: PausePoint, subject?: string): Promise<void> {
  const wait = waiting.get(point)
  if (wait) await wait(subject)
}
