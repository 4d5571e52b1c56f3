// Backup benchmark: 10,000 media rows (two tags each, three renditions each) with their
// ~40,000 objects in a throw-away embedded store; times a backup (snapshot + manifest +
// gzip + store + retention) and a restore (verification, restore point, one-transaction
// replacement), and, in the same run as the baseline, a plain SELECT + JSON.stringify + gzip
// of the same rows. Peak RSS of this process (the services run in their own).
// Usage: npm run bench:backup   (BENCH_MEDIA=10000, BENCH_STRICT=1 fails on a missed target)
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import pg from 'pg'
import { BenchRun, intEnv, log, machineInfo, gitCommit, printChecks, round } from './lib/harness'

const MEDIA_COUNT = intEnv('BENCH_MEDIA', 10_000)
const STRICT = process.env.BENCH_STRICT === '1'
const TARGETS = { backupS: 5, restoreS: 15 }
const gzip = promisify(zlib.gzip)

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9

/** Seconds spent before each named step of a backup or restore (its onStep hook). */
function stepTimer() {
  const phases: Record<string, number> = {}
  let last = process.hrtime.bigint()
  const onStep = async (step: string) => {
    const now = process.hrtime.bigint()
    phases[step] = round(Number(now - last) / 1e9, 3)
    last = now
  }
  return { phases, onStep }
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
      width, height)
    SELECT id, 'IMG_' || n || '.jpg', 'image', bytes, (bytes * 0.32)::bigint, 68.0, uploaded, true,
      uploaded + interval '1 minute', CASE WHEN hidden THEN NULL ELSE section END, room, n, hidden,
      room || ' photo #' || n, 'note ' || n, 'interior', true, uploaded + interval '2 minutes', 'ready',
      'originals/' || id || '/IMG_' || n || '.jpg', md5(id::text) || md5(n::text), left(md5(n::text), 16),
      (SELECT jsonb_agg(jsonb_build_object('width', dw, 'height', dw * 3 / 4, 'key', 'derived/' || id || '/' || dw || '.webp',
         'size', 40 + dw) ORDER BY dw) FROM unnest(ARRAY[400, 800, 1600]) AS dw),
      'data:image/webp;base64,' || encode(decode(md5(id::text) || md5(n::text), 'hex'), 'base64'),
      id || '-IMG_' || n || '.jpg', 'image/jpeg', (bytes * 0.32)::bigint, 4032, 3024
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
    const [{ getPayload }, { default: config }, { createBackup }, { restoreBackup }, store] = await Promise.all([
      import('payload'),
      import('../payload.config'),
      import('../src/server/backup/create-backup'),
      import('../src/server/backup/restore-backup'),
      import('../src/server/backup/store'),
    ])
    log('Applying migrations')
    const payload = await getPayload({ config })
    const pool = (payload.db as unknown as { pool: pg.Pool }).pool

    log(`Seeding ${MEDIA_COUNT} media rows`)
    await seedRows(pool, MEDIA_COUNT)
    const { rows: keyRows } = await pool.query<{ key: string }>(
      `SELECT storage_key AS key FROM media UNION ALL SELECT d->>'key' FROM media, jsonb_array_elements(derivatives) d`,
    )
    log(`Storing ${keyRows.length} objects`)
    const body = Buffer.alloc(64, 1)
    await store.eachLimited(keyRows, 32, (row) => store.putBytes(store.appStore(), row.key, body, 'application/octet-stream'))
    await pool.query('ANALYZE')

    // Baseline: the same rows with a plain SELECT, JSON.stringify and gzip, nothing else.
    log('Baseline: SELECT + JSON.stringify + gzip')
    let start = process.hrtime.bigint()
    const plain = {
      sections: (await pool.query('SELECT * FROM gallery_sections')).rows,
      media: (await pool.query('SELECT * FROM media')).rows,
      texts: (await pool.query('SELECT * FROM media_texts')).rows,
    }
    const plainBytes = await gzip(JSON.stringify(plain))
    const baselineS = seconds(start)

    // The first backup asks the store about every object (HEAD, once per key); later ones
    // only about objects new since (the object index), which is every backup after the first.
    log('First backup (every object asked of the store)')
    start = process.hrtime.bigint()
    const first = await createBackup({ pool, kind: 'manual' })
    const firstBackupS = seconds(start)

    log('Backup')
    const backupSteps = stepTimer()
    start = process.hrtime.bigint()
    const backup = await createBackup({ pool, kind: 'manual', onStep: backupSteps.onStep })
    const backupS = seconds(start)
    if (backup.objectCount !== first.objectCount) throw new Error('The two backups disagree on the objects')

    // Something to undo: 100 photos deleted (their objects to trash), 500 re-organised.
    const { rows: doomed } = await pool.query<{ id: string }>('SELECT id FROM media ORDER BY sort_order LIMIT 100')
    await payload.delete({ collection: 'media', where: { id: { in: doomed.map((row) => row.id) } }, overrideAccess: true })
    await pool.query(`UPDATE media SET section_id = NULL, is_hidden = true WHERE sort_order BETWEEN 200 AND 700`)

    log('Restore (includes its restore point)')
    start = process.hrtime.bigint()
    const restoreSteps = stepTimer()
    const restored = await restoreBackup({ pool, backupId: backup.id, onStep: restoreSteps.onStep })
    const restoreS = seconds(start)
    const { rows: check } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM media')
    if (check[0].n !== MEDIA_COUNT) throw new Error(`Restored ${check[0].n} media rows, expected ${MEDIA_COUNT}`)

    const peakRssMb = round(process.resourceUsage().maxRSS / 1024, 1)
    const figures = {
      firstBackupS: round(firstBackupS, 2),
      backupS: round(backupS, 2),
      restoreS: round(restoreS, 2),
      baselineS: round(baselineS, 2),
      backupVsBaseline: round(backupS / baselineS, 2),
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
      'restore (s)': figures.restoreS,
      'baseline SELECT+stringify+gzip (s)': figures.baselineS,
      'backup / baseline': figures.backupVsBaseline,
      'backup file (MB)': round(backup.bytes / 1048576, 2),
      'baseline gzip (MB)': round(plainBytes.length / 1048576, 2),
      'objects in manifest': backup.objectCount,
      'peak RSS of this process (MB)': peakRssMb,
    })
    console.log('backup phases (s, time before each step):', backupSteps.phases)
    console.log('restore phases (s, time before each step):', restoreSteps.phases)
    const checks = [
      {
        target: `backup of ${MEDIA_COUNT} rows ≤ ${TARGETS.backupS} s`,
        actual: `${figures.backupS} s`,
        pass: backupS <= TARGETS.backupS,
      },
      {
        target: `restore of ${MEDIA_COUNT} rows ≤ ${TARGETS.restoreS} s`,
        actual: `${figures.restoreS} s`,
        pass: restoreS <= TARGETS.restoreS,
      },
    ]
    printChecks(checks)
    const report = {
      benchmark: 'backup',
      date: new Date().toISOString(),
      commit: gitCommit(),
      machine: machineInfo(),
      mediaRows: MEDIA_COUNT,
      objects: keyRows.length,
      figures,
      targets: TARGETS,
      checks,
      pass: checks.every((check) => check.pass),
      notes: [
        'backup = one REPEATABLE READ snapshot of every backed-up table, the manifest from the object index (no store request for objects seen before), gzip, sha256, upload under a temporary key, copy + delete, row update, retention and trash purge.',
        'restore = download, sha256, gunzip, parse and checks, HEAD of the objects the current rows do not use and a listing of trash/, a restore point (a full backup), one transaction replacing every row, moving objects only the replaced rows used to trash, retention.',
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
