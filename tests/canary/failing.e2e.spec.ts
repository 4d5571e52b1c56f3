// A Playwright test that fails on purpose, run only by tests/tools/check-exit-codes.ts with its
// own config (no server, no browser), never in the normal run.
import { expect, test } from '@playwright/test'

test('fails on purpose (exit-code canary)', () => {
  expect('a failing test').toBe('a red run')
})
