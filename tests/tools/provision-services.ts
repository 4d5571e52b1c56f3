// Finds the services of the lane on real services (tests/helpers/real-services.ts): Ceph's S3
// gateway with a one-monitor, one-OSD cluster behind it, and PostgreSQL as a server of its own,
// both from Debian's packages. Installs the packages where a program is missing and this user may
// (root, or sudo without a password), waiting for a package manager that is busy
// (tests/helpers/apt-get.ts). Where it cannot install, it stops with one sentence naming the command.
import { existsSync } from 'node:fs'
import { aptGet, canInstall } from '../helpers/apt-get'
import { REAL_SERVICE_PROGRAMS } from '../helpers/real-services'

const PACKAGES = [...new Set(Object.values(REAL_SERVICE_PROGRAMS).map(({ debianPackage }) => debianPackage))]

const missing = () => Object.entries(REAL_SERVICE_PROGRAMS).filter(([, { path }]) => !existsSync(path))

async function main(): Promise<number> {
  if (!missing().length) {
    console.log(`Services for the lane on real services: ${PACKAGES.join(', ')} (installed)`)
    return 0
  }
  const installer = canInstall()
  const command = `sudo apt-get install ${PACKAGES.join(' ')}`
  if (!installer) {
    console.error(`The lane on real services needs ${missing().map(([name]) => name).join(', ')}: run \`${command}\`, then \`npm test\` again.`)
    return 1
  }
  console.log(`Installing Debian's ${PACKAGES.join(', ')} with apt-get: the lane on real services runs the S3 gateway and PostgreSQL from them.`)
  await aptGet(installer.as, ['update', '-q'])
  await aptGet(installer.as, ['install', '-y', '-q', '--no-install-recommends', ...PACKAGES])
  const still = missing()
  if (still.length) {
    console.error(`apt-get installed ${PACKAGES.join(', ')}, but ${still.map(([, { path }]) => path).join(', ')} is not there: see the messages above.`)
    return 1
  }
  console.log(`Services for the lane on real services: ${PACKAGES.join(', ')} (installed now)`)
  return 0
}

try {
  process.exitCode = await main()
} catch (error) {
  console.error(`Could not install the lane's services: ${error instanceof Error ? error.message : error}. Run \`sudo apt-get install ${PACKAGES.join(' ')}\`, then \`npm test\` again.`)
  process.exitCode = 1
}
