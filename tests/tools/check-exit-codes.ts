// Proves that a failing test fails the run: each test command (unit, integration, end-to-end)
// is run on a test that fails on purpose (tests/canary/), and must exit non-zero having reported
// exactly that one failure. `npm test` runs this first; it fails when any runner would hide a
// red test (as the embedded PostgreSQL's exit hook once did for every integration run).
// The runners run at the same time (each on its own ports and directories), reported in order.
import { spawn } from 'node:child_process'

type Check = { name: string; command: string[]; failedLine: RegExp }

const CHECKS: Check[] = [
  { name: 'unit (vitest)', command: ['vitest', 'run', '--project', 'unit'], failedLine: /Tests\s+1 failed/ },
  {
    name: 'integration (vitest, embedded services)',
    command: ['vitest', 'run', '--project', 'int'],
    failedLine: /Tests\s+1 failed/,
  },
  {
    name: 'end-to-end (playwright)',
    command: ['playwright', 'test', '--config', 'tests/canary/playwright.config.ts'],
    failedLine: /\b1 failed\b/,
  },
]

function run({ command }: Check): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['--no-install', ...command], {
      env: { ...process.env, EXIT_CODE_CANARY: '1', NO_COLOR: '1', CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    // eslint-disable-next-line no-control-regex
    child.on('close', (code) => resolve({ code, output: output.replace(/\x1b\[[0-9;]*m/g, '') }))
  })
}

async function main() {
  let broken = 0
  const results = await Promise.all(CHECKS.map(run))
  for (const [index, check] of CHECKS.entries()) {
    const { code, output } = results[index]
    const reported = check.failedLine.test(output)
    const ok = code !== 0 && code !== null && reported
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${check.name}: one failing test → exit code ${code}${reported ? '' : ' (the failure was not reported)'}`,
    )
    if (!ok) {
      broken++
      console.log(output.split('\n').slice(-30).join('\n'))
    }
  }
  if (broken) {
    console.error(`${broken} test command(s) would let a failing test pass: fix that before trusting any green run.`)
    process.exitCode = 1
  } else {
    console.log('Every test command exits non-zero when a test fails.')
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
