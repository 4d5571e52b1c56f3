// What the ingest job needs from an uploaded video, working on temp files with ffprobe
// and ffmpeg (docs/architecture.md §6): its metadata, a poster frame, and — unless the original
// already plays in every browser — an H.264/AAC MP4 rendition that starts streaming at once.
// The binaries come from ffmpeg-tools.ts (FFMPEG_PATH / FFPROBE_PATH, else PATH, else the static
// builds npm packages ship); they run without a shell, with a time limit, and their stderr explains any failure.
import { spawn } from 'node:child_process'
import path from 'node:path'
import fs from 'node:fs/promises'
import sharp from 'sharp'
import { MediaRejectedError, MediaToolMissingError } from './errors'
import { FFMPEG_TOOLS, ffmpegToolPath, type FfmpegTool } from './ffmpeg-tools'

export type VideoProbe = {
  /** 'mp4' or 'mov' for ISO media (by major brand), else ffprobe's format name (e.g. 'matroska,webm'). */
  container: string
  /** Seconds (0 when the container does not say). */
  duration: number
  /** Shown size: coded size turned by `rotation`, as players and ffmpeg present it. */
  width: number
  height: number
  /** Clockwise degrees a player turns the picture (phones record portrait as rotated landscape). */
  rotation: 0 | 90 | 180 | 270
  videoCodec: string
  /** e.g. 'yuv420p'; 10-bit and 4:4:4 H.264 do not play in most browsers. */
  pixelFormat: string | null
  /** null when the file has no sound. */
  audioCodec: string | null
}

const PROBE_TIMEOUT_MS = 30_000
const POSTER_TIMEOUT_MS = 60_000
/** A rendition may take a while on two cores: a minute plus five times the clip's length. */
const renditionTimeoutMs = (duration: number) => 60_000 + 5_000 * (Number.isFinite(duration) && duration > 0 ? duration : 3600)

/** Posters are at most this wide (the lightbox's largest image derivative is 2400). */
export const POSTER_MAX_WIDTH = 1600
/** Renditions are at most this wide: full HD plays everywhere and keeps files reasonable. */
export const RENDITION_MAX_WIDTH = 1920

const DAMAGED = 'The video file is damaged or incomplete'

/** ffmpeg output options that write no container or stream metadata, chapters, subtitles or data tracks. */
const WITHOUT_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn']

type FfprobeStream = {
  codec_type?: string
  codec_name?: string
  width?: number
  height?: number
  pix_fmt?: string
  disposition?: { attached_pic?: number }
  tags?: Record<string, string>
  side_data_list?: Array<{ side_data_type?: string; rotation?: number }>
}
type FfprobeOutput = {
  streams?: FfprobeStream[]
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> }
}

export async function probeVideo(file: string): Promise<VideoProbe> {
  let output: FfprobeOutput
  try {
    const { stdout } = await run(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      PROBE_TIMEOUT_MS,
    )
    output = JSON.parse(stdout) as FfprobeOutput
  } catch (error) {
    throw asRejection(error)
  }

  const streams = output.streams ?? []
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic)
  if (!video || !video.width || !video.height || !video.codec_name) {
    throw new MediaRejectedError('The file has no video picture: upload a video with images, or use MP3/M4A elsewhere')
  }
  const audio = streams.find((stream) => stream.codec_type === 'audio')
  const rotation = rotationOf(video)
  const sideways = rotation === 90 || rotation === 270
  const duration = Number(output.format?.duration)

  return {
    container: containerOf(output.format),
    duration: Number.isFinite(duration) ? duration : 0,
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    rotation,
    videoCodec: video.codec_name,
    pixelFormat: video.pix_fmt ?? null,
    audioCodec: audio?.codec_name ?? null,
  }
}

/**
 * Writes a JPEG poster to outFile: the frame at 1 s, or at 10% of a shorter clip (the very
 * first frame is often black), at most POSTER_MAX_WIDTH wide. Returns its size.
 */
export async function extractPoster(
  file: string,
  outFile: string,
  probe?: Pick<VideoProbe, 'duration'>,
): Promise<{ width: number; height: number; atSeconds: number }> {
  const { duration } = probe ?? (await probeVideo(file))
  const atSeconds = Math.min(1, duration * 0.1)
  const grab = (at: number) =>
    run(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
        ...['-ss', at.toFixed(3), '-i', file],
        ...['-frames:v', '1', '-vf', `scale='min(${POSTER_MAX_WIDTH},iw)':-2`, '-q:v', '3'],
        ...['-f', 'image2', '-c:v', 'mjpeg', '-update', '1', outFile],
      ],
      POSTER_TIMEOUT_MS,
    )
  const written = async () => ((await fs.stat(outFile).catch(() => null))?.size ?? 0) > 0
  try {
    await fs.rm(outFile, { force: true })
    await grab(atSeconds)
    // A seek past the last decodable frame writes nothing: fall back to the first frame.
    if (!(await written())) await grab(0)
    if (!(await written())) throw new ToolFailedError('ffmpeg decoded no frame for the poster')
    const { width, height } = await sharp(outFile).metadata()
    return { width, height, atSeconds }
  } catch (error) {
    throw asRejection(error)
  }
}

/**
 * Whether browsers need a rendition: every browser plays MP4 with 8-bit 4:2:0 H.264 and
 * AAC (or silence); MOV, HEVC, VP9, 10-bit or 4:4:4 H.264, or other audio they may not.
 */
export function needsPlayableRendition(probe: VideoProbe): boolean {
  const playable =
    probe.container === 'mp4' &&
    probe.videoCodec === 'h264' &&
    (probe.pixelFormat === 'yuv420p' || probe.pixelFormat === 'yuvj420p') &&
    (probe.audioCodec === null || probe.audioCodec === 'aac')
  return !playable
}

/**
 * Writes an MP4 every browser plays to outFile: H.264 High 8-bit 4:2:0 at CRF 23, AAC 128k,
 * upright, at most RENDITION_MAX_WIDTH wide with even sides, and with the index (moov) at
 * the front so playback starts before the download ends. Returns the rendition's probe.
 */
export async function makePlayableRendition(
  file: string,
  outFile: string,
  probe?: Pick<VideoProbe, 'duration'>,
): Promise<VideoProbe> {
  const { duration } = probe ?? (await probeVideo(file))
  try {
    await run(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', file],
        // The first picture and the first sound track; '?' keeps silent videos working. No
        // metadata, chapters or data tracks: a phone's position (©xyz, ISO 6709), model and
        // owner stay in the private original (the picture's rotation is applied by the filter).
        ...['-map', '0:v:0', '-map', '0:a:0?', ...WITHOUT_METADATA],
        ...['-vf', `scale='trunc(min(${RENDITION_MAX_WIDTH},iw)/2)*2':-2`],
        ...['-c:v', 'libx264', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-crf', '23'],
        ...['-c:a', 'aac', '-b:a', '128k'],
        ...['-movflags', '+faststart', '-max_muxing_queue_size', '1024', '-f', 'mp4', outFile],
      ],
      renditionTimeoutMs(duration),
    )
  } catch (error) {
    await fs.rm(outFile, { force: true })
    throw asRejection(error)
  }
  return probeVideo(outFile)
}

/**
 * Writes the public copy of a video that plays as it is: the same picture and sound (copied,
 * not re-encoded) in an MP4 with no metadata (a phone's position, model, owner), the index at
 * the front. The display rotation stays with the picture.
 */
export async function makePublicVideoCopy(file: string, outFile: string, probe?: Pick<VideoProbe, 'duration'>): Promise<void> {
  const { duration } = probe ?? (await probeVideo(file))
  try {
    await run(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', file],
        ...['-map', '0:v:0', '-map', '0:a:0?', ...WITHOUT_METADATA, '-c', 'copy'],
        ...['-movflags', '+faststart', '-f', 'mp4', outFile],
      ],
      renditionTimeoutMs(duration),
    )
  } catch (error) {
    await fs.rm(outFile, { force: true })
    throw asRejection(error)
  }
}

function containerOf(format: FfprobeOutput['format']): string {
  const name = format?.format_name ?? 'unknown'
  // ffprobe names MP4 and MOV alike ('mov,mp4,m4a,3gp,3g2,mj2'); the major brand tells them apart.
  if (!name.split(',').includes('mp4')) return name
  const brand = (format?.tags?.major_brand ?? '').trim()
  return brand === 'qt' ? 'mov' : 'mp4'
}

function rotationOf(stream: FfprobeStream): VideoProbe['rotation'] {
  // Newer ffmpeg reports a display matrix (counter-clockwise degrees); older ones a rotate tag.
  const matrix = stream.side_data_list?.find((data) => data.side_data_type === 'Display Matrix')?.rotation
  const degrees = matrix !== undefined ? -matrix : Number(stream.tags?.rotate ?? 0)
  const normalised = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360
  return normalised as VideoProbe['rotation']
}

/** A failure ffmpeg or ffprobe reported, as opposed to a missing tool or a timeout. */
class ToolFailedError extends Error {}

/** Failures that are the server's, not the file's: the admin should not be told to re-upload. */
const SERVER_PROBLEM =
  /unknown encoder|encoder not found|no space left|permission denied|cannot allocate memory|read-only file system/i

function asRejection(error: unknown): Error {
  if (error instanceof SyntaxError || (error instanceof ToolFailedError && !SERVER_PROBLEM.test(error.message))) {
    return new MediaRejectedError(DAMAGED, { cause: error })
  }
  return error instanceof Error ? error : new Error(String(error))
}

/** Keeps the end of stderr, where ffmpeg says what went wrong, without holding megabytes. */
const STDERR_KEEP = 8 * 1024

function run(tool: FfmpegTool, args: string[], timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  const { envVar } = FFMPEG_TOOLS[tool]
  const binary = ffmpegToolPath(tool)
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true })
    const stdout: Buffer[] = []
    let stderr = ''
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_KEEP)
    })
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      reject(error.code === 'ENOENT' ? new MediaToolMissingError(tool, envVar, { cause: error }) : error)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (timedOut) {
        reject(new Error(`${tool} took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`))
      } else if (code === 0) {
        resolve({ stdout: Buffer.concat(stdout).toString(), stderr })
      } else {
        const detail = stderr.trim().split('\n').slice(-3).join(' | ') || `exit ${code ?? signal}`
        reject(new ToolFailedError(`${tool} failed: ${detail}`))
      }
    })
  })
}
