// HEVC videos from phones (H.265 in a MOV or an MP4, portrait ones carrying the iPhone's
// rotation matrix), uploaded through the browser's path and processed by the jobs with the
// npm-shipped ffmpeg and ffprobe alone: the poster and the H.264 rendition come out upright,
// which the pixels show (the fixture's red top, blue bottom and green top-left marker).
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { bundledFfmpegToolPath } from '../../src/server/media/ffmpeg-tools'
import { type Session, signedInAdmin } from '../helpers/api'
import { tempDir } from '../helpers/media-fixtures'
import { fetchObject as fetchFromHost, mediaRecord } from '../helpers/objects'
import { resetDatabase, testPayload } from '../helpers/payload'
import { makePhoneHevcVideo, UPRIGHT_PICTURE } from '../helpers/phone-video'
import { runJobs, uploadFile } from '../helpers/upload'

const NPM_FFMPEG = bundledFfmpegToolPath('ffmpeg')!
const NPM_FFPROBE = bundledFfmpegToolPath('ffprobe')!

let payload: Payload
let admin: Session
let dir: string
const saved = { FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH }

const record = (id: string) => mediaRecord(payload, id)

const fetchObject = (objectPath: string, session?: Session) => fetchFromHost(payload, objectPath, session)

async function listed(id: string): Promise<MediaFile> {
  const files = (await admin.json<MediaFile[]>('GET', '/api/media-files')).body
  return files.find((file) => file.id === id)!
}

function runTool(binary: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${binary} failed: ${stderr}`))))
  })
}

type Stream = {
  codec_type: string
  codec_name: string
  codec_tag_string: string
  width: number
  height: number
  pix_fmt: string
  side_data_list?: Array<{ side_data_type?: string; rotation?: number }>
  tags?: Record<string, string>
}

async function videoStream(file: string): Promise<Stream> {
  const json = await runTool(NPM_FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_streams', file])
  return (JSON.parse(json.toString()).streams as Stream[]).find((stream) => stream.codec_type === 'video')!
}

/** ffprobe's display matrix rotation (counter-clockwise degrees), 0 when there is none. */
const matrixRotation = (stream: Stream) =>
  stream.side_data_list?.find((data) => data.side_data_type === 'Display Matrix')?.rotation ?? 0

/**
 * The rendition's frame at 1 s as its pixels are stored (no autorotation): with no display
 * matrix on the rendition, that is what a browser shows.
 */
async function renditionFrame(file: string): Promise<Buffer> {
  return runTool(NPM_FFMPEG, [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-noautorotate', '-ss', '1', '-i', file],
    ...['-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'],
  ])
}

type Colour = { r: number; g: number; b: number }

/** The mean colour of a region given in fractions of the image's width and height. */
async function meanColour(image: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<Colour> {
  const { width, height } = await sharp(image).metadata()
  const area = {
    left: Math.round(region.left * width),
    top: Math.round(region.top * height),
    width: Math.max(1, Math.round(region.width * width)),
    height: Math.max(1, Math.round(region.height * height)),
  }
  // stats() describes the whole input, not the extract: average the extracted pixels here.
  const pixels = await sharp(image).extract(area).removeAlpha().raw().toBuffer()
  const sum = [0, 0, 0]
  for (let i = 0; i < pixels.length; i++) sum[i % 3] += pixels[i]
  const count = pixels.length / 3
  return { r: sum[0] / count, g: sum[1] / count, b: sum[2] / count }
}

const distance = (a: Colour, b: Colour) => Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b))

/**
 * Upright as the fixture was drawn: the marker in the top-left corner (not the top-right), red
 * across the top, blue across the bottom. Regions stay clear of the edges between colours.
 */
async function expectUpright(image: Buffer, what: string) {
  const side = UPRIGHT_PICTURE.markerFraction
  const { width, height } = await sharp(image).metadata()
  // The marker is a square of the width's fraction: in the height's fraction it is this tall.
  const markerHeight = (side * width) / height
  const inset = 0.2
  const marker = { width: side * (1 - 2 * inset), height: markerHeight * (1 - 2 * inset) }
  const colours = {
    topLeft: await meanColour(image, { left: side * inset, top: markerHeight * inset, ...marker }),
    topRight: await meanColour(image, { left: 1 - side * (1 - inset), top: markerHeight * inset, ...marker }),
    top: await meanColour(image, { left: 0.4, top: 0.3, width: 0.5, height: 0.15 }),
    bottom: await meanColour(image, { left: 0.1, top: 0.65, width: 0.8, height: 0.25 }),
  }
  const tolerance = 40
  expect(distance(colours.topLeft, UPRIGHT_PICTURE.marker), `${what}: the marker in the top-left corner`).toBeLessThan(tolerance)
  expect(distance(colours.topRight, UPRIGHT_PICTURE.top), `${what}: red in the top-right corner`).toBeLessThan(tolerance)
  expect(distance(colours.top, UPRIGHT_PICTURE.top), `${what}: red across the top`).toBeLessThan(tolerance)
  expect(distance(colours.bottom, UPRIGHT_PICTURE.bottom), `${what}: blue across the bottom`).toBeLessThan(tolerance)
}

beforeAll(async () => {
  expect(NPM_FFMPEG && NPM_FFPROBE, 'npm ci installs @ffmpeg-installer and @ffprobe-installer').toBeTruthy()
  Object.assign(process.env, { FFMPEG_PATH: NPM_FFMPEG, FFPROBE_PATH: NPM_FFPROBE })
  expect((await runTool(NPM_FFMPEG, ['-hide_banner', '-encoders'])).toString()).toMatch(/\blibx265\b/)
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  dir = await tempDir()
})

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  if (dir) await fs.rm(dir, { recursive: true, force: true })
})

describe('HEVC phone videos, with the npm-shipped ffmpeg alone', () => {
  it.each([
    { container: 'mov', rotation: 90, contentType: 'video/quicktime', orientation: 'portrait' },
    { container: 'mp4', rotation: 90, contentType: 'video/mp4', orientation: 'portrait' },
    { container: 'mov', rotation: 0, contentType: 'video/quicktime', orientation: 'landscape' },
    { container: 'mp4', rotation: 0, contentType: 'video/mp4', orientation: 'landscape' },
  ] as const)(
    'an HEVC $container rotated $rotation°: a $orientation poster and H.264 rendition, upright',
    async ({ container, rotation, contentType, orientation }) => {
      const { file, shown } = await makePhoneHevcVideo(dir, { container, rotation })
      // The fixture is what a phone writes: HEVC tagged hvc1, coded landscape, and the
      // portrait one carries a display matrix of a quarter turn clockwise.
      const source = await videoStream(file)
      expect(source).toMatchObject({ codec_name: 'hevc', codec_tag_string: 'hvc1', width: 320, height: 176 })
      expect(matrixRotation(source)).toBe(rotation === 90 ? -90 : 0)
      expect(shown.height > shown.width).toBe(orientation === 'portrait')

      const original = await fs.readFile(file)
      const created = await uploadFile(admin, original, { filename: `IMG_0${rotation}.${container.toUpperCase()}`, contentType })
      expect(created.status).toBe(201)
      await runJobs(payload)

      const media = await record(created.body.id)
      expect(media).toMatchObject({ status: 'ready', width: shown.width, height: shown.height, playbackKey: `playback/${created.body.id}.mp4` })
      const answer = await listed(created.body.id)
      expect(answer).toMatchObject({ fileType: 'video', width: shown.width, height: shown.height })

      const poster = await fetchObject(answer.thumbnailPath!)
      expect(poster.response.status).toBe(200)
      expect(await sharp(poster.bytes).metadata()).toMatchObject({ format: 'jpeg', width: shown.width, height: shown.height })
      await expectUpright(poster.bytes, 'the poster')

      const shownVideo = await fetchObject(answer.objectPath)
      expect(shownVideo.response.status).toBe(200)
      expect(shownVideo.response.headers.get('content-type')).toBe('video/mp4')
      const rendition = path.join(dir, `rendition-${created.body.id}.mp4`)
      await fs.writeFile(rendition, shownVideo.bytes)
      const stream = await videoStream(rendition)
      expect(stream).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: shown.width, height: shown.height })
      // Upright in its pixels, with nothing left for a player to turn.
      expect(matrixRotation(stream)).toBe(0)
      expect(stream.tags?.rotate ?? '0').toBe('0')
      const frame = await renditionFrame(rendition)
      expect(await sharp(frame).metadata()).toMatchObject({ width: shown.width, height: shown.height })
      await expectUpright(frame, 'the rendition')

      // The manager still gets the phone's file itself.
      const mine = await fetchObject(`${answer.objectPath}/original`, admin)
      expect(mine.bytes.equals(original)).toBe(true)
    },
  )
})
