// Payload picks the level of an error it answers by the error's name (config.loggingLevels), and
// its own plain APIError is named APIError whether its status is 400 or 500. So a logout without a
// session ("No User"), an expired reset link, a bulk update without `where` or a body that is not
// JSON were logged as errors with their stacks. This pino hook logs an error that carries a 4xx
// status at info with its message only, as Payload logs the errors it names so; what the server got
// wrong (a 5xx, or no status at all) stays an error with its stack.
import type { Config } from 'payload'

type LoggerOptions = Extract<NonNullable<Config['logger']>, { options: unknown }>['options']
type LogMethod = NonNullable<NonNullable<LoggerOptions['hooks']>['logMethod']>

/** pino's number for the error level (fatal is 60). */
const ERROR_LEVEL = 50

/** The message of a log entry `{ err }` whose error has a 4xx status, or null. */
export function clientMistakeMessage(entry: unknown): string | null {
  if (!entry || typeof entry !== 'object' || !('err' in entry)) return null
  const { err } = entry as { err: unknown }
  if (!(err instanceof Error)) return null
  const { status } = err as { status?: unknown }
  return typeof status === 'number' && status >= 400 && status < 500 ? err.message : null
}

/** pino's `hooks.logMethod`: an error entry of a client's mistake is written at info instead. */
export const clientMistakesAtInfo: LogMethod = function (args, method, level) {
  const message = level >= ERROR_LEVEL ? clientMistakeMessage(args[0]) : null
  if (message === null) return method.apply(this, args)
  this.info({ msg: message })
}
