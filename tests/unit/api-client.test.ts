import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, getJson } from '../../src/lib/api/client'
import { makeQueryClient } from '../../src/lib/api/query-client'

afterEach(() => vi.unstubAllGlobals())

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn(async () => new Response(body, { status }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('API client (spec §7)', () => {
  it('always sends credentials and a JSON content type only with a body', async () => {
    const fetchMock = stubFetch(200, '{}')
    await apiRequest('POST', '/api/logout')
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/logout',
      { method: 'POST', credentials: 'include', headers: undefined, body: undefined },
    ])
    await apiRequest('POST', '/api/login', { username: 'a', password: 'b' })
    expect(fetchMock.mock.calls[1]).toEqual([
      '/api/login',
      {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: '{"username":"a","password":"b"}',
      },
    ])
  })

  it('turns a non-OK answer into an error "status: text"', async () => {
    stubFetch(404, '{"message":"Section \\"attic\\" was not found."}')
    const error = await getJson('/api/sections/attic/preview').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('404: {"message":"Section \\"attic\\" was not found."}')
    expect((error as ApiError).serverMessage).toBe('Section "attic" was not found.')
  })

  it('configures queries never stale, no refetch on focus, no polling, no retries', () => {
    const { queries, mutations } = makeQueryClient().getDefaultOptions()
    expect(queries).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false })
    expect(mutations).toMatchObject({ retry: false })
  })
})
