// The logger hook that writes an error entry of a client's mistake (an error with a 4xx status,
// such as Payload's own plain APIError) at info with its message, and leaves everything else as is.
import { APIError, NotFound } from 'payload'
import { describe, expect, it, vi } from 'vitest'
import { clientMistakesAtInfo } from '../../src/server/http/client-mistakes-at-info'

const ERROR = 50
const WARN = 40

/** Calls the hook as pino does: `this` is the logger, `method` the level's own writer. */
function log(args: unknown[], level: number) {
  const logger = { info: vi.fn() }
  const method = vi.fn()
  clientMistakesAtInfo.call(logger as never, args as never, method as never, level)
  return { info: logger.info, method }
}

describe('clientMistakesAtInfo', () => {
  it('writes an error entry whose error has a 4xx status at info, with its message only', () => {
    const { info, method } = log([{ err: new APIError('No User', 400) }], ERROR)
    expect(info).toHaveBeenCalledWith({ msg: 'No User' })
    expect(method).not.toHaveBeenCalled()
    expect(log([{ err: new NotFound() }], ERROR).info).toHaveBeenCalledWith({ msg: 'Not Found' })
  })

  it('leaves an error with a 5xx status, or none, as an error with its entry whole', () => {
    for (const err of [new APIError('Something went wrong.', 500), new Error('disk full')]) {
      const { info, method } = log([{ err }], ERROR)
      expect(method).toHaveBeenCalledWith({ err })
      expect(info).not.toHaveBeenCalled()
    }
  })

  it('leaves entries of other levels and other shapes as they are', () => {
    const mistake = { err: new APIError('Invalid JSON', 400) }
    expect(log([mistake], WARN).method).toHaveBeenCalledWith(mistake)
    expect(log(['A jobs worker slot failed'], ERROR).method).toHaveBeenCalledWith('A jobs worker slot failed')
    expect(log([{ msg: 'no error here', status: 400 }], ERROR).method).toHaveBeenCalled()
  })
})
