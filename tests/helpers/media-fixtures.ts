// Real media files made on the spot for media-processing tests, so no binary fixtures live
// in the repository: seeded "photos" (smooth structure plus grain, so hashes and encoders
// see something photo-like), files that lie about their type, damaged files, a pixel bomb,
// and short videos from ffmpeg's test source.
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { mulberry32 } from '../../src/lib/seeded-random'
import { ffmpegToolPath } from '../../src/server/media/ffmpeg-tools'

type PhotoOptions = {
  width: number
  height: number
  /** Photos with different seeds share nothing: other colours, other shapes. */
  seed?: number
  format?: 'jpeg' | 'png' | 'webp' | 'gif'
  quality?: number
  /** EXIF orientation to record (6 = stored on its side, shown rotated 90° clockwise). */
  orientation?: number
}

/** A photo-like image: a gradient and soft coloured blobs from a seed, then fine grain. */
export async function makePhoto({
  width,
  height,
  seed = 1,
  format = 'jpeg',
  quality = 90,
  orientation,
}: PhotoOptions): Promise<Buffer> {
  const random = mulberry32(seed)
  const smallWidth = 96
  const smallHeight = Math.max(1, Math.round((smallWidth * height) / width))
  const pixels = Buffer.alloc(smallWidth * smallHeight * 3)
  const from = [random() * 255, random() * 255, random() * 255]
  const to = [random() * 255, random() * 255, random() * 255]
  const angle = random() * Math.PI * 2
  const blobs = Array.from({ length: 7 }, () => ({
    x: random() * smallWidth,
    y: random() * smallHeight,
    radius: (0.08 + random() * 0.25) * smallWidth,
    colour: [random() * 255, random() * 255, random() * 255],
  }))
  for (let y = 0; y < smallHeight; y++) {
    for (let x = 0; x < smallWidth; x++) {
      const t = 0.5 + ((x / smallWidth - 0.5) * Math.cos(angle) + (y / smallHeight - 0.5) * Math.sin(angle)) * 0.9
      const colour = from.map((start, c) => start + (to[c] - start) * t)
      for (const blob of blobs) {
        const weight = Math.exp(-((x - blob.x) ** 2 + (y - blob.y) ** 2) / (2 * blob.radius ** 2))
        for (let c = 0; c < 3; c++) colour[c] = colour[c] * (1 - weight) + blob.colour[c] * weight
      }
      for (let c = 0; c < 3; c++) pixels[(y * smallWidth + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(colour[c])))
    }
  }
  // Composite runs after resize in sharp's pipeline: the grain is added at full size.
  let image = sharp(pixels, { raw: { width: smallWidth, height: smallHeight, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .composite([{ input: { create: { width, height, channels: 3, background: '#808080', noise: GRAIN } }, blend: 'soft-light' }])
  if (orientation) image = image.withMetadata({ orientation })
  return encode(image, format, quality)
}

const GRAIN = { type: 'gaussian', mean: 128, sigma: 24 } as const

function encode(image: sharp.Sharp, format: NonNullable<PhotoOptions['format']>, quality: number): Promise<Buffer> {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality }).toBuffer()
    case 'png':
      return image.png().toBuffer()
    case 'webp':
      return image.webp({ quality }).toBuffer()
    case 'gif':
      return image.gif().toBuffer()
  }
}

/** What a phone writes about where and with what a photo was taken, and whose camera it is. */
export const CAMERA_TAGS = {
  latitude: '48/1 51/1 2964/100',
  longitude: '2/1 17/1 4044/100',
  serial: 'SN-0042-7781',
  artist: 'Jane Owner',
  model: 'Acme X1',
} as const

/**
 * A JPEG as a phone camera makes it: a GPS position, the camera's model and serial number, the
 * owner's name (EXIF), a Display P3 colour profile, and stored on its side (orientation 6).
 */
export async function makeCameraPhoto({ width = 640, height = 480, seed = 11 } = {}): Promise<Buffer> {
  const photo = await makePhoto({ width, height, seed, format: 'png' })
  return sharp(photo)
    .withIccProfile('p3')
    .withExif({
      IFD0: { Artist: CAMERA_TAGS.artist, Make: 'Acme', Model: CAMERA_TAGS.model },
      IFD2: { BodySerialNumber: CAMERA_TAGS.serial },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: CAMERA_TAGS.latitude, GPSLongitudeRef: 'E', GPSLongitude: CAMERA_TAGS.longitude },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** ISO 6709, as phones write it into a video's ©xyz atom or its keys. */
export const VIDEO_LOCATION = '+48.8584+002.2945/'

/** A 2-second 320 × 240 H.264 MP4 that plays as it is and says where it was recorded. */
export async function makeLocatedMp4(dir: string, name = 'located.mp4'): Promise<string> {
  const file = path.join(dir, name)
  await ffmpeg([
    ...testSource(),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', '-shortest'],
    ...['-metadata', `location=${VIDEO_LOCATION}`, '-metadata', 'artist=Jane Owner', '-movflags', 'use_metadata_tags'],
    file,
  ])
  return file
}

/** A MOV (not browser-safe, so it gets a rendition) with its position in the ©xyz atom. */
export async function makeLocatedMov(dir: string, name = 'located.mov'): Promise<string> {
  const file = path.join(dir, name)
  await ffmpeg([
    ...testSource(),
    ...['-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'aac', '-b:a', '96k', '-shortest'],
    ...['-metadata', `location=${VIDEO_LOCATION}`, '-f', 'mov'],
    file,
  ])
  return file
}

/** The same photo re-encoded as a JPEG at another quality and scale, as a messenger app would. */
export async function reencode(
  photo: Buffer,
  { scale = 1, quality = 60 }: { scale?: number; quality?: number } = {},
): Promise<Buffer> {
  const { width } = await sharp(photo).metadata()
  return sharp(photo)
    .resize({ width: Math.round(width * scale) })
    .jpeg({ quality })
    .toBuffer()
}

/** The photo with `fraction` of each side cut away, split evenly between the two edges. */
export async function cropEdges(photo: Buffer, fraction: number): Promise<Buffer> {
  const { width, height } = await sharp(photo).metadata()
  const keepWidth = Math.round(width * (1 - fraction))
  const keepHeight = Math.round(height * (1 - fraction))
  return sharp(photo)
    .extract({ left: (width - keepWidth) >> 1, top: (height - keepHeight) >> 1, width: keepWidth, height: keepHeight })
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** A JPEG cut off part-way, as an interrupted upload leaves it. */
export async function truncatedJpeg(): Promise<Buffer> {
  const photo = await makePhoto({ width: 800, height: 600, seed: 7 })
  return photo.subarray(0, Math.floor(photo.length * 0.6))
}

export const emptyFile = () => Buffer.alloc(0)

export const svgFile = () =>
  Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>\n',
  )

export const bareSvgFile = () =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>')

export const htmlFile = () =>
  Buffer.from('<!DOCTYPE html>\n<html><head><title>Not a photo</title></head><body><script>alert(1)</script></body></html>\n')

/** A minimal valid PDF: one empty page, with a correct cross-reference table. */
export function pdfFile(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body)
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body)
}

/** The start of a 64-bit Linux executable: ELF magic, class, endianness, then zeros. */
export function elfFile(): Buffer {
  const file = Buffer.alloc(4096)
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]).copy(file)
  return file
}

/**
 * A decompression bomb: a 100-byte PNG whose header claims 20000 × 20000 pixels (400 MP,
 * 1.2 GB decoded as RGB). The image data is a valid zlib stream, just far too short.
 */
export function pixelBombPng(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + width * 3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(typeAndData))
  return Buffer.concat([length, typeAndData, crc])
}

export const tempDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'gallery-media-'))

/** A 2-second 320 × 240 H.264 + AAC MP4 (moov at the end, as cameras write it). */
export async function makeMp4(dir: string, name = 'clip.mp4'): Promise<string> {
  const file = path.join(dir, name)
  await ffmpeg([
    ...testSource(),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', '-shortest'],
    file,
  ])
  return file
}

/**
 * A MOV browsers cannot be trusted to play: HEVC when this ffmpeg has libx265 (as iPhones
 * record), otherwise MPEG-4 Part 2. Either way the ingest must make an H.264 rendition.
 */
export async function makeUnplayableMov(dir: string, name = 'clip.mov'): Promise<{ file: string; codec: 'hevc' | 'mpeg4' }> {
  const file = path.join(dir, name)
  const encoders = await ffmpegOutput(['-hide_banner', '-encoders'])
  const codec = /\blibx265\b/.test(encoders) ? 'hevc' : 'mpeg4'
  const video =
    codec === 'hevc'
      ? ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p']
      : ['-c:v', 'mpeg4', '-q:v', '5']
  await ffmpeg([...testSource(), ...video, '-c:a', 'aac', '-b:a', '96k', '-shortest', '-f', 'mov', file])
  return { file, codec }
}

function testSource(): string[] {
  return [
    ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2:sample_rate=44100'],
  ]
}

function ffmpeg(args: string[]): Promise<string> {
  return ffmpegOutput(['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args])
}

function ffmpegOutput(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegToolPath('ffmpeg'), args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`ffmpeg ${args.join(' ')} failed: ${output}`))))
  })
}
