// The embedded store (s3rver) stores multipart uploads but answers neither ListParts nor
// AbortMultipartUpload, and fails with a 500 when completing an upload that is gone. These
// are added here, in front of its router, over the same files it keeps
// (`<bucket>/._S3rver_uploads/<uploadId>/{key,<n>,<n>.md5}`), so resuming, aborting and
// completing a large upload behave against the default store as they do against S3.
import fs from 'node:fs/promises'
import path from 'node:path'

type Store = { getResourcePath: (bucket: string, key: string | undefined, resource: string) => string }
type Context = {
  method: string
  path: string
  query: Record<string, string | string[] | undefined>
  status: number
  type: string
  body: unknown
}
type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>

const UPLOAD_ID = /^[0-9a-f]{32}$/
const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!)

function xml(ctx: Context, status: number, body: string) {
  ctx.status = status
  ctx.type = 'application/xml'
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`
}

function noSuchUpload(ctx: Context, uploadId: string) {
  xml(
    ctx,
    404,
    `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`,
  )
}

export function multipartExtras(store: Store): Middleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId
    if (!['GET', 'DELETE', 'POST'].includes(ctx.method) || typeof uploadId !== 'string' || 'partNumber' in ctx.query) {
      return next()
    }
    const [bucket, ...keyParts] = ctx.path.replace(/^\/+/, '').split('/').map(decodeURIComponent)
    const key = keyParts.join('/')
    if (!bucket || !key) return next()
    if (!UPLOAD_ID.test(uploadId)) return noSuchUpload(ctx, uploadId)

    const dir = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId)
    const storedKey = await fs.readFile(path.join(dir, 'key'), 'utf8').catch(() => null)
    if (storedKey !== key) return noSuchUpload(ctx, uploadId)
    if (ctx.method === 'POST') return next()

    if (ctx.method === 'DELETE') {
      await fs.rm(dir, { recursive: true, force: true })
      ctx.status = 204
      ctx.body = null
      return
    }

    const numbers = (await fs.readdir(dir))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
    // s3rver writes a part's checksum once its bytes are all in: a part without one is still
    // arriving, or was cut off when the uploader paused. S3 lists neither; the uploader sends it again.
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const md5 = await fs.readFile(path.join(dir, `${number}.md5`), 'utf8').catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return null
          throw error
        })
        if (md5 === null) return ''
        const { size } = await fs.stat(path.join(dir, String(number)))
        return `<Part><PartNumber>${number}</PartNumber><ETag>"${md5.trim()}"</ETag><Size>${size}</Size></Part>`
      }),
    )
    xml(
      ctx,
      200,
      `<ListPartsResult><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId>` +
        `<IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    )
  }
}
