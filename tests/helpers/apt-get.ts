// How tests/tools/provision-chromium.ts runs apt-get on a machine whose package manager may be
// busy: a fresh machine often runs its own `apt-get update` or unattended upgrades at boot, and
// apt-get fails at once on a lock another process holds. Each apt-get call waits for that process
// instead, up to APT_LOCK_WAIT_MS:
// - dpkg's lock (`apt-get install`): apt-get waits itself, with `-o DPkg::Lock::Timeout=<seconds>`;
// - the package lists' lock (`apt-get update`) and the download cache's lock, which that option
//   does not cover (apt 2.6 fails on them at once): the call is run again every APT_RETRY_EVERY_MS
//   while it fails on a lock.
// apt-get is run with LC_ALL=C, so its messages are the English ones read here.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'

/** How long one apt-get call waits, in all, for a lock that another process holds. */
export const APT_LOCK_WAIT_MS = 10 * 60_000

/** How long to wait before running an apt-get call again that failed on a lock. */
export const APT_RETRY_EVERY_MS = 5_000

/** apt-get's arguments for one attempt, with `waitMs` left of the call's wait for dpkg's lock. */
export function aptGetArgs(args: readonly string[], waitMs: number): string[] {
  return ['-o', `DPkg::Lock::Timeout=${Math.max(0, Math.floor(waitMs / 1000))}`, ...args]
}

/**
 * The lock file that apt-get's output says another process holds, or undefined: its error when it
 * gave up (`E: Could not get lock /var/lib/apt/lists/lock. It is held by process 812 (apt-get)`)
 * and the line it prints while it waits for dpkg's lock (`Waiting for cache lock: Could not get
 * lock /var/lib/dpkg/lock-frontend. It is held by …`).
 */
export function heldLock(output: string): string | undefined {
  return /Could not get lock (\/\S+?)\.?(?:\s|$)/m.exec(output)?.[1]
}

export type AptAttempt = {
  /** apt-get's exit code (null when a signal ended it). */
  status: number | null
  /** What it printed on stderr. */
  stderr: string
  /** Time since the call's first attempt started, when this attempt ended. */
  elapsedMs: number
}

/**
 * What follows an attempt: 'done' when apt-get succeeded; 'retry' when it failed on a lock that
 * another process holds and the next attempt would still start within the call's wait; else 'fail'.
 */
export function afterAttempt({ status, stderr, elapsedMs }: AptAttempt): 'done' | 'retry' | 'fail' {
  if (status === 0) return 'done'
  if (heldLock(stderr) && elapsedMs + APT_RETRY_EVERY_MS < APT_LOCK_WAIT_MS) return 'retry'
  return 'fail'
}

/** The one line printed when an apt-get call starts waiting for another process's lock. */
export function waitingLine(args: readonly string[], lock: string): string {
  return `apt-get ${args[0]}: another package manager holds ${lock}; waiting for it to finish (at most ${APT_LOCK_WAIT_MS / 60_000} minutes).`
}

/** How this user runs apt-get: as root, or through sudo without a password; undefined when it cannot. */
export function canInstall(): { as: string[] } | undefined {
  if (!existsSync('/usr/bin/apt-get')) return undefined
  if (process.getuid?.() === 0) return { as: [] }
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' })
  return sudo.status === 0 ? { as: ['sudo', '-n'] } : undefined
}

/** One apt-get run: its exit code and stderr. `onWaiting` gets the lock apt-get says it waits for. */
function attempt(command: string[], onWaiting: (lock: string) => void): Promise<{ status: number | null; stderr: string }> {
  const [file, ...args] = command
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', LC_ALL: 'C' },
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    createInterface({ input: child.stdout }).on('line', (line) => {
      const lock = heldLock(line)
      if (lock) onWaiting(lock)
    })
    child.on('error', reject)
    child.on('close', (status) => resolve({ status, stderr }))
  })
}

/** Runs `apt-get <args>`, waiting (APT_LOCK_WAIT_MS at most) while another process holds its lock. */
export async function aptGet(as: string[], args: string[]) {
  const started = performance.now()
  let told = false
  const waiting = (lock: string) => {
    if (!told) console.log(waitingLine(args, lock))
    told = true
  }
  for (;;) {
    const command = [...as, 'apt-get', ...aptGetArgs(args, APT_LOCK_WAIT_MS - (performance.now() - started))]
    const { status, stderr } = await attempt(command, waiting)
    const next = afterAttempt({ status, stderr, elapsedMs: performance.now() - started })
    if (next === 'retry') {
      waiting(heldLock(stderr)!)
      await sleep(APT_RETRY_EVERY_MS)
      continue
    }
    process.stderr.write(stderr)
    if (next === 'done') return
    throw new Error(`${command.join(' ')} failed (${status === null ? 'ended by a signal' : `exit ${status}`})`)
  }
}
