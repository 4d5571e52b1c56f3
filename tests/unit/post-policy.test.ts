import { S3Client } from '@aws-sdk/client-s3'
import { createPresignedPost } from '@aws-sdk/s3-presigned-post'
import { describe, expect, it } from 'vitest'
import { checkPostPolicy, PostPolicyError } from '../../src/host/embedded/s3-post-policy'

const credentials = { accessKeyId: 'gallery-embedded', secretAccessKey: 'a secret for the tests only', region: 'us-east-1' }
const client = new S3Client({ region: credentials.region, endpoint: 'http://127.0.0.1:1', forcePathStyle: true, credentials })

/** The form fields as the server hands them out (our presignPost), names lower-cased as the store reads them. */
async function signedFields({ size = 1234, expires = 900, contentType = 'image/jpeg' } = {}) {
  const { fields } = await createPresignedPost(client, {
    Bucket: 'gallery',
    Key: 'originals/abc/pool.jpg',
    Fields: { 'Content-Type': contentType },
    Conditions: [
      ['eq', '$Content-Type', contentType],
      ['content-length-range', size, size],
    ],
    Expires: expires,
  })
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]))
}

function refusal(run: () => unknown) {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(PostPolicyError)
    const { code, message } = error as PostPolicyError
    return { code, message }
  }
  throw new Error('The form was accepted')
}

describe('the embedded store’s POST policy check', () => {
  it('lets a signed form through with its key, content type and exact size range', async () => {
    const grant = checkPostPolicy(await signedFields(), 'gallery', credentials)
    expect(grant).toEqual({
      key: 'originals/abc/pool.jpg',
      metadata: { 'content-type': 'image/jpeg' },
      minSize: 1234,
      maxSize: 1234,
      successStatus: 204,
    })
  })

  it('refuses an expired policy', async () => {
    const fields = await signedFields({ expires: 60 })
    const later = new Date(Date.now() + 61_000)
    expect(refusal(() => checkPostPolicy(fields, 'gallery', credentials, later))).toEqual({
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy expired.',
    })
  })

  it('refuses a form whose fields break a condition: another key, another content type, another bucket', async () => {
    const fields = await signedFields()
    expect(refusal(() => checkPostPolicy({ ...fields, key: 'originals/abc/other.jpg' }, 'gallery', credentials)).code).toBe(
      'AccessDenied',
    )
    expect(refusal(() => checkPostPolicy({ ...fields, 'content-type': 'text/html' }, 'gallery', credentials)).message).toBe(
      'Invalid according to Policy: Policy Condition failed: ["eq", "$content-type", "image/jpeg"]',
    )
    expect(refusal(() => checkPostPolicy(fields, 'another-bucket', credentials)).code).toBe('AccessDenied')
  })

  it('refuses a field no condition names', async () => {
    const fields = { ...(await signedFields()), 'x-amz-meta-owner': 'someone' }
    expect(refusal(() => checkPostPolicy(fields, 'gallery', credentials)).message).toBe(
      'Invalid according to Policy: Extra input fields: x-amz-meta-owner',
    )
    // Fields named x-ignore-* are allowed, as on S3.
    const { 'x-amz-meta-owner': _owner, ...signed } = fields
    expect(() => checkPostPolicy({ ...signed, 'x-ignore-note': 'hi' }, 'gallery', credentials)).not.toThrow()
  })

  it('refuses a policy that was changed after signing, signed with another key, or not signed at all', async () => {
    const fields = await signedFields()
    const document = JSON.parse(Buffer.from(fields.policy, 'base64').toString())
    document.conditions = document.conditions.map((condition: unknown) =>
      Array.isArray(condition) && condition[0] === 'content-length-range' ? ['content-length-range', 0, 10 ** 12] : condition,
    )
    const widened = { ...fields, policy: Buffer.from(JSON.stringify(document)).toString('base64') }
    expect(refusal(() => checkPostPolicy(widened, 'gallery', credentials)).code).toBe('SignatureDoesNotMatch')
    expect(refusal(() => checkPostPolicy(fields, 'gallery', { ...credentials, secretAccessKey: 'another secret' })).code).toBe(
      'SignatureDoesNotMatch',
    )
    expect(
      refusal(() =>
        checkPostPolicy(
          { ...fields, 'x-amz-credential': fields['x-amz-credential'].replace('gallery-embedded', 'someone') },
          'gallery',
          credentials,
        ),
      ).code,
    ).toBe('AccessDenied')
    const { policy: _policy, 'x-amz-signature': _signature, ...unsigned } = fields
    expect(refusal(() => checkPostPolicy(unsigned, 'gallery', credentials)).code).toBe('AccessDenied')
    // A signed policy without its signature lacks a field the form must have (400 on AWS S3 and Ceph).
    const { 'x-amz-signature': _alone, ...withoutSignature } = fields
    expect(refusal(() => checkPostPolicy(withoutSignature, 'gallery', credentials)).code).toBe('InvalidArgument')
  })

  it('answers 200 or 201 when the form asks for it (a signed success_action_status)', async () => {
    const { fields } = await createPresignedPost(client, {
      Bucket: 'gallery',
      Key: 'k',
      Fields: { success_action_status: '201' },
      Expires: 60,
    })
    const lower = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]))
    expect(checkPostPolicy(lower, 'gallery', credentials).successStatus).toBe(201)
  })
})
