// Browser-based uploads (S3 POST Object with a signed policy) for the embedded store. s3rver
// accepts any form POST without looking at its policy, so the default store would take a
// file of any size or type, signed or not. This checks a form as S3 does (the signature
// over the policy, its expiry, every condition, every field named by a condition) and
// streams the file into s3rver's own store, refusing one outside the policy's size range.
// Its parser (busboy 1) is also several times faster than the one s3rver ships with.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import busboy from 'busboy'

export type PolicyCredentials = { accessKeyId: string; secretAccessKey: string; region: string }

export class PostPolicyError extends Error {
  constructor(
    readonly code:
      | 'IncompleteBody'
      | 'AccessDenied'
      | 'SignatureDoesNotMatch'
      | 'InvalidPolicyDocument'
      | 'InvalidArgument'
      | 'EntityTooSmall'
      | 'EntityTooLarge',
    message: string,
  ) {
    super(message)
  }
}

/** What a valid form lets through: the key, the object's metadata and the allowed file sizes. */
export type PostGrant = {
  key: string
  metadata: Record<string, string>
  minSize: number
  maxSize: number
  successStatus: 200 | 201 | 204
}

type Condition = { field: string; op: 'eq' | 'starts-with'; value: string } | { op: 'range'; min: number; max: number }

// Fields S3 never asks a condition for (S3 API reference, "Creating a POST policy").
const UNCONDITIONED = new Set(['policy', 'x-amz-signature', 'file'])
const METADATA_FIELDS = new Set(['cache-control', 'content-disposition', 'content-encoding', 'content-type', 'expires'])

const denied = (message: string) => new PostPolicyError('AccessDenied', `Invalid according to Policy: ${message}`)
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest()

function parseConditions(raw: unknown): Condition[] {
  if (!Array.isArray(raw)) throw new PostPolicyError('InvalidPolicyDocument', 'The policy has no conditions list.')
  return raw.map((entry): Condition => {
    if (Array.isArray(entry)) {
      const [op, a, b] = entry as unknown[]
      if (op === 'content-length-range' && Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
        return { op: 'range', min: a as number, max: b as number }
      }
      if ((op === 'eq' || op === 'starts-with') && typeof a === 'string' && a.startsWith('$') && typeof b === 'string') {
        return { op, field: a.slice(1).toLowerCase(), value: b }
      }
    } else if (entry && typeof entry === 'object') {
      const pairs = Object.entries(entry)
      if (pairs.length === 1 && typeof pairs[0][1] === 'string') {
        return { op: 'eq', field: pairs[0][0].toLowerCase(), value: pairs[0][1] }
      }
    }
    throw new PostPolicyError('InvalidPolicyDocument', `Invalid policy condition: ${JSON.stringify(entry)}`)
  })
}

/**
 * Checks the form fields (names lower-cased, sent before the file) of a POST to `bucket`
 * against their policy, as S3 does, and answers what may be stored.
 */
export function checkPostPolicy(
  fields: Record<string, string>,
  bucket: string,
  credentials: PolicyCredentials,
  now = new Date(),
): PostGrant {
  const policy = fields.policy
  const signature = fields['x-amz-signature']
  if (!policy) throw new PostPolicyError('AccessDenied', 'The form has no signed policy.')
  // As AWS S3 and Ceph's gateway answer a form that lacks a field it must have: 400, not 403.
  if (!signature) throw new PostPolicyError('InvalidArgument', "Bucket POST must contain a field named 'X-Amz-Signature'.")
  if (fields['x-amz-algorithm'] !== 'AWS4-HMAC-SHA256') {
    throw new PostPolicyError('InvalidArgument', 'Only AWS4-HMAC-SHA256 policies are supported.')
  }
  const [accessKeyId, date, region, service, terminator, ...rest] = (fields['x-amz-credential'] ?? '').split('/')
  if (rest.length || service !== 's3' || terminator !== 'aws4_request' || !/^\d{8}$/.test(date ?? '')) {
    throw new PostPolicyError('InvalidArgument', 'The form has a malformed X-Amz-Credential.')
  }
  if (accessKeyId !== credentials.accessKeyId || region !== credentials.region) {
    throw new PostPolicyError('AccessDenied', 'The form was not signed with this store’s key.')
  }
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), 's3'), 'aws4_request')
  const expected = hmac(signingKey, policy)
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new PostPolicyError(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    )
  }

  let document: { expiration?: unknown; conditions?: unknown }
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'))
  } catch {
    throw new PostPolicyError('InvalidPolicyDocument', 'The policy is not valid base64 JSON.')
  }
  const expiration = typeof document.expiration === 'string' ? Date.parse(document.expiration) : Number.NaN
  if (Number.isNaN(expiration)) throw new PostPolicyError('InvalidPolicyDocument', 'The policy has no valid expiration.')
  if (expiration <= now.getTime()) throw denied('Policy expired.')

  const conditions = parseConditions(document.conditions)
  const values: Record<string, string> = { ...fields, bucket }
  let minSize = 0
  let maxSize = Number.MAX_SAFE_INTEGER
  const named = new Set<string>()
  for (const condition of conditions) {
    if (condition.op === 'range') {
      minSize = Math.max(minSize, condition.min)
      maxSize = Math.min(maxSize, condition.max)
      continue
    }
    named.add(condition.field)
    const value = values[condition.field] ?? ''
    const holds = condition.op === 'eq' ? value === condition.value : value.startsWith(condition.value)
    if (!holds) throw denied(`Policy Condition failed: ["${condition.op}", "$${condition.field}", "${condition.value}"]`)
  }
  for (const field of Object.keys(fields)) {
    if (!UNCONDITIONED.has(field) && !field.startsWith('x-ignore-') && !named.has(field)) {
      throw denied(`Extra input fields: ${field}`)
    }
  }
  if (!fields.key) throw new PostPolicyError('InvalidArgument', "Bucket POST must contain a field named 'key'.")
  if (!named.has('bucket')) throw denied('Policy missing condition: bucket')

  const metadata: Record<string, string> = {}
  for (const [field, value] of Object.entries(fields)) {
    if (METADATA_FIELDS.has(field) || field.startsWith('x-amz-meta-')) metadata[field] = value
  }
  metadata['content-type'] ??= 'binary/octet-stream'
  const status = Number(fields.success_action_status)
  return {
    key: fields.key,
    metadata,
    minSize,
    maxSize,
    successStatus: status === 200 || status === 201 ? status : 204,
  }
}

type StoredObject = { md5: string; size: number }
type FormStore = {
  putObject: (object: {
    bucket: string
    key: string
    content: NodeJS.ReadableStream
    metadata: Record<string, string>
  }) => Promise<StoredObject>
  deleteObject: (bucket: string, key: string) => Promise<unknown>
}

/**
 * Reads a multipart form POST: fields, then the file, which is streamed into `store` once the
 * policy holds. A file outside the policy's size range is removed again and refused.
 */
export async function receivePostObject(
  request: IncomingMessage,
  bucket: string,
  credentials: PolicyCredentials,
  store: FormStore,
): Promise<{ grant: PostGrant; stored: StoredObject }> {
  const fields: Record<string, string> = {}
  const parser = busboy({ headers: request.headers, limits: { fields: 100, fieldSize: 64 * 1024, files: 1 } })
  let result: Promise<{ grant: PostGrant; stored: StoredObject }> | undefined
  let failure: unknown

  parser.on('field', (name, value) => {
    if (!result) fields[name.toLowerCase()] = value
  })
  parser.on('file', (name, file) => {
    if (name.toLowerCase() !== 'file' || result || failure) return void file.resume()
    let grant: PostGrant
    try {
      grant = checkPostPolicy(fields, bucket, credentials)
    } catch (error) {
      failure = error
      return void file.resume()
    }
    let size = 0
    let tooLarge = false
    let brokenOff = false
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length
        if (size > grant.maxSize) {
          tooLarge = true
          // Stop writing; the rest of the body is drained and the object removed below.
          return callback(null, chunk.subarray(0, 0))
        }
        callback(null, chunk)
      },
    })
    // A request that breaks off (the browser cancelled) ends the file early: the store's write
    // then finishes with what came, and that part is removed below (pipe() forwards no errors).
    const breakOff = () => {
      if (brokenOff || file.readableEnded) return
      brokenOff = true
      counter.end()
    }
    file.on('error', breakOff)
    file.on('close', breakOff)
    file.pipe(counter)
    result = store.putObject({ bucket, key: grant.key, content: counter, metadata: grant.metadata }).then(async (stored) => {
      if (brokenOff || tooLarge || size < grant.minSize) {
        await store.deleteObject(bucket, grant.key)
        if (brokenOff) throw new PostPolicyError('IncompleteBody', 'The request body ended before the file did.')
        throw tooLarge
          ? new PostPolicyError('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.')
          : new PostPolicyError('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.')
      }
      return { grant, stored: { md5: stored.md5, size } }
    })
    // Awaited below, or, when the request fails first, only waited on for its clean-up.
    result.catch(() => undefined)
  })

  try {
    await pipeline(request, parser)
  } catch (error) {
    await result?.catch(() => undefined)
    throw error
  }
  if (failure) throw failure
  if (!result) {
    // No file part: a form without one, or the policy fields only.
    checkPostPolicy(fields, bucket, credentials)
    throw new PostPolicyError('InvalidArgument', 'POST requires exactly one file upload per request.')
  }
  return result
}
