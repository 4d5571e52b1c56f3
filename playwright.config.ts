// End-to-end tests in Debian's Chromium against the production build (`npm run build`), started
// by `npm start` itself on a throw-away data directory (embedded PostgreSQL and S3).
import { defineConfig, devices } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/helpers/chromium'
import { E2E_UPLOAD_BACKUP_DEBOUNCE_MS } from './tests/helpers/e2e-server'

const PORT = Number(process.env.E2E_PORT ?? 3210)
// Workers load this file again: pin the data directory once through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-e2e-'))
fs.chmodSync(process.env.E2E_DATA_DIR, 0o755)

export const BASE_URL = `http://127.0.0.1:${PORT}`

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.spec.ts',
  // Each run's own (a run empties its output folder as it starts): two runs on two ports side by side
  // do not remove each other's traces.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  globalTeardown: './tests/helpers/e2e-global-teardown.ts',
  use: {
    baseURL: BASE_URL,
    // A trace records every test's screens and DOM as it runs (a quarter of the browser's CPU on
    // two cores) and is kept only for a failure. CI keeps nothing but the log, so it records none;
    // elsewhere a failing test leaves its trace in outputDir.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // The sign-in tests create the first account on the fresh database: they run before the rest
    // (whose helpers would otherwise create it first), whichever files are chosen.
    { name: 'fresh-install', testMatch: 'sign-in.e2e.spec.ts', use: { ...devices['Desktop Chrome'] } },
    {
      name: 'chromium',
      testIgnore: 'sign-in.e2e.spec.ts',
      dependencies: ['fresh-install'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: {
    command: 'npm start',
    url: `${BASE_URL}/api/sections`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOSTNAME: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      NEXT_TELEMETRY_DISABLED: '1',
      // Seeded photos keep exactly the texts each test gives them; analysis runs when a test asks (Analyze All).
      ANALYZE_ON_UPLOAD: 'false',
      UPLOAD_BACKUP_DEBOUNCE_MS: String(E2E_UPLOAD_BACKUP_DEBOUNCE_MS),
    },
  },
})
