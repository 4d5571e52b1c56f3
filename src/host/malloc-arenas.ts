// How many malloc arenas our processes use (glibc's MALLOC_ARENA_MAX), unless the environment says.
// glibc gives each thread that allocates while another does an arena of its own, up to eight per
// core, and gives little of an arena's free memory back to the system. sharp's threads (libvips,
// libaom) allocate each photo's pixel buffers in whichever arena they hold, so after a few photos
// every arena keeps a photo's worth of memory it no longer uses. Two per core keep the threads from
// queueing on one arena and that memory from multiplying: in bench/upload-sharp-loop.ts on 16
// photos, two at a time with their AVIF renditions, peak RSS was 1.08–1.18 GB with glibc's default
// and 0.73–0.88 GB with four arenas (two cores), for the same CPU time (bench/README.md).
//
// The variable is read once, when a process starts: `npm start` and `npm run worker` set it by
// starting their own process again with it (same pid, arguments and everything else), before
// anything else is loaded. The processes they start (Next's server) inherit it.
import os from 'node:os'

/** MALLOC_ARENA_MAX to add to an environment: two per core, unless it already names one. */
export function mallocArenaEnv(env: NodeJS.ProcessEnv = process.env): { MALLOC_ARENA_MAX?: string } {
  return env.MALLOC_ARENA_MAX ? {} : { MALLOC_ARENA_MAX: String(2 * os.availableParallelism()) }
}

/** On Linux, replaces this process with itself under mallocArenaEnv, when its environment names no limit. */
export function restartWithMallocArenas(): void {
  const added = mallocArenaEnv()
  if (process.platform !== 'linux' || !added.MALLOC_ARENA_MAX || !process.execve) return
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    ...added,
  })
}
