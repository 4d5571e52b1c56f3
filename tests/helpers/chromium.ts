// Debian's Chromium as every browser run of this project starts it (the end-to-end tests and
// the Lighthouse benchmark): no browser download, and no background network calls, which
// this machine's closed network would refuse.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
