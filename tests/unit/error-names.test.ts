import { APIError, Forbidden, NotFound } from 'payload'
import { describe, expect, it } from 'vitest'
import { namePayloadErrors } from '../../src/plugin/error-names'

describe("Payload's error classes after the production build's minification", () => {
  it('get their own names back, so loggingLevels finds them', () => {
    // What the minified server bundle did to them.
    for (const [errorClass, minified] of [
      [APIError, 'o'],
      [Forbidden, 'a'],
      [NotFound, 'n'],
    ] as const) {
      Object.defineProperty(errorClass, 'name', { value: minified, configurable: true })
    }
    expect(new NotFound().name).toBe('n')

    namePayloadErrors()

    expect(new NotFound().name).toBe('NotFound')
    expect(new Forbidden().name).toBe('Forbidden')
    expect(new APIError('Refused', 400).name).toBe('APIError')
  })
})
