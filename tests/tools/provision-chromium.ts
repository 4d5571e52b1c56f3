// Finds the Chromium the end-to-end tests run in, and installs Debian's `chromium` where there
// is none and this user may (root, or sudo without a password): `npm test` runs this before any
// test, so a machine with nothing but Node and npm gets its browser from the project's own
// command. Where it cannot install, it stops with one sentence naming the command to run.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { findChromium } from '../helpers/chromium'

function versionOf(binary: string): string | undefined {
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 }).trim()
  } catch {
    return undefined
  }
}

function canInstall(): { as: string[] } | undefined {
  if (!existsSync('/usr/bin/apt-get')) return undefined
  if (process.getuid?.() === 0) return { as: [] }
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' })
  return sudo.status === 0 ? { as: ['sudo', '-n'] } : undefined
}

function run(command: string[]) {
  const [file, ...args] = command
  const result = spawnSync(file, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed (exit ${result.status ?? result.signal})`)
}

function main(): number {
  const found = findChromium()
  if (found) {
    const version = versionOf(found)
    if (version) {
      console.log(`Browser for the end-to-end tests: ${version} (${found})`)
      return 0
    }
    if (process.env.CHROMIUM_PATH) {
      console.error(
        `CHROMIUM_PATH is ${found}, which does not run: point it at a Chromium binary, or unset it to use Debian's chromium.`,
      )
      return 1
    }
  }

  const installer = canInstall()
  if (!installer) {
    console.error(
      'The end-to-end tests need Chromium and none was found: run `sudo apt-get install chromium` (or set CHROMIUM_PATH to a Chromium binary), then `npm test` again.',
    )
    return 1
  }
  console.log(
    "Installing Debian's chromium with apt-get: the end-to-end tests run in it, and no browser is downloaded at install time.",
  )
  run([...installer.as, 'apt-get', 'update', '-qq'])
  run([...installer.as, 'apt-get', 'install', '-y', '-qq', 'chromium'])
  const installed = findChromium()
  const version = installed && versionOf(installed)
  if (!version) {
    console.error('apt-get installed chromium, but it does not run: see the messages above.')
    return 1
  }
  console.log(`Browser for the end-to-end tests: ${version} (${installed})`)
  return 0
}

try {
  process.exitCode = main()
} catch (error) {
  console.error(
    `Could not install Chromium: ${error instanceof Error ? error.message : error}. Run \`sudo apt-get install chromium\`, then \`npm test\` again.`,
  )
  process.exitCode = 1
}
