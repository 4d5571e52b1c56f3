import { defineConfig } from 'vitest/config'

// EXIT_CODE_CANARY=1 runs only the tests that fail on purpose (tests/tools/check-exit-codes.ts).
const canary = process.env.EXIT_CODE_CANARY === '1'

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    alias: { 'server-only': new URL('./tests/helpers/empty-module.ts', import.meta.url).pathname },
  },
  test: {
    environment: 'node',
    projects: [
      { extends: true, test: { name: 'unit', include: canary ? ['tests/canary/*.test.ts'] : ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'int',
          include: canary ? ['tests/canary/*.int.spec.ts'] : ['tests/int/**/*.int.spec.ts'],
          globalSetup: ['tests/helpers/int-global-setup.ts'],
          // One throw-away database for the run; files reset it in turn, in one process that loads
          // Payload once (tests/helpers/int-file-setup.ts gives each file the environment it began with).
          fileParallelism: false,
          isolate: false,
          setupFiles: ['tests/helpers/int-file-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The deploy recipe on real services, against the production build (tests/tools/real-services-lane.ts e2e).
      { extends: true, test: { name: 'deploy', include: canary ? [] : ['tests/deploy/**/*.deploy.spec.ts'], fileParallelism: false } },
    ],
  },
})
