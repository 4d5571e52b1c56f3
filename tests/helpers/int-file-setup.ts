// Integration test files share one process (vitest.config.mts: isolate false), so Payload and
// the app's modules load once for the run instead of once per file. A file may set environment
// variables (ANALYZE_ON_UPLOAD, VISION_API_URL…): each file ends with the environment it began with.
import { afterAll } from 'vitest'

const before = { ...process.env }

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name]
  Object.assign(process.env, before)
})
