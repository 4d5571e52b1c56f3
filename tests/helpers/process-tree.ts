// A process and everything it started, read from /proc (Linux), for the power-cut test: the
// launcher, the server, the embedded services process and PostgreSQL's own processes.
import fs from 'node:fs'

type Proc = { pid: number; ppid: number; state: string }

function readProc(pid: number): Proc | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name is in parentheses and may hold spaces: the fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { pid, state: fields[0], ppid: Number(fields[1]) }
  } catch {
    return null
  }
}

function allProcs(): Proc[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => readProc(Number(name)) ?? [])
}

/** The process and all its descendants that are still alive (zombies excluded). */
export function processTree(rootPid: number): number[] {
  const procs = allProcs().filter((proc) => proc.state !== 'Z')
  const children = new Map<number, number[]>()
  for (const proc of procs) children.set(proc.ppid, [...(children.get(proc.ppid) ?? []), proc.pid])
  const tree: number[] = []
  const alive = new Set(procs.map((proc) => proc.pid))
  const visit = (pid: number) => {
    if (alive.has(pid)) tree.push(pid)
    for (const child of children.get(pid) ?? []) visit(child)
  }
  visit(rootPid)
  return tree
}

/**
 * True once the process is gone entirely, reaped too. A killed process stays a zombie until its
 * parent, or init once the parent is gone, reaps it; for PostgreSQL a zombie still "runs"
 * (`kill(pid, 0)` succeeds), so a restart before then refuses the data directory's lock file.
 * After a real power cut no process is left at all.
 */
export const isGone = (pid: number) => readProc(pid) === null

/**
 * A power cut: every process of the tree is frozen first (SIGSTOP), so none sees another die
 * and starts a clean shutdown, then all are killed (SIGKILL). Answers the pids it killed.
 */
export function cutPower(rootPid: number): number[] {
  const frozen = new Set<number>()
  // Freeze until the tree stops growing: a process may be forking as we look.
  for (let round = 0; round < 5; round++) {
    const tree = processTree(rootPid).filter((pid) => !frozen.has(pid))
    if (!tree.length) break
    for (const pid of tree) {
      try {
        process.kill(pid, 'SIGSTOP')
        frozen.add(pid)
      } catch {
        // Already gone.
      }
    }
  }
  for (const pid of frozen) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
  return [...frozen]
}
