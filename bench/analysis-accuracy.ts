// Accuracy of the analysis on the labelled real photographs alone (no server, no database):
// object precision/recall per class, category accuracy with the confusion pairs, suggestion
// accuracy leave-one-out; the quality codes on generated variants, with their suggested edits
// (bench/lib/quality-accuracy.ts), and the sideways code (bench/lib/sideways-accuracy.ts). `npm run bench:analysis` measures the same as part of its run.
// Usage: npm run bench:analysis-accuracy   (writes bench/results/analysis-accuracy.json)
// With --write-thresholds it also writes the fitted thresholds to src/server/analysis/thresholds.ts.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { measureAccuracy } from './lib/analysis-accuracy'
import { measureQualityAccuracy, printQualityAccuracy } from './lib/quality-accuracy'
import { measureSidewaysAccuracy, printSidewaysAccuracy } from './lib/sideways-accuracy'
import { trustFigures } from './lib/analysis-trust-report'
import { gitCommit, log, machineInfo, RESULTS_DIR, ROOT, round } from './lib/harness'

const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'analysis')

async function main() {
  const loadAverageAtStart = os.loadavg().map((v) => round(v, 2))
  const cpuStart = process.cpuUsage()
  const t0 = performance.now()
  log(`Analysing the labelled photographs in ${path.relative(ROOT, FIXTURES)}`)
  let labelled: Parameters<typeof trustFigures>[0] = []
  const accuracy = await measureAccuracy(FIXTURES, (analysed) => (labelled = analysed))
  const quality = await measureQualityAccuracy(FIXTURES)
  printQualityAccuracy(quality)
  const sideways = await measureSidewaysAccuracy(FIXTURES)
  printSidewaysAccuracy(sideways)
  const { perPhoto, ...summary } = accuracy
  console.log(JSON.stringify(summary, null, 2))
  // Abstain rather than guess: every machine word's threshold fitted on one half, both halves scored.
  const abstention = await trustFigures(labelled, process.argv.includes('--write-thresholds'))
  const cpu = process.cpuUsage(cpuStart)
  const report = {
    machine: { ...machineInfo(), loadAverageAtStart },
    commit: gitCommit(),
    run: { wallSeconds: round((performance.now() - t0) / 1000, 1), processCpuSeconds: round((cpu.user + cpu.system) / 1e6, 1) },
    accuracy,
    quality,
    sideways,
    abstention,
  }
  await fs.mkdir(RESULTS_DIR, { recursive: true })
  await fs.writeFile(path.join(RESULTS_DIR, 'analysis-accuracy.json'), `${JSON.stringify(report, null, 2)}\n`)
  log('Wrote bench/results/analysis-accuracy.json')
  const { stopDetector } = await import('../src/server/analysis/model')
  await stopDetector()
}

await main()
