// Backup benchmark: 10,000 media rows (two tags each, three renditions each) with their
// ~40,000 objects in a throw-away embedded store; times a backup (snapshot + manifest +
// gzip + store + retention) and a restore (verification, restore point, one-transaction
// replacement), and, in the same run as the baseline, a plain SELECT + JSON.stringify + gzip
// of the same rows. Peak RSS of this process (the services run in their own).
// Usage: npm run bench:backup   (BENCH_MEDIA=10000, BENCH_STRICT=1 fails on a missed target)
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import pLimit from 'p-limit'
import pg from 'pg'
import os from 'node:os'
import { BenchRun, cpuSeconds, gitCommit, intEnv, log, machineInfo, printChecks, processTree, round } from './lib/harness'

const MEDIA_COUNT = intEnv('BENCH_MEDIA', 10_000)
const STRICT = process.env.BENCH_STRICT === '1'
const TARGETS = { backupS: 5, restoreS: 15 }
const gzip = promisify(zlib.gzip)

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9

/**
 * Per named step of a backup or restore (its checkpoints, src/server/checkpoints.ts), the time since the previous step:
 * wall seconds, this process's CPU seconds (process.cpuUsage) and the CPU seconds of the
 * services' process tree (PostgreSQL and the store), so a loaded machine's figures can be
 * told from the work itself.
 */
function stepTimer(servicesPid?: number) {
  const phases: Record<string, { wallS: number; cpuS: number; servicesCpuS: number | null; sinceStartS: number }> = {}
  const servicesCpu = () => (servicesPid ? cpuSeconds(processTree(servicesPid)) : 0)
  const begin = process.hrtime.bigint()
  let last = { wall: begin, cpu: process.cpuUsage(), services: servicesCpu() }
  const reached = async (step: string) => {
    const now = { wall: process.hrtime.bigint(), cpu: process.cpuUsage(), services: servicesCpu() }
    const cpu = process.cpuUsage(last.cpu)
    phases[step] = {
      wallS: round(Number(now.wall - last.wall) / 1e9, 3),
      cpuS: round((cpu.user + cpu.system) / 1e6, 3),
      servicesCpuS: servicesPid ? round(now.services - last.services, 2) : null,
      sinceStartS: round(Number(now.wall - begin) / 1e9, 3),
    }
    last = { wall: process.hrtime.bigint(), cpu: process.cpuUsage(), services: servicesCpu() }
  }
  return { phases, checkpoints: { reached } }
}

/** Wall and CPU seconds of one measured operation: this process's, and the services' tree's. */
function measure(servicesPid?: number) {
  const wall = process.hrtime.bigint()
  const cpu = process.cpuUsage()
  const services = servicesPid ? cpuSeconds(processTree(servicesPid)) : 0
  return () => {
    const used = process.cpuUsage(cpu)
    return {
      wallS: seconds(wall),
      cpuS: round((used.user + used.system) / 1e6, 2),
      servicesCpuS: servicesPid ? round(cpuSeconds(processTree(servicesPid)) - services, 2) : null,
    }
  }
}

async function seedRows(pool: pg.Pool, count: number) {
  await pool.query(
    `
    WITH src AS (
      SELECT n, gen_random_uuid() AS id, (n % 10 = 0) AS hidden,
        (ARRAY['main_level','upstairs','downstairs','backyard','outdoors'])[1 + (n * 7 % 5)] AS section,
        (ARRAY['Kitchen','Living Room','Bedroom','Bathroom','Patio','Garden','Pool'])[1 + (n % 7)] AS room,
        (2000000 + (hashtext(n::text) & 4194303))::bigint AS bytes,
        now() - make_interval(mins => n * 37) AS uploaded
      FROM generate_series(1, $1::int) AS n
    )
    INSERT INTO media (
      id, original_filename, file_type, original_file_size, optimized_file_size, compression_ratio, uploaded_at,
      is_optimized, optimized_at, section_id, room, sort_order, is_hidden, description, notes, category, is_analyzed,
      analyzed_at, status, storage_key, sha256, perceptual_hash, derivatives, placeholder, filename, mime_type, filesize,
      width, height, property_id)
    SELECT id, 'IMG_' || n || '.jpg', 'image', bytes, (bytes * 0.32)::bigint, 68.0, uploaded, true,
      uploaded + interval '1 minute',
      CASE WHEN hidden THEN NULL ELSE (SELECT gs.id FROM gallery_sections gs JOIN properties p ON p.id = gs.property_id
                                        WHERE p.is_default AND gs.key = section) END, room, n, hidden,
      room || ' photo #' || n, 'note ' || n, 'interior', true, uploaded + interval '2 minutes', 'ready',
      'originals/' || id || '/IMG_' || n || '.jpg', md5(id::text) || md5(n::text), left(md5(n::text), 16),
      (SELECT jsonb_agg(jsonb_build_object('width', dw, 'height', dw * 3 / 4, 'key', 'derived/' || id || '/' || dw || '.webp',
         'size', 40 + dw) ORDER BY dw) FROM unnest(ARRAY[400, 800, 1600]) AS dw),
      'data:image/webp;base64,' || encode(decode(md5(id::text) || md5(n::text), 'hex'), 'base64'),
      id || '-IMG_' || n || '.jpg', 'image/jpeg', (bytes * 0.32)::bigint, 4032, 3024, (SELECT id FROM properties WHERE is_default)
    FROM src`,
    [count],
  )
  await pool.query(`
    INSERT INTO media_texts ("order", parent_id, path, text)
    SELECT o, m.id, 'tags', (ARRAY['bright','cosy','modern','spacious','view','deck'])[1 + ((m.sort_order::int + o) % 6)]
    FROM media m CROSS JOIN generate_series(1, 2) AS o`)
}

async function main() {
  const bench = await BenchRun.open('gallery-bench-backup-')
  try {
    const services = await bench.startServices({ ownProcess: true })
    Object.assign(process.env, services.env)
    // Imported after the environment is set: the store client and Payload read it.
    const [{ getPayload }, { default: config }, { createBackup }, { restoreBackup }, { putObject }, { defaultPropertyScope }] = await Promise.all([
      import('payload'),
      import('../payload.config'),
      import('../src/server/backup/create-backup'),
      import('../src/server/backup/restore-backup'),
      import('../src/server/storage/put-object'),
      import('../src/server/properties/default-property'),
    ])
    log('Applying migrations')
    const payload = await getPayload({ config })
    const pool = (payload.db as unknown as { pool: pg.Pool }).pool
    // The services stop before this process ends: idle connections closing then are expected.
    pool.on('error', () => undefined)

    log(`Seeding ${MEDIA_COUNT} media rows`)
    await seedRows(pool, MEDIA_COUNT)
    const { rows: keyRows } = await pool.query<{ key: string }>(
      `SELECT storage_key AS key FROM media UNION ALL SELECT d->>'key' FROM media, jsonb_array_elements(derivatives) d`,
    )
    log(`Storing ${keyRows.length} objects`)
    const body = Buffer.alloc(64, 1)
    await pLimit(32).map(keyRows, (row) => putObject({ key: row.key, body, contentType: 'application/octet-stream' }))
    await pool.query('ANALYZE')

    // Baseline: the same rows with a plain SELECT, JSON.stringify and gzip, nothing else.
    log('Baseline: SELECT + JSON.stringify + gzip')
    const loadAtStart = os.loadavg().map((value) => round(value, 2))
    const servicesPid = bench.servicesPid
    let done = measure(servicesPid)
    const plain = {
      sections: (await pool.query('SELECT * FROM gallery_sections')).rows,
      media: (await pool.query('SELECT * FROM media')).rows,
      texts: (await pool.query('SELECT * FROM media_texts')).rows,
    }
    const plainBytes = await gzip(JSON.stringify(plain))
    const baseline = done()

    // The first backup asks the store about every object (HEAD, once per key); later ones
    // only about objects new since (the object index), which is every backup after the first.
    log('First backup (every object asked of the store)')
    done = measure(servicesPid)
    const scope = await defaultPropertyScope(payload)
    const first = await createBackup({ pool, scope, kind: 'manual' })
    const firstBackup = done()

    log('Backup')
    const backupSteps = stepTimer(servicesPid)
    done = measure(servicesPid)
    const backup = await createBackup({ pool, scope, kind: 'manual', checkpoints: backupSteps.checkpoints })
    const backupRun = done()
    if (backup.objectCount !== first.objectCount) throw new Error('The two backups disagree on the objects')

    // Something to undo: 100 photos deleted (their objects to trash), 500 re-organised.
    const { rows: doomed } = await pool.query<{ id: string }>('SELECT id FROM media ORDER BY sort_order LIMIT 100')
    await payload.delete({ collection: 'media', where: { id: { in: doomed.map((row) => row.id) } }, overrideAccess: true })
    await pool.query(`UPDATE media SET section_id = NULL, is_hidden = true WHERE sort_order BETWEEN 200 AND 700`)

    log('Restore (includes its restore point)')
    const restoreSteps = stepTimer(servicesPid)
    done = measure(servicesPid)
    const restored = await restoreBackup({ pool, scope, backupId: backup.id, checkpoints: restoreSteps.checkpoints })
    const restoreRun = done()
    const { rows: check } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM media')
    if (check[0].n !== MEDIA_COUNT) throw new Error(`Restored ${check[0].n} media rows, expected ${MEDIA_COUNT}`)

    const peakRssMb = round(process.resourceUsage().maxRSS / 1024, 1)
    const figures = {
      firstBackupS: round(firstBackup.wallS, 2),
      backupS: round(backupRun.wallS, 2),
      restoreS: round(restoreRun.wallS, 2),
      // The run's outcome commits with the rows: this is when the manager's request has its answer.
      restoreAnswerS: restoreSteps.phases['restore-after-commit']?.sinceStartS ?? null,
      baselineS: round(baseline.wallS, 2),
      backupVsBaseline: round(backupRun.wallS / baseline.wallS, 2),
      cpuS: {
        note: 'CPU seconds: this process (process.cpuUsage) and the services process tree (PostgreSQL, store)',
        firstBackup: { own: firstBackup.cpuS, services: firstBackup.servicesCpuS },
        backup: { own: backupRun.cpuS, services: backupRun.servicesCpuS },
        restore: { own: restoreRun.cpuS, services: restoreRun.servicesCpuS },
        baseline: { own: baseline.cpuS, services: baseline.servicesCpuS },
      },
      backupBytes: backup.bytes,
      baselineBytes: plainBytes.length,
      objectsInManifest: backup.objectCount,
      restoreMessage: restored.message,
      peakRssMb,
      backupPhasesS: backupSteps.phases,
      restorePhasesS: restoreSteps.phases,
    }
    console.log('')
    console.table({
      'first backup, cold object index (s)': figures.firstBackupS,
      'backup (s)': figures.backupS,
      'backup CPU, this process / services (s)': `${backupRun.cpuS} / ${backupRun.servicesCpuS}`,
      'restore, to the answer (s)': figures.restoreAnswerS,
      'restore, with moving objects to trash after it (s)': figures.restoreS,
      'restore CPU, this process / services (s)': `${restoreRun.cpuS} / ${restoreRun.servicesCpuS}`,
      'baseline SELECT+stringify+gzip (s)': figures.baselineS,
      'baseline CPU, this process / services (s)': `${baseline.cpuS} / ${baseline.servicesCpuS}`,
      'load average at start': loadAtStart.join(' '),
      'backup / baseline': figures.backupVsBaseline,
      'backup file (MB)': round(backup.bytes / 1048576, 2),
      'baseline gzip (MB)': round(plainBytes.length / 1048576, 2),
      'objects in manifest': backup.objectCount,
      'peak RSS of this process (MB)': peakRssMb,
    })
    console.log('backup phases (time before each step: wall s, CPU s of this process and of the services):')
    console.table(backupSteps.phases)
    console.log('restore phases (time before each step):')
    console.table(restoreSteps.phases)
    const checks = [
      {
        target: `backup of ${MEDIA_COUNT} rows ≤ ${TARGETS.backupS} s`,
        actual: `${figures.backupS} s`,
        pass: backupRun.wallS <= TARGETS.backupS,
      },
      {
        target: `restore of ${MEDIA_COUNT} rows ≤ ${TARGETS.restoreS} s`,
        actual: `${figures.restoreS} s`,
        pass: restoreRun.wallS <= TARGETS.restoreS,
      },
    ]
    printChecks(checks)
    const report = {
      benchmark: 'backup',
      date: new Date().toISOString(),
      commit: gitCommit(),
      machine: { ...machineInfo(), loadAverageAtStart: loadAtStart },
      mediaRows: MEDIA_COUNT,
      objects: keyRows.length,
      figures,
      targets: TARGETS,
      checks,
      pass: checks.every((check) => check.pass),
      notes: [
        'backup = one REPEATABLE READ snapshot of every backed-up table, the manifest from the object index (no store request for objects seen before), gzip, sha256, upload under a temporary key, copy + delete, row update, retention and trash purge.',
        'restore = download, sha256, gunzip, parse and checks; in one transaction: every backed-up table locked, the rows read once (they are the restore point, the keys in use and the before-state) while trash/ is listed, the objects checked (index for those in use, trash listing, HEAD for any other), then at once the restore point written, the objects copied back from trash/ (verified by ETag) and every row replaced; COMMIT (restoreAnswerS: the run answers here); then objects only the replaced rows used moved to trash/, trash copies removed, retention (restoreS includes these).',
        'restoreBackup is called directly (as the backup job does); the job adds its claim (the worker looks every second when idle).',
        'cpuS: CPU seconds of this process (process.cpuUsage) and of the services process tree (PostgreSQL and the store, from /proc); phases likewise; machine.loadAverageAtStart is os.loadavg() before the baseline.',
        'baseline = SELECT * of the same three tables, JSON.stringify and gzip in this process: no snapshot, manifest, store or checks.',
      ],
    }
    await bench.writeReport('backup.json', report, STRICT)
    await payload.destroy?.()
  } catch (error) {
    bench.fail(error)
    if (error instanceof Error && error.cause) console.error("[bench] cause:", error.cause)
  } finally {
    await bench.cleanup()
  }
}

await main()
process.exit(process.exitCode ?? 0)
