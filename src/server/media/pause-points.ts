// Named moments inside the writers of a media record, between what they read and what they
// write. Nothing waits at them in the product; the concurrency tests hold a writer at one
// (tests/int/concurrent-writes.int.spec.ts) to let another writer run at the worst moment.
export type PausePoint =
  /** Ingest has read the record and made its renditions; its results are not written yet. */
  | 'ingest:before-results'
  /** The metadata or section call has checked the record; its write has not run yet. */
  | 'manager:before-write'
  /** Payload's update (an editor) has read the record it will write back; nothing is written yet. */
  | 'editor:before-write'

const waiting = new Map<PausePoint, () => Promise<void>>()

/** Makes writers reaching `point` wait for `wait()`; the answer removes the pause. */
export function holdAt(point: PausePoint, wait: () => Promise<void>): () => void {
  waiting.set(point, wait)
  return () => {
    if (waiting.get(point) === wait) waiting.delete(point)
  }
}

export async function pausePoint(point: PausePoint): Promise<void> {
  const wait = waiting.get(point)
  if (wait) await wait()
}
