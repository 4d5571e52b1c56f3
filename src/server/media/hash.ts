// Content hashes of originals: the SHA-256 recorded on a media record, from bytes in
// memory (images) or streamed from a temp file (videos, which may be gigabytes).
import crypto from 'node:crypto'
import fs from 'node:fs'

export function sha256Of(data: Uint8Array): string {
  return crypto.createHash('sha256').update(data).digest('hex')
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256')
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
