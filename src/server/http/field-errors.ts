// Payload's admin shows why a field was refused at the field itself, from the answer's
// `errors[0].data.errors` ([{ path, message }]). In the production build Payload's error
// formatter does not recognise its own ValidationError (payloadcms/payload#17298) and answers
// the summary alone ("The following field is invalid: Embed Origins 1 > Origin"), so the admin
// showed no message at the field. This afterError hook answers the field errors again, as Payload
// answers them under `next dev`: only 400s whose error carries field errors with their messages.
type FieldError = { path: string; message: string }
type Refusal = { status?: unknown; data?: ({ errors?: unknown } & Record<string, unknown>) | null }

const isFieldError = (value: unknown): value is FieldError =>
  typeof (value as FieldError | null)?.path === 'string' && typeof (value as FieldError | null)?.message === 'string'

/** The refusal's field errors, or null when it has none (any other error is left to Payload's answer). */
function fieldErrorsOf(error: Refusal): FieldError[] | null {
  const errors = error.data?.errors
  if (error.status !== 400 || !Array.isArray(errors) || errors.length === 0 || !errors.every(isFieldError)) return null
  return errors
}

export const fieldErrorsAfterError = ({ error, result }: { error: Error; result?: unknown }) => {
  const refusal = error as Refusal
  if (!refusal.data || !fieldErrorsOf(refusal)) return
  // Already there (Payload recognised its error): its answer stands.
  if ((result as { errors?: Array<{ data?: unknown }> } | undefined)?.errors?.[0]?.data) return
  return { status: 400, response: { errors: [{ name: 'ValidationError', data: refusal.data, message: error.message }] } }
}
