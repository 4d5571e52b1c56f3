// HEVC videos as phones record them, made on the spot so no binary fixture lives in the
// repository: H.265 (libx265, tagged hvc1 as Apple writes it) with AAC sound, in a MOV or an
// MP4. A portrait iPhone clip is coded landscape and carries the display matrix that turns it
// a quarter clockwise; this helper writes that matrix into the video track's tkhd box itself
// (the iPhone's values), so the file does not depend on how an ffmpeg version maps a rotate tag.
//
// The picture says which way is up: the upright picture's top half is red, its bottom half
// blue, and a green square sits in its top-left corner. Tests compare what the product shows
// with UPRIGHT_PICTURE, never with what the product itself reports.
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { ffmpegToolPath } from '../../src/server/media/ffmpeg-tools'

export const UPRIGHT_PICTURE = {
  top: { r: 210, g: 30, b: 30 },
  bottom: { r: 30, g: 60, b: 210 },
  marker: { r: 30, g: 200, b: 60 },
  /** The marker's side, as a fraction of the upright picture's width. */
  markerFraction: 0.25,
} as const

export type PhoneVideoOptions = {
  container: 'mov' | 'mp4'
  /** 90: recorded holding the phone upright (portrait), coded landscape and turned by the matrix. 0: landscape. */
  rotation: 0 | 90
  /** The coded (stored) size, landscape. Multiples of 16 keep x265 from padding much. @default 320 × 176 */
  codedWidth?: number
  codedHeight?: number
}

export type PhoneVideo = {
  file: string
  /** The size a player shows: the coded size, turned when rotated. */
  shown: { width: number; height: number }
}

/** The upright picture at its shown size, as a PNG. */
export async function uprightPicture(width: number, height: number): Promise<Buffer> {
  const { top, bottom, marker, markerFraction } = UPRIGHT_PICTURE
  const half = Math.floor(height / 2)
  const side = Math.round(width * markerFraction)
  const block = (w: number, h: number, colour: { r: number; g: number; b: number }) =>
    sharp({ create: { width: w, height: h, channels: 3, background: colour } }).png().toBuffer()
  return sharp({ create: { width, height, channels: 3, background: bottom } })
    .composite([
      { input: await block(width, half, top), left: 0, top: 0 },
      { input: await block(side, side, marker), left: 0, top: 0 },
    ])
    .png()
    .toBuffer()
}

/** A 2-second HEVC + AAC clip as a phone writes it, in `dir`. */
export async function makePhoneHevcVideo(dir: string, options: PhoneVideoOptions): Promise<PhoneVideo> {
  const { container, rotation, codedWidth = 320, codedHeight = 176 } = options
  const shown = rotation === 90 ? { width: codedHeight, height: codedWidth } : { width: codedWidth, height: codedHeight }
  // What the camera stored: the upright picture turned a quarter counter-clockwise when the
  // player will turn it a quarter clockwise.
  const upright = await uprightPicture(shown.width, shown.height)
  const coded = rotation === 90 ? await sharp(upright).rotate(270).png().toBuffer() : upright
  const base = `phone-${rotation}-${container}`
  const frame = path.join(dir, `${base}.png`)
  const file = path.join(dir, `${base}.${container}`)
  await fs.writeFile(frame, coded)
  await ffmpeg([
    ...['-loop', '1', '-framerate', '30', '-t', '2', '-i', frame],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2:sample_rate=48000'],
    ...['-map', '0:v', '-map', '1:a', '-t', '2'],
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-f', container, file],
  ])
  if (rotation === 90) {
    const bytes = await fs.readFile(file)
    setVideoTrackMatrix(bytes, codedHeight)
    await fs.writeFile(file, bytes)
  }
  return { file, shown }
}

/**
 * Writes the iPhone's portrait matrix into the video track's tkhd: a = 0, b = 1, c = −1, d = 0
 * (16.16 fixed point), translated by the coded height, w = 1 (2.30). Players turn the picture
 * 90° clockwise; ffprobe reports a display matrix of −90° (counter-clockwise degrees).
 */
function setVideoTrackMatrix(bytes: Buffer, codedHeight: number): void {
  const moov = childBoxes(bytes, 0, bytes.length).find((box) => box.type === 'moov')
  if (!moov) throw new Error('The clip has no moov box')
  for (const trak of childBoxes(bytes, moov.body, moov.end).filter((box) => box.type === 'trak')) {
    const children = childBoxes(bytes, trak.body, trak.end)
    const tkhd = children.find((box) => box.type === 'tkhd')
    const mdia = children.find((box) => box.type === 'mdia')
    const hdlr = mdia && childBoxes(bytes, mdia.body, mdia.end).find((box) => box.type === 'hdlr')
    // hdlr: version and flags (4), pre_defined (4), then the handler type.
    if (!tkhd || !hdlr || bytes.toString('latin1', hdlr.body + 8, hdlr.body + 12) !== 'vide') continue
    const version = bytes[tkhd.body]
    // tkhd after version/flags: times, track id, reserved and duration (20 or 32 bytes), reserved (8), layer, group, volume, reserved (8).
    const matrix = tkhd.body + 4 + (version === 1 ? 32 : 20) + 8 + 8
    const values = [0, 0x00010000, 0, -0x00010000, 0, 0, codedHeight * 0x10000, 0, 0x40000000]
    values.forEach((value, index) => bytes.writeInt32BE(value, matrix + index * 4))
    return
  }
  throw new Error('The clip has no video track')
}

type Box = { type: string; body: number; end: number }

function childBoxes(bytes: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = []
  for (let offset = start; offset + 8 <= end;) {
    let size = bytes.readUInt32BE(offset)
    let header = 8
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(offset + 8))
      header = 16
    } else if (size === 0) {
      size = end - offset
    }
    if (size < header) break
    boxes.push({ type: bytes.toString('latin1', offset + 4, offset + 8), body: offset + header, end: offset + size })
    offset += size
  }
  return boxes
}

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegToolPath('ffmpeg'), ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed: ${stderr}`))))
  })
}
