// A JSON answer serialised once (and compressed once per encoding, lazily), so that
// serving it again costs no JSON.stringify, no UTF-8 encoding and no compression.
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Below this size compression is not worth a round of CPU. */
const COMPRESS_FROM_BYTES = 1024

export type Encoding = 'br' | 'gzip'

export class PreparedJson {
  readonly raw: Buffer
  private readonly compressed = new Map<Encoding, Promise<Buffer>>()

  constructor(value: unknown) {
    this.raw = Buffer.from(JSON.stringify(value))
  }

  /** The body for a client's Accept-Encoding: brotli, then gzip, else identity. */
  async encodedFor(acceptEncoding: string | null): Promise<{ body: Buffer; encoding?: Encoding }> {
    const encoding = this.raw.length >= COMPRESS_FROM_BYTES ? pickEncoding(acceptEncoding) : undefined
    if (!encoding) return { body: this.raw }
    let body = this.compressed.get(encoding)
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.raw, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length },
            })
          : gzip(this.raw, { level: 6 })
      this.compressed.set(encoding, body)
    }
    return { body: await body, encoding }
  }
}

export function pickEncoding(acceptEncoding: string | null): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1)
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br'
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip'
  return undefined
}
