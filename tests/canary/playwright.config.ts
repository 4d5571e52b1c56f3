// Only the exit-code canary: no web server and no browser, so it proves in seconds that a
// failing Playwright test makes `playwright test` exit non-zero.
import { defineConfig } from '@playwright/test'

export default defineConfig({ testDir: '.', testMatch: 'failing.e2e.spec.ts', reporter: [['list']], workers: 1 })
