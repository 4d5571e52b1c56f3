// A test that fails on purpose. It runs only when EXIT_CODE_CANARY=1 (tests/tools/check-exit-codes.ts),
// never in the normal run, to prove that a failing unit test makes the command exit non-zero.
import { expect, it } from 'vitest'

it('fails on purpose (exit-code canary, selected only by EXIT_CODE_CANARY=1)', () => {
  expect('a failing test').toBe('a red run')
})
