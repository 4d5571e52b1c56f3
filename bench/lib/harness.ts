// What every benchmark needs around the app: the production build, the production server
// (or the worker) as a child process on the bench's own services, and the process figures
// read from /proc (process trees, RSS, CPU). One copy, used by every bench/*.ts.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../../src/host/embedded/free-port'
import { startMissingServices, type StartedServices } from '../../src/host/embedded/services'
import { startServicesProcess } from '../../src/host/embedded/services-child'
import { compiledEntry, type Entry, entryNodeArgs, nextNodeOptions, nextServerArgs } from '../../src/host/entries'
import { mallocArenaEnv } from '../../src/host/malloc-arenas'

export const ROOT = process.cwd()
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results')
export const WORKER_ENTRY: Entry = 'run-worker'

export function intEnv(name: string, fallback: number): number {
  const raw = process.env[name]
  const value = raw ? Number.parseInt(raw, 10) : Number.NaN
  return Number.isFinite(value) && value > 0 ? value : fallback
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const round = (value: number, digits = 1) => {
  const f = 10 ** digits
  return Math.round(value * f) / f
}

export function log(line: string) {
  process.stdout.write(`[bench] ${line}\n`)
}

export function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------------------------
// Production build and server
// ---------------------------------------------------------------------------------------------

export async function ensureBuild() {
  const outputs = [path.join(ROOT, '.next', 'BUILD_ID'), compiledEntry('launch'), compiledEntry(WORKER_ENTRY)]
  if (outputs.every((file) => existsSync(file)) && process.env.BENCH_BUILD !== '1') {
    const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs))
    // A build older than the sources would measure code that is no longer there.
    if (newestSourceMtime() <= builtAt) return
    log('Some sources are newer than the production build.')
  }
  log('Running `npm run build` (about 90 s)...')
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build failed (exit ${code})`))))
  })
}

export function newestSourceMtime(): number {
  let newest = 0
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.(ts|tsx|css)$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs)
    }
  }
  for (const dir of ['src', 'collections', 'endpoints', 'media-public']) {
    if (existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir))
  }
  for (const file of ['payload.config.ts', 'next.config.ts']) {
    if (existsSync(path.join(ROOT, file))) newest = Math.max(newest, statSync(path.join(ROOT, file)).mtimeMs)
  }
  return newest
}

export type Server = { child: ChildProcess; baseUrl: string; logFile: string; tail: string[]; exited: Promise<number> }

type StartOptions = {
  /** @default Next's own server on the production build, as `npm start` runs it (`next start`, everything behind its proxy); or an entry of ours, compiled */
  entry?: Entry
  nodeArgs?: string[]
}

/** Starts the server (or the worker) on a free loopback port, on the bench's own services. */
export async function startServer(
  env: Record<string, string>,
  dataDir: string,
  { entry, nodeArgs = [] }: StartOptions = {},
): Promise<Server> {
  const port = await freePort()
  const logFile = path.join(dataDir, `${entry ?? 'next-start'}.log`)
  const out = createWriteStream(logFile)
  const tail: string[] = []
  const args = entry ? entryNodeArgs(entry, { compiled: true }) : nextServerArgs('start', { port: String(port), hostname: '127.0.0.1' })
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      // What `npm start` gives Next's server (src/host/launch.ts); an entry sets its own.
      ...(entry ? {} : { NODE_OPTIONS: nextNodeOptions(), ...mallocArenaEnv() }),
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (chunk: Buffer) => {
    out.write(chunk)
    for (const line of chunk.toString().split('\n')) if (line.trim()) tail.push(line)
    if (tail.length > 200) tail.splice(0, tail.length - 200)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
  exited.then(() => out.end())
  return { child, baseUrl: `http://127.0.0.1:${port}`, logFile, tail, exited }
}

export async function waitForReady(server: Server, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs
  let exited = false
  server.exited.then(() => (exited = true))
  let last = ''
  while (Date.now() < deadline) {
    if (exited) throw new Error('The server exited during startup')
    try {
      const res = await fetch(`${server.baseUrl}/api/sections`, { signal: AbortSignal.timeout(10_000) })
      await res.arrayBuffer()
      if (res.status === 200) return
      last = `status ${res.status}`
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await sleep(500)
  }
  throw new Error(`The server did not answer GET /api/sections with 200 in ${timeoutMs / 1000} s (last: ${last})`)
}

/**
 * When the process first printed `text` (Date.now()): its output is watched from the moment this
 * is called, after what it kept in `tail`. Rejects if it exits first or `timeoutMs` pass.
 */
export function lineSeenAt(server: Server, text: string, timeoutMs = 180_000): Promise<number> {
  return new Promise((resolve, reject) => {
    if (server.tail.some((line) => line.includes(text))) return resolve(Date.now())
    const timer = setTimeout(() => done(new Error(`The process did not print "${text}" in ${timeoutMs / 1000} s`)), timeoutMs)
    const look = (chunk: Buffer) => {
      if (chunk.toString().includes(text)) done(Date.now())
    }
    function done(outcome: number | Error) {
      clearTimeout(timer)
      server.child.stdout?.off('data', look)
      server.child.stderr?.off('data', look)
      if (outcome instanceof Error) reject(outcome)
      else resolve(outcome)
    }
    server.child.stdout?.on('data', look)
    server.child.stderr?.on('data', look)
    server.exited.then(() => done(new Error(`The process exited before printing "${text}"`)))
  })
}

export async function stopServer(server: Server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  const pids = processTree(server.child.pid!)
  server.child.kill('SIGTERM')
  const done = await Promise.race([server.exited.then(() => true), sleep(20_000).then(() => false)])
  if (!done) {
    log('The server did not stop within 20 s: killing it')
    server.child.kill('SIGKILL')
    await server.exited
  }
  // Anything the server itself spawned and left behind.
  for (const pid of pids) {
    if (pid === server.child.pid) continue
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Memory: resident set of the server's process tree, from /proc
// ---------------------------------------------------------------------------------------------

export function processTree(root: number): number[] {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command name may hold spaces and parentheses: fields restart after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parents.set(Number(entry), Number(fields[1]))
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [root]
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid)
  }
  return tree
}

/**
 * CPU seconds (user + system) used so far by the given processes, including their exited
 * children that they reaped (PostgreSQL backends come and go).
 */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // utime, stime, cutime, cstime
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100 // USER_HZ: 100 on Linux
}

/** One thread of a process, from /proc/<pid>/task/<tid>/stat: its name, nice value and CPU seconds so far. */
export type ThreadCpu = { tid: number; name: string; nice: number; policy: number; cpuSeconds: number }

/** The threads of a process with their nice value (field 19 of stat: Linux's nice is per thread). */
export function threadsOf(pid: number): ThreadCpu[] {
  const threads: ThreadCpu[] = []
  let tids: string[] = []
  try {
    tids = readdirSync(`/proc/${pid}/task`)
  } catch {
    return threads
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // fields[0] is stat's field 3 (state): utime 14, stime 15, nice 19, policy 41.
      threads.push({
        tid: Number(tid),
        name,
        nice: Number(fields[16]),
        policy: Number(fields[38]),
        cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100,
      })
    } catch {
      // the thread ended meanwhile
    }
  }
  return threads
}

/**
 * CPU seconds each thread of a process used between two threadsOf() readings, busiest first,
 * with its share of the wall time (1 = a core all the time). Threads that ended are missing.
 */
export function threadUse(before: ThreadCpu[], after: ThreadCpu[], wallSeconds: number) {
  const start = new Map(before.map((t) => [t.tid, t.cpuSeconds]))
  return after
    .map((t) => ({ ...t, cpuSeconds: round(t.cpuSeconds - (start.get(t.tid) ?? 0), 2) }))
    .filter((t) => t.cpuSeconds > 0)
    .sort((a, b) => b.cpuSeconds - a.cpuSeconds)
    .map((t) => ({ tid: t.tid, name: t.name, nice: t.nice, policy: t.policy, cpuSeconds: t.cpuSeconds, busy: round(t.cpuSeconds / wallSeconds, 2) }))
}

/** Busy CPU seconds of the whole machine (all cores), from /proc/stat. */
export function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number)
  return (user + nice + system + irq + softirq + steal) / 100
}

export function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))
    return match ? Number(match[1]) : 0
  } catch {
    return 0
  }
}

export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 120)
  } catch {
    return '?'
  }
}

export class RssSampler {
  maxTreeKb = 0
  /** Since the last resetWindow(). */
  windowMaxKb = 0
  private timer?: NodeJS.Timeout
  /** Sums the process trees under these roots (app; app + worker). */
  constructor(readonly roots: number[]) {}
  private pids() {
    return this.roots.flatMap((root) => processTree(root))
  }
  sample() {
    const total = this.pids().reduce((sum, pid) => sum + statusKb(pid, 'VmRSS'), 0)
    this.maxTreeKb = Math.max(this.maxTreeKb, total)
    this.windowMaxKb = Math.max(this.windowMaxKb, total)
    return total
  }
  resetWindow() {
    this.windowMaxKb = this.sample()
  }
  start(everyMs = 250) {
    this.timer = setInterval(() => this.sample(), everyMs)
    this.timer.unref()
  }
  stop() {
    if (this.timer) clearInterval(this.timer)
  }
  report() {
    const processes = this.pids().map((pid) => ({
      pid,
      command: commandOf(pid),
      rssMb: round(statusKb(pid, 'VmRSS') / 1024, 1),
      peakRssMb: round(statusKb(pid, 'VmHWM') / 1024, 1),
    }))
    const currentMb = round(
      processes.reduce((sum, p) => sum + p.rssMb, 0),
      1,
    )
    const peakMb = round(Math.max(this.maxTreeKb / 1024, Math.max(...processes.map((p) => p.peakRssMb))), 1)
    return { processes, currentMb, sampledMaxTreeMb: round(this.maxTreeKb / 1024, 1), peakMb }
  }
}

/** Waits until the whole machine is quiet (under 15 % of one core for 2 s in a row), at most maxMs. */
export async function waitForIdleMachine(label: string, maxMs = 60_000) {
  const deadline = Date.now() + maxMs
  let quiet = 0
  let before = machineBusySeconds()
  while (Date.now() < deadline) {
    await sleep(1000)
    const now = machineBusySeconds()
    quiet = now - before < 0.15 ? quiet + 1 : 0
    before = now
    if (quiet >= 2) return true
  }
  log(`  warning: the machine was still busy after ${maxMs / 1000} s (${label})`)
  return false
}

// ---------------------------------------------------------------------------------------------
// Report parts shared by every benchmark
// ---------------------------------------------------------------------------------------------

export function machineInfo() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverageAtEnd: os.loadavg().map((value) => round(value, 2)),
  }
}

/** Which build was measured. */
export function appInfo() {
  const buildId = path.join(ROOT, '.next', 'BUILD_ID')
  return {
    commit: gitCommit(),
    buildId: readFileSync(buildId, 'utf8').trim(),
    builtAt: statSync(buildId).mtime.toISOString(),
    sourcesNewerThanBuild: newestSourceMtime() > statSync(buildId).mtimeMs,
  }
}

export type Check = { target: string; actual: string; pass: boolean | null }

/** PASS / MISS (SKIP when not measured) per target, aligned. */
export function printChecks(checks: Check[]) {
  const width = Math.max(...checks.map((check) => check.target.length))
  for (const check of checks) {
    const verdict = check.pass === null ? 'SKIP' : check.pass ? 'PASS' : 'MISS'
    console.log(`${verdict}  ${check.target.padEnd(width)}  ${check.actual}`)
  }
  console.log('')
}

// ---------------------------------------------------------------------------------------------
// A benchmark's throw-away world
// ---------------------------------------------------------------------------------------------

/**
 * A data directory, the embedded services and the processes a benchmark starts, all
 * stopped and removed together: at the end, on failure, and on Ctrl-C.
 */
export class BenchRun {
  services?: StartedServices
  private readonly processes: Server[] = []
  private readonly stops: Array<() => unknown> = []
  private cleaning = false

  private constructor(readonly dataDir: string) {}

  static async open(prefix: string) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix))
    // Run as root, the embedded PostgreSQL drops to its own user, which must reach its directory.
    await fs.chmod(dataDir, 0o755)
    const run = new BenchRun(dataDir)
    // The embedded PostgreSQL's own exit hook may end the process on a signal before cleanup() is done.
    process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }))
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        log(`${signal}: stopping`)
        run.cleanup().finally(() => process.exit(130))
      })
    }
    return run
  }

  /**
   * Starts throw-away embedded PostgreSQL and S3: in this process, or with `ownProcess` in a
   * child of their own (as `npm start` runs them), so the store does not share the
   * benchmark client's thread.
   */
  async startServices({ ownProcess = false } = {}) {
    log(`Starting embedded PostgreSQL and S3 (throw-away, ${this.dataDir}${ownProcess ? ', own process' : ''})`)
    this.services = ownProcess
      ? await startServicesProcess({ dataDir: this.dataDir, ephemeral: true, all: true })
      : await startMissingServices({ dataDir: this.dataDir, env: {} as NodeJS.ProcessEnv, ephemeral: true })
    return this.services
  }

  /** The pid of the services' own process, when they have one. */
  get servicesPid(): number | undefined {
    return (this.services as { pid?: number } | undefined)?.pid
  }

  /** Starts the server (or, with `entry`, the worker); stopped by cleanup(). */
  async start(env: Record<string, string>, options: StartOptions = {}) {
    const server = await startServer(env, this.dataDir, options)
    this.processes.push(server)
    return server
  }

  /** Something else to stop at the end (samplers, helper servers), before the processes. */
  onCleanup(stop: () => unknown) {
    this.stops.push(stop)
  }

  /** Writes the report to bench/results/<file>; with `strict`, a missed target fails the process. */
  async writeReport(file: string, report: { pass: boolean }, strict: boolean) {
    const out = path.join(RESULTS_DIR, file)
    await fs.mkdir(RESULTS_DIR, { recursive: true })
    await fs.writeFile(out, `${JSON.stringify(report, null, 2)}\n`)
    log(`Wrote ${path.relative(ROOT, out)}`)
    if (strict && !report.pass) process.exitCode = 1
  }

  /** Reports a failed run with the last output of each process it started. */
  fail(error: unknown) {
    process.exitCode = 1
    console.error(`[bench] failed: ${error instanceof Error ? error.stack : error}`)
    for (const server of this.processes) {
      if (server.tail.length) console.error(`[bench] last output of ${server.logFile}:\n${server.tail.slice(-40).join('\n')}`)
    }
  }

  async cleanup() {
    if (this.cleaning) return
    this.cleaning = true
    log('Stopping the processes and services')
    for (const stop of this.stops) await Promise.resolve(stop()).catch(() => undefined)
    for (const server of [...this.processes].reverse()) {
      await stopServer(server).catch((error) => log(`stopping ${server.baseUrl} failed: ${error}`))
    }
    await this.services?.stop().catch((error) => log(`stopping the services failed: ${error}`))
    await fs.rm(this.dataDir, { recursive: true, force: true }).catch(() => undefined)
  }
}
