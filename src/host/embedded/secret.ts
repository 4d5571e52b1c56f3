// Secrets the embedded default generates once and keeps in the data directory.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

export async function readOrCreateSecret(file: string, bytes = 32): Promise<string> {
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim()
    if (existing) return existing
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const secret = crypto.randomBytes(bytes).toString('hex')
  await fs.mkdir(path.dirname(file), { recursive: true })
  await fs.writeFile(file, secret + '\n', { mode: 0o600 })
  return secret
}
