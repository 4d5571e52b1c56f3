// One command of the test runners (tests/tools/run-tests.ts, tests/tools/real-services-lane.ts),
// its output passed through, with the project's own binaries first on PATH: its exit code (1 when
// it could not start or a signal ended it).
import { spawn } from 'node:child_process'
import path from 'node:path'

export function runCommand(command: readonly string[], env: Record<string, string> = {}): Promise<number> {
  const [file, ...args] = command
  const bin = path.resolve('node_modules', '.bin')
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: 'inherit', env: { ...process.env, ...env, PATH: `${bin}${path.delimiter}${process.env.PATH}` } })
    child.on('error', (error) => {
      console.error(`${command.join(' ')}: ${error.message}`)
      resolve(1)
    })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}
