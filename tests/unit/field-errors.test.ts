// A refused field's message reaches Payload's admin form (src/server/http/field-errors.ts):
// Payload's production answer lost `data.errors`; the afterError hook answers them again.
import { APIError, ValidationError } from 'payload'
import { describe, expect, it } from 'vitest'
import { fieldErrorsAfterError } from '@/server/http/field-errors'

const refusal = () =>
  new ValidationError({
    collection: 'properties',
    errors: [{ label: 'Embed Origins 1 > Origin', message: '"x" is not an origin a site can frame the gallery from.', path: 'embedOrigins.0.origin' }],
  })

describe('fieldErrorsAfterError', () => {
  it('answers the field errors when Payload answered the summary alone', () => {
    const error = refusal()
    const answer = fieldErrorsAfterError({ error, result: { errors: [{ message: error.message }] } })
    expect(answer).toEqual({
      status: 400,
      response: {
        errors: [
          {
            name: 'ValidationError',
            data: {
              collection: 'properties',
              errors: [{ label: 'Embed Origins 1 > Origin', message: '"x" is not an origin a site can frame the gallery from.', path: 'embedOrigins.0.origin' }],
            },
            message: 'The following field is invalid: Embed Origins 1 > Origin',
          },
        ],
      },
    })
  })

  it("leaves Payload's answer when it already carries them, and any other error alone", () => {
    const error = refusal()
    expect(fieldErrorsAfterError({ error, result: { errors: [{ name: 'ValidationError', data: error.data, message: error.message }] } })).toBeUndefined()
    expect(fieldErrorsAfterError({ error: new APIError('Not allowed.', 403, null, true), result: {} })).toBeUndefined()
    expect(fieldErrorsAfterError({ error: new APIError('Bad.', 400, { errors: [{ message: 'no path' }] }, true), result: {} })).toBeUndefined()
    expect(fieldErrorsAfterError({ error: new Error('boom'), result: {} })).toBeUndefined()
  })
})
