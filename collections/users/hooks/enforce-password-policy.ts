// Payload's own minimum password length is 3; ours is stricter (docs/architecture.md §13).
// Runs for every path that sets a password: our /api/register and Payload's editors.
import { ValidationError, type CollectionBeforeValidateHook } from 'payload'
import { MIN_PASSWORD_LENGTH } from '../../../src/lib/constants'

export const enforcePasswordPolicy: CollectionBeforeValidateHook = ({ data, req, collection }) => {
  const password = data?.password
  if (typeof password === 'string' && password.length < MIN_PASSWORD_LENGTH) {
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`, path: 'password' }],
      req,
    })
  }
  return data
}
