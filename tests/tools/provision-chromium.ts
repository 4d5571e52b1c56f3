// Finds the Chromium the end-to-end tests run in, and installs Debian's `chromium` where there
// is none and this user may (root, or sudo without a password): `npm test` runs this before any
// test, so a machine with nothing but Node and npm gets its browser from the project's own
// command. Where it cannot install, it stops with one sentence naming the command to run.
// apt-get waits for a package manager that is busy (tests/helpers/apt-get.ts).
import { execFileSync } from 'node:child_process'
import { aptGet, canInstall } from '../helpers/apt-get'
import { findChromium } from '../helpers/chromium'

function versionOf(binary: string): string | undefined {
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 }).trim()
  } catch {
    return undefined
  }
}

async function main(): Promise<number> {
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
  await aptGet(installer.as, ['update', '-q'])
  await aptGet(installer.as, ['install', '-y', '-q', 'chromium'])
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
  process.exitCode = await main()
} catch (error) {
  console.error(
    `Could not install Chromium: ${error instanceof Error ? error.message : error}. Run \`sudo apt-get install chromium\`, then \`npm test\` again.`,
  )
  process.exitCode = 1
}
