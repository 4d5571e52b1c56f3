// The abstention part of `npm run bench:analysis-accuracy`: fits and scores (analysis-trust.ts),
// prints per machine word precision, recall and abstentions on both halves, and the confusion
// pairs; with --write-thresholds writes the fitted thresholds to src/server/analysis/thresholds.ts.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { ImageAnalysis } from '../../src/server/analysis/engine'
import { fitAndScore } from './analysis-trust'
import { log, ROOT } from './harness'

type Labelled = { name: string; label: { category: string; objects: string[] }; result: ImageAnalysis }

export async function trustFigures(labelled: Labelled[], writeThresholds: boolean) {
  const figures = await fitAndScore(labelled)
  const { fitted, fittingHalf, heldOutHalf } = figures
  const rows = Object.keys({ ...fittingHalf.words, ...heldOutHalf.words }).sort()
  const cell = (f: (typeof heldOutHalf.words)[string] | undefined) =>
    f ? `${String(f.precision ?? '–').padStart(5)} ${String(f.recall ?? '–').padStart(5)} ${String(f.written).padStart(3)}/${String(f.abstained).padStart(3)}` : '                    '
  console.log(`\nPer machine word, as fitted: precision, recall, written/withheld — fitting half (${fittingHalf.photos} photos) | held-out half (${heldOutHalf.photos} photos)`)
  for (const w of rows) console.log(`${w.padEnd(24)} ${cell(fittingHalf.words[w])} | ${cell(heldOutHalf.words[w])}`)
  const bare = { fit: figures.fittingHalfWithoutNeighbours, held: figures.heldOutHalfWithoutNeighbours }
  const rowsBare = Object.keys({ ...bare.fit.words, ...bare.held.words }).filter((w) => !w.startsWith('color:') && !w.startsWith('object:')).sort()
  console.log('\nThe same without any placed photo (objects and colours do not depend on them):')
  for (const w of rowsBare) console.log(`${w.padEnd(24)} ${cell(bare.fit.words[w])} | ${cell(bare.held.words[w])}`)
  console.log('Held-out without placed photos: words below 0.95:', bare.held.wordsBelowTarget.join(', ') || 'none', '; written the wrong way:', bare.held.insideOutViolations.join('; ') || 'none')
  console.log('Abstentions (photos with no word of the kind):', JSON.stringify({ fitting: fittingHalf.abstentions, heldOut: heldOutHalf.abstentions }))
  const filed = (f: typeof heldOutHalf.indoorFiled) => `${f.filed} of ${f.indoor} (${f.share ?? '–'})`
  console.log(`Indoor photos filed under a category: fitting half ${filed(fittingHalf.indoorFiled)} | held-out half ${filed(heldOutHalf.indoorFiled)}`)
  console.log('Confusions, held-out:', JSON.stringify(heldOutHalf.confusions))
  console.log('Held-out words below 0.95:', heldOutHalf.wordsBelowTarget.join(', ') || 'none')
  console.log('Held-out outdoor/indoor written the wrong way:', heldOutHalf.insideOutViolations.join('; ') || 'none')
  console.log('Never written (no threshold reaches 0.95 on the fitting half):', JSON.stringify(figures.notWritten))
  const side = (s: typeof figures.scene.outdoorThreshold) => `${s.threshold} (no wrong photo above: ${s.empirical}; 99 % prediction bound of the wrong side: ${s.bound})`
  console.log('Indoor/outdoor thresholds: outdoor', side(figures.scene.outdoorThreshold), '; indoor', side(figures.scene.indoorThreshold))
  console.log('Switched off by the fitting half\'s checks (leave-one-out; evidence):', figures.switchedOffByFittingChecks.map((w) => `${w.word} (${w.why}: ${w.correct} of ${w.written})`).join(', ') || 'none')
  if (writeThresholds) {
    const date = new Date().toISOString().slice(0, 10)
    const held = Object.values(heldOutHalf.words)
    const written = held.reduce((s, f) => s + f.written, 0)
    const correct = held.reduce((s, f) => s + f.correct, 0)
    const file = path.join(ROOT, 'src', 'server', 'analysis', 'thresholds.ts')
    const { thresholdsModule } = await import('./analysis-trust')
    await fs.writeFile(
      file,
      thresholdsModule(fitted, [
        `Fitted ${date} on ${fittingHalf.photos} photos; held out ${heldOutHalf.photos}: ${correct} of ${written} words written there right,`,
        `words below 0.95 there: ${heldOutHalf.wordsBelowTarget.join(', ') || 'none'}; in/out abstained on ${heldOutHalf.abstentions.inOutAbstained}, category on ${heldOutHalf.abstentions.categoryAbstained}.`,
        `Switched off by the fitting half's checks (leave-one-out; evidence): ${figures.switchedOffByFittingChecks.map((w) => w.word).join(', ') || 'none'}.`,
      ]),
    )
    log(`Wrote ${path.relative(ROOT, file)}`)
  }
  return figures
}
