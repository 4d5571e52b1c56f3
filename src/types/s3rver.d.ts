// Minimal types for s3rver (the embedded S3-compatible store); the package ships none.
declare module 's3rver' {
  type Options = {
    address?: string
    port?: number
    silent?: boolean
    directory?: string
    resetOnClose?: boolean
    allowMismatchedSignatures?: boolean
    vhostBuckets?: boolean
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>
  }
  export default class S3rver {
    constructor(options: Options)
    run(): Promise<import('node:net').AddressInfo>
    close(): Promise<void>
    /** Koa's middleware list (composed when the server starts). */
    middleware: Array<(ctx: never, next: () => Promise<void>) => Promise<void>>
    store: { getResourcePath: (bucket: string, key: string | undefined, resource: string) => string }
  }
}
declare module 's3rver/lib/models/account.js'
declare module 's3rver/lib/controllers/object.js'
declare module 's3rver/lib/models/error.js'
