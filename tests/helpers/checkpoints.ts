// The checkpoints observer of test processes (src/server/checkpoints.ts): the Payload config the
// tests build names it (test-config.ts), so every service in the process reports to it, and a
// test holds the writers reaching one point (concurrent writes, analysis, the crash tests).
import type { Checkpoint, Checkpoints } from '../../src/server/checkpoints'

/** Called with what the writer at the point works on (a media id), when it says. */
export type Hold = (subject?: string) => Promise<void>

const holds = new Map<Checkpoint, Hold>()

export const testCheckpoints: Checkpoints = {
  async reached(point, subject) {
    const hold = holds.get(point)
    if (hold) await hold(subject)
  },
}

/** Makes writers reaching `point` wait for `hold(subject)`; the answer removes the hold. */
export function holdAt(point: Checkpoint, hold: Hold): () => void {
  holds.set(point, hold)
  return () => {
    if (holds.get(point) === hold) holds.delete(point)
  }
}
