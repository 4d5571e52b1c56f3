// Runs the test steps, each once, and prints each one's wall time as it ends (`unit: 48 s`),
// after the runner's own closing lines. `npm test` runs two lanes side by side: the checks, the
// unit tests and the integration suite; and the browser, the example app's migrations check, the
// type check, the build and the end-to-end suite; each ends with its part of the lane on
// real services (tests/tools/real-services-lane.ts). Both spend much of their time waiting on
// processes they started (servers, workers, a browser), so on two cores together they take less
// than one after the other. The type check of the whole tree is a step of its own, so the build
// skips Next's (of the app alone).
// A failing step ends its lane; the run exits with the first failing step's code once both
// lanes are over.
// Named steps run in order, stopping at the first that fails (`npm run test:e2e` runs browser,
// build and e2e); arguments that are not step names go to the last step
// (`npm run test:e2e -- x.e2e.spec.ts`). The build step is `npm run build`, whatever that builds.
import { runCommand as run } from '../helpers/run-command'

const STEPS = {
  migrations: ['tsx', 'tests/tools/check-migrations.ts'],
  'example-migrations': ['tsx', '--tsconfig', 'examples/minimal-site/tsconfig.json', 'tests/tools/check-migrations.ts', 'examples/minimal-site/payload.config.ts'],
  browser: ['tsx', 'tests/tools/provision-chromium.ts'],
  'exit-codes': ['tsx', 'tests/tools/check-exit-codes.ts'],
  unit: ['vitest', 'run', '--project', 'unit'],
  typecheck: ['npm', 'run', 'typecheck'],
  int: ['vitest', 'run', '--project', 'int'],
  build: ['npm', 'run', 'build'],
  e2e: ['playwright', 'test'],
  'real-services-int': ['tsx', 'tests/tools/real-services-lane.ts', 'int'],
  'real-services-e2e': ['tsx', 'tests/tools/real-services-lane.ts', 'e2e'],
} as const
type Step = keyof typeof STEPS

const isStep = (arg: string): arg is Step => Object.hasOwn(STEPS, arg)

const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`

/** Runs steps in order; the first failing step's code, or 0. */
async function runInOrder(steps: readonly Step[], { extra = [], env = {} }: { extra?: string[]; env?: Record<string, string> } = {}): Promise<number> {
  for (const [index, step] of steps.entries()) {
    const last = index === steps.length - 1
    const stepStarted = performance.now()
    const code = await run(last ? [...STEPS[step], ...extra] : STEPS[step], env)
    if (code !== 0) {
      console.error(`${step}: failed (exit ${code}) after ${seconds(stepStarted)}`)
      return code
    }
    console.log(`${step}: ${seconds(stepStarted)}`)
  }
  return 0
}

const LANES: readonly (readonly Step[])[] = [
  ['migrations', 'exit-codes', 'unit', 'int', 'real-services-int'],
  // The example app's migrations check and the type check here: this lane is the shorter one
  // (a fresh-clone run: 744 s against 856 with the type check in the other).
  ['browser', 'example-migrations', 'typecheck', 'build', 'e2e', 'real-services-e2e'],
]

async function main(argv: string[]): Promise<number> {
  const chosen = argv.filter(isStep)
  const extra = argv.filter((arg) => !isStep(arg))
  const started = performance.now()
  // next.config.ts: the build leaves type checking to the typecheck step when it runs too.
  const env: Record<string, string> = chosen.length && !chosen.includes('typecheck') ? {} : { BUILD_SKIP_TYPECHECK: '1' }
  const code = chosen.length
    ? await runInOrder(chosen, { extra, env })
    : ((await Promise.all(LANES.map((lane) => runInOrder(lane, { env })))).find((laneCode) => laneCode !== 0) ?? 0)
  console.log(`all steps: ${seconds(started)}`)
  return code
}

process.exitCode = await main(process.argv.slice(2))
