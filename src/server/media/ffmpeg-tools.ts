// Where ffmpeg and ffprobe are, for the product, the tests and the benchmarks alike:
// FFMPEG_PATH / FFPROBE_PATH when set, else the system's binary on PATH (usually newer, e.g.
// Debian's), else the static build an npm package ships, so videos work after `npm ci` on a
// machine that has nothing but Node and npm.
import { accessSync, constants } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

export const FFMPEG_TOOLS = {
  ffmpeg: { envVar: 'FFMPEG_PATH', bundled: '@ffmpeg-installer/ffmpeg' },
  ffprobe: { envVar: 'FFPROBE_PATH', bundled: '@ffprobe-installer/ffprobe' },
} as const

export type FfmpegTool = keyof typeof FFMPEG_TOOLS

const onPathCache = new Map<FfmpegTool, string | undefined>()

/** The binary to run for `tool`; the bare name when none is found (spawning it then fails with ENOENT). */
export function ffmpegToolPath(tool: FfmpegTool): string {
  const fromEnv = process.env[FFMPEG_TOOLS[tool].envVar]
  if (fromEnv) return fromEnv
  if (!onPathCache.has(tool)) onPathCache.set(tool, systemBinary(tool) ?? bundledFfmpegToolPath(tool))
  return onPathCache.get(tool) ?? tool
}

/** The static build the npm package ships for this platform, if it installed. */
export function bundledFfmpegToolPath(tool: FfmpegTool): string | undefined {
  return pathFromPackage(FFMPEG_TOOLS[tool].bundled) ?? platformBinaryBelow(process.cwd(), tool)
}

/**
 * Inside Next's server bundle require() does not reach node_modules: look for the platform
 * package the installer package depends on (`@ffmpeg-installer/linux-x64/ffmpeg`) in the
 * node_modules of the working directory or a parent, where npm puts it.
 */
function platformBinaryBelow(start: string, tool: FfmpegTool): string | undefined {
  const scope = FFMPEG_TOOLS[tool].bundled.split('/')[0]
  const binary = process.platform === 'win32' ? `${tool}.exe` : tool
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', scope, `${process.platform}-${process.arch}`, binary)
    if (isExecutable(candidate)) return candidate
    if (path.dirname(dir) === dir) return undefined
  }
}

// The package name must reach require() as a plain parameter: a name the bundler can work out
// makes Next's production build try to bundle the binary itself (and fail on it).
function pathFromPackage(packageName: string): string | undefined {
  try {
    return (createRequire(import.meta.url)(packageName) as { path: string }).path
  } catch {
    return undefined
  }
}

function systemBinary(tool: FfmpegTool): string | undefined {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, tool))
    .find(isExecutable)
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}
