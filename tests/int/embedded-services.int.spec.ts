// The embedded PostgreSQL of `npm start`, started twice on one data directory (a restart while
// the previous server is still stopping): the second start says why it failed.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/host/embedded/postgres'

describe('embedded PostgreSQL', () => {
  let dir = ''
  let first: EmbeddedPostgres | undefined

  afterAll(async () => {
    await first?.stop()
    if (dir) await fs.rm(dir, { recursive: true, force: true })
  })

  it('refuses a second server on the same directory with a message naming it', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gallery-pg-twice-'))
    await fs.chmod(dir, 0o755)
    first = await startEmbeddedPostgres({ dir })
    const clusterDir = path.join(dir, 'cluster')
    const refusal = await startEmbeddedPostgres({ dir }).then(
      () => 'started',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    )
    expect(refusal).toBe(
      `PostgreSQL did not start: another server is still running on ${clusterDir} (one that is stopping takes a few seconds)`,
    )
  })
})
