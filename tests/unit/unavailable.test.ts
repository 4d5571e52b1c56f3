// Which failures are outages (503, try again) and which are not.
import { S3ServiceException } from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../../src/server/http/errors'
import { ServiceUnavailableError, unavailableAfterError, unavailablePage, unavailableService } from '../../src/server/http/unavailable'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })
const storeError = (name: string, status?: number, code?: string) =>
  Object.assign(new Error(name), { name, code, $metadata: { httpStatusCode: status, attempts: 3 } })

describe('unavailableService', () => {
  it('recognises PostgreSQL going away, however it is wrapped', () => {
    expect(unavailableService(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe('database')
    expect(unavailableService(withCode('terminating connection due to administrator command', '57P01'))).toBe('database')
    expect(unavailableService(withCode('the database system is starting up', '57P03'))).toBe('database')
    expect(unavailableService(new Error('Connection terminated unexpectedly'))).toBe('database')
    expect(unavailableService(new Error('Error: cannot begin transaction: connect ECONNREFUSED 127.0.0.1:41921'))).toBe('database')
    const drizzle = new Error('Failed query: select 1', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })
    expect(unavailableService(drizzle)).toBe('database')
    expect(unavailableService(new AggregateError([withCode('x', 'ECONNRESET')]))).toBe('database')
  })

  it('recognises the store not answering or failing', () => {
    expect(unavailableService(storeError('Error', undefined, 'ECONNREFUSED'))).toBe('store')
    expect(unavailableService(storeError('TimeoutError'))).toBe('store')
    expect(unavailableService(storeError('InternalError', 500))).toBe('store')
    expect(unavailableService(storeError('ServiceUnavailable', 503))).toBe('store')
  })

  it('leaves every other failure alone', () => {
    expect(unavailableService(new Error('boom'))).toBeNull()
    expect(unavailableService(withCode('duplicate key value violates unique constraint', '23505'))).toBeNull()
    expect(unavailableService(new HttpError(400, 'Bad input'))).toBeNull()
    const missing = new S3ServiceException({ name: 'NoSuchKey', $fault: 'client', $metadata: { httpStatusCode: 404 } })
    expect(unavailableService(missing)).toBeNull()
    expect(unavailableService(storeError('AccessDenied', 403))).toBeNull()
    expect(unavailableService(undefined)).toBeNull()
    expect(unavailableService('ECONNREFUSED')).toBeNull()
  })

  it('answers what code declared unavailable', () => {
    expect(unavailableService(new ServiceUnavailableError('store'))).toBe('store')
  })
})

describe('the answers', () => {
  it('turns Payload’s 500 into a 503 with the message and a Retry-After', () => {
    const req: { responseHeaders?: Headers } = {}
    const result = unavailableAfterError({ error: withCode('connect ECONNREFUSED', 'ECONNREFUSED'), req })
    expect(result).toEqual({
      status: 503,
      response: {
        message: 'The gallery cannot reach its database right now. Please try again in a moment.',
        errors: [{ message: 'The gallery cannot reach its database right now. Please try again in a moment.' }],
      },
    })
    expect(req.responseHeaders?.get('retry-after')).toBe('5')
    expect(unavailableAfterError({ error: new Error('boom'), req: {} })).toBeUndefined()
  })

  it('shows a person a page with the message', () => {
    const page = unavailablePage('store')
    expect(page).toContain('<title>Temporarily Unavailable</title>')
    expect(page).toContain('The gallery cannot reach its file storage right now. Please try again in a moment.')
    expect(page).not.toContain('<script')
  })
})
