// An integration test that fails on purpose, with the integration project's global setup (the
// embedded PostgreSQL and store) running. It runs only when EXIT_CODE_CANARY=1
// (tests/tools/check-exit-codes.ts), never in the normal run: the embedded services' own exit
// hook once turned every red integration run into exit code 0.
import { Client } from 'pg'
import { expect, it } from 'vitest'

it('fails on purpose after a real database round trip (exit-code canary, selected only by EXIT_CODE_CANARY=1)', async () => {
  const client = new Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  const { rows } = await client.query('SELECT 1 AS one')
  await client.end()
  expect(rows[0].one).toBe(2)
})
