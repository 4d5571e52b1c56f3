// Runs the test steps in order, each once, and prints each one's wall time as it ends
// (`unit: 48 s`), after the runner's own closing lines. Stops at the first step that fails,
// exiting with its code. `npm test` runs every step; `npm run test:e2e` runs browser, build and
// e2e. Arguments that are not step names go to the last step (`npm run test:e2e -- x.e2e.spec.ts`).
// The build step is `npm run build`, whatever that builds.
import { spawn } from 'node:child_process'
import path from 'node:path'

const STEPS = {
  migrations: ['tsx', 'tests/tools/check-migrations.ts'],
  browser: ['tsx', 'tests/tools/provision-chromium.ts'],
  'exit-codes': ['tsx', 'tests/tools/check-exit-codes.ts'],
  unit: ['vitest', 'run', '--project', 'unit'],
  int: ['vitest', 'run', '--project', 'int'],
  build: ['npm', 'run', 'build'],
  e2e: ['playwright', 'test'],
} as const
type Step = keyof typeof STEPS

const isStep = (arg: string): arg is Step => Object.hasOwn(STEPS, arg)

function run(command: readonly string[]): Promise<number> {
  const [file, ...args] = command
  const bin = path.resolve('node_modules', '.bin')
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: 'inherit', env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` } })
    child.on('error', (error) => {
      console.error(`${command.join(' ')}: ${error.message}`)
      resolve(1)
    })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`

async function main(argv: string[]): Promise<number> {
  const chosen = argv.filter(isStep)
  const extra = argv.filter((arg) => !isStep(arg))
  const steps = chosen.length ? chosen : (Object.keys(STEPS) as Step[])
  const started = performance.now()
  for (const [index, step] of steps.entries()) {
    const last = index === steps.length - 1
    const stepStarted = performance.now()
    const code = await run(last ? [...STEPS[step], ...extra] : STEPS[step])
    if (code !== 0) {
      console.error(`${step}: failed (exit ${code}) after ${seconds(stepStarted)}`)
      return code
    }
    console.log(`${step}: ${seconds(stepStarted)}${last && steps.length > 1 ? ` (all steps: ${seconds(started)})` : ''}`)
  }
  return 0
}

process.exitCode = await main(process.argv.slice(2))
