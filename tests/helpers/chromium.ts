// Debian's Chromium as every browser run of this project starts it (the end-to-end tests and
// the Lighthouse benchmark): no browser download, and no background network calls, which a
// closed network would refuse. `npm test` installs it first where it is missing
// (tests/tools/provision-chromium.ts).
import { accessSync, constants } from 'node:fs'
import path from 'node:path'

/** CHROMIUM_PATH when set, else `chromium` on PATH (Debian's package), else undefined. */
export function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin']
  for (const dir of dirs) {
    if (!dir) continue
    const candidate = path.join(dir, 'chromium')
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

export const CHROMIUM_PATH = findChromium() ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
