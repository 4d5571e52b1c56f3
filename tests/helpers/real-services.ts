// The services production runs on, started for the lane on real services: Ceph's RADOS Gateway
// (a real S3 implementation) in front of a private single-host Ceph cluster, and PostgreSQL as
// a server of its own, both from Debian's packages (tests/tools/provision-services.ts installs
// them). Everything lives in one directory and on 127.0.0.1 only:
// - Ceph: one monitor, one OSD on memstore (in memory), no authentication, pools of size 1;
//   the gateway keeps its data over a clean stop (`osd fast shutdown = false`), and must talk
//   `crc` or `secure` to a monitor without authentication (`ms mon client mode`).
// - PostgreSQL: a cluster made by initdb, run as the `postgres` user when we are root (the
//   server refuses to run as root), on its own port with its socket in the directory.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from '../../src/host/embedded/free-port'

const PG_BIN = '/usr/lib/postgresql/15/bin'

/** The programs the lane starts, and the Debian package each comes from. */
export const REAL_SERVICE_PROGRAMS = {
  'ceph-mon': { path: '/usr/bin/ceph-mon', debianPackage: 'ceph-mon' },
  'ceph-osd': { path: '/usr/bin/ceph-osd', debianPackage: 'ceph-osd' },
  monmaptool: { path: '/usr/bin/monmaptool', debianPackage: 'ceph-base' },
  ceph: { path: '/usr/bin/ceph', debianPackage: 'ceph-common' },
  radosgw: { path: '/usr/bin/radosgw', debianPackage: 'radosgw' },
  'radosgw-admin': { path: '/usr/bin/radosgw-admin', debianPackage: 'radosgw' },
  postgres: { path: `${PG_BIN}/postgres`, debianPackage: 'postgresql-15' },
  initdb: { path: `${PG_BIN}/initdb`, debianPackage: 'postgresql-15' },
} as const

export type RealServices = {
  /** DATABASE_URL and S3_* for the app. */
  env: Record<string, string>
  /** What each service is, for the log. */
  versions: { postgres: string; radosgw: string }
  /** The env of a database and a bucket of their own named `name` (lower case, a-z and 0-9), on the same servers. */
  another(name: string): Promise<Record<string, string>>
  stop(): Promise<void>
}

/** Runs a program to its end; its output, or an error with what it printed. */
function runToEnd(file: string, args: string[], { as }: { as?: string } = {}): string {
  const [command, commandArgs] = as ? ['runuser', ['-u', as, '--', file, ...args]] : [file, args]
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', timeout: 120_000 })
  if (result.status !== 0) {
    throw new Error(`${file} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`.slice(0, 2000))
  }
  return result.stdout
}

type Daemon = { name: string; child: ChildProcess; exited: Promise<void> }

/** Starts a program that stays in the foreground, its output to `logFile`. */
async function daemon(name: string, file: string, args: string[], logFile: string, { as }: { as?: string } = {}): Promise<Daemon> {
  const log = await fs.open(logFile, 'a')
  const [command, commandArgs] = as ? ['runuser', ['-u', as, '--', file, ...args]] : [file, args]
  const child = spawn(command, commandArgs, { stdio: ['ignore', log.fd, log.fd] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  void exited.then(() => log.close())
  return { name, child, exited }
}

async function stopDaemon({ child, exited }: Daemon, timeoutMs = 30_000) {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  await exited
  clearTimeout(timer)
}

/** Polls `ready` until it holds; fails naming `what` (and the daemons that died) after `timeoutMs`. */
async function until(what: string, ready: () => Promise<boolean> | boolean, daemons: Daemon[], timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const dead = daemons.find(({ child }) => child.exitCode !== null || child.signalCode !== null)
    if (dead) throw new Error(`${dead.name} exited while waiting for ${what}: see its log`)
    if (await Promise.resolve(ready()).catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await sleep(250)
  }
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })

function cephConfig(dir: string, fsid: string, monPort: number, rgwPort: number) {
  return `[global]
fsid = ${fsid}
mon host = [v2:127.0.0.1:${monPort}]
public addr = 127.0.0.1
auth cluster required = none
auth service required = none
auth client required = none
ms mon client mode = crc secure
keyring = ${dir}/keyring
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
pid file = ${dir}/run/$name.pid
log file = ${dir}/log/$name.log
mon data = ${dir}/mon/$name
osd data = ${dir}/osd/$name
mon allow pool size one = true
mon warn on pool no redundancy = false
mon max pg per osd = 1000
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
osd objectstore = memstore
memstore device bytes = ${4 * 1024 ** 3}
osd fast shutdown = false
osd memory target = ${1024 ** 3}

[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw data = ${dir}/rgw
`
}

const ACCESS_KEY_ID = 'GALLERYLANE0000000001'

async function startCeph(dir: string, daemons: Daemon[]) {
  await Promise.all(['run', 'log', 'mon/mon.a', 'osd/osd.0', 'rgw'].map((name) => fs.mkdir(path.join(dir, name), { recursive: true })))
  const fsid = randomUUID()
  const [monPort, rgwPort] = [await freePort(), await freePort()]
  const conf = path.join(dir, 'ceph.conf')
  await fs.writeFile(conf, cephConfig(dir, fsid, monPort, rgwPort))
  await fs.writeFile(path.join(dir, 'keyring'), '')
  const c = ['-c', conf]

  runToEnd('/usr/bin/monmaptool', ['--create', '--fsid', fsid, '--addv', 'a', `[v2:127.0.0.1:${monPort}]`, path.join(dir, 'monmap')])
  runToEnd('/usr/bin/ceph-mon', [...c, '--mkfs', '-i', 'a', '--monmap', path.join(dir, 'monmap')])
  daemons.push(await daemon('ceph-mon', '/usr/bin/ceph-mon', [...c, '-f', '-i', 'a'], path.join(dir, 'log/mon.stdout')))
  await until('the Ceph monitor', () => listening(monPort), daemons)

  const osdUuid = randomUUID()
  const osdId = runToEnd('/usr/bin/ceph', [...c, '--connect-timeout', '60', 'osd', 'new', osdUuid]).trim()
  runToEnd('/usr/bin/ceph-osd', [...c, '-i', osdId, '--mkfs', '--osd-uuid', osdUuid])
  daemons.push(await daemon('ceph-osd', '/usr/bin/ceph-osd', [...c, '-f', '-i', osdId], path.join(dir, 'log/osd.stdout')))
  await until('the Ceph OSD', () => JSON.parse(runToEnd('/usr/bin/ceph', [...c, 'osd', 'stat', '-f', 'json'])).num_up_osds === 1, daemons)

  daemons.push(await daemon('radosgw', '/usr/bin/radosgw', [...c, '-f', '-n', 'client.rgw'], path.join(dir, 'log/rgw.stdout')))
  await until('the RADOS Gateway', () => listening(rgwPort), daemons, 180_000)
  const secret = randomUUID().replace(/-/g, '')
  runToEnd('/usr/bin/radosgw-admin', [...c, 'user', 'create', '--uid=gallery', '--display-name=gallery', `--access-key=${ACCESS_KEY_ID}`, `--secret-key=${secret}`])
  return { endpoint: `http://127.0.0.1:${rgwPort}`, secret, version: runToEnd('/usr/bin/radosgw', ['--version']).trim() }
}

async function startPostgres(dir: string, daemons: Daemon[]) {
  // The server refuses to run as root: the `postgres` user the package made runs it then.
  const as = process.getuid?.() === 0 ? 'postgres' : undefined
  const data = path.join(dir, 'data')
  await fs.mkdir(dir, { recursive: true })
  if (as) runToEnd('chown', ['-R', `${as}:${as}`, dir])
  runToEnd(`${PG_BIN}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'], { as })
  const port = await freePort()
  daemons.push(
    await daemon('postgres', `${PG_BIN}/postgres`, ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'], path.join(dir, 'postgres.log'), { as }),
  )
  const { default: pg } = await import('pg')
  const connect = async () => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' })
    // A client connects once: a refused attempt takes a new one.
    return client.connect().then(() => client, (error: unknown) => (client.end().catch(() => {}), Promise.reject(error)))
  }
  await until('PostgreSQL', async () => ((await connect()).end(), true), daemons)
  const admin = await connect()
  // The app's own role owns its database, as in production; it is no superuser.
  const password = randomUUID()
  await admin.query(`CREATE ROLE gallery LOGIN PASSWORD '${password}'`)
  await admin.query('CREATE DATABASE gallery OWNER gallery')
  const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version
  await admin.end()
  const urlOf = (database: string) => `postgres://gallery:${password}@127.0.0.1:${port}/${database}`
  const createDatabase = async (database: string) => {
    const client = await connect()
    await client.query(`CREATE DATABASE ${database} OWNER gallery`).finally(() => client.end())
    return urlOf(database)
  }
  return { url: urlOf('gallery'), version: `PostgreSQL ${version}`, createDatabase }
}

/** Makes the bucket, with the CORS rule the README asks an operator to give it. */
async function createBucket(endpoint: string, secret: string, bucket: string, origins: string[]) {
  const { CreateBucketCommand, PutBucketCorsCommand, S3Client } = await import('@aws-sdk/client-s3')
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: secret } })
  await client.send(new CreateBucketCommand({ Bucket: bucket }))
  if (origins.length) {
    await client.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: {
          CORSRules: [{ AllowedOrigins: origins, AllowedMethods: ['GET', 'HEAD', 'PUT', 'POST'], AllowedHeaders: ['*'], ExposeHeaders: ['ETag', 'Location'], MaxAgeSeconds: 3000 }],
        },
      }),
    )
  }
  client.destroy()
}

/** Starts Ceph with its gateway and PostgreSQL in `dir`; stop() stops them (the directory stays for the caller to remove). */
export async function startRealServices(dir: string, { bucket = 'gallery', origins = [] as string[] } = {}): Promise<RealServices> {
  const missing = Object.values(REAL_SERVICE_PROGRAMS).filter(({ path: file }) => !existsSync(file))
  if (missing.length) throw new Error(`The lane on real services needs ${missing.map(({ path: file }) => file).join(', ')}: run \`npm run test:services\`.`)
  await fs.chmod(dir, 0o755)
  const daemons: Daemon[] = []
  const stop = async () => {
    for (const one of daemons.reverse()) await stopDaemon(one)
  }
  try {
    // Both settle before a failure stops them: one still starting would start daemons after the stop.
    const [ceph, postgres] = (
      await Promise.allSettled([startCeph(path.join(dir, 'ceph'), daemons), startPostgres(path.join(dir, 'postgres'), daemons)])
    ).map((started) => {
      if (started.status === 'rejected') throw started.reason
      return started.value
    }) as [Awaited<ReturnType<typeof startCeph>>, Awaited<ReturnType<typeof startPostgres>>]
    const envOf = (databaseUrl: string, bucketName: string) => ({
      DATABASE_URL: databaseUrl,
      S3_ENDPOINT: ceph.endpoint,
      S3_BUCKET: bucketName,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: ceph.secret,
      S3_FORCE_PATH_STYLE: 'true',
    })
    await createBucket(ceph.endpoint, ceph.secret, bucket, origins)
    return {
      env: envOf(postgres.url, bucket),
      versions: { postgres: postgres.version, radosgw: ceph.version },
      another: async (name) => {
        const url = await postgres.createDatabase(name)
        await createBucket(ceph.endpoint, ceph.secret, name, origins)
        return envOf(url, name)
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
