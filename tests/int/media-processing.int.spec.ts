// The ingest job's media library on real files made here: type detection by content,
// image derivatives, hashes and placeholder, the refusals an admin sees, and video
// probing, posters and playable renditions through the installed ffmpeg.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertDeclaredTypeMatches, detectMediaType, SNIFF_BYTES } from '../../src/server/media/detect-type'
import { MediaRejectedError, MediaToolMissingError } from '../../src/server/media/errors'
import { sha256OfFile } from '../../src/server/media/hash'
import { hammingDistance } from '../../src/server/media/phash'
import { closestHashDistance, perceptualHashOf } from '../helpers/duplicate-measures'
import { processImage } from '../../src/server/media/process-image'
import { bundledFfmpegToolPath, ffmpegToolPath } from '../../src/server/media/ffmpeg-tools'
import { extractPoster, makePlayableRendition, needsPlayableRendition, probeVideo } from '../../src/server/media/process-video'
import {
  bareSvgFile,
  cropEdges,
  elfFile,
  emptyFile,
  htmlFile,
  makeMp4,
  makePhoto,
  makeUnplayableMov,
  pdfFile,
  pixelBombPng,
  reencode,
  svgFile,
  tempDir,
  truncatedJpeg,
} from '../helpers/media-fixtures'

const headOf = async (file: string) => (await fs.readFile(file)).subarray(0, SNIFF_BYTES)

/** The reason a rejected promise gives the admin, failing the test if it was not a refusal. */
async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(MediaRejectedError)
  return (error as MediaRejectedError).reason
}

const isWebp = (data: Buffer) => data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP'

/** Top-level ISO media boxes in file order, e.g. ['ftyp', 'moov', 'mdat']. */
function topLevelBoxes(data: Buffer): string[] {
  const boxes: string[] = []
  for (let offset = 0; offset + 8 <= data.length;) {
    let size = data.readUInt32BE(offset)
    boxes.push(data.toString('latin1', offset + 4, offset + 8))
    if (size === 1) size = Number(data.readBigUInt64BE(offset + 8))
    if (size < 8) break
    offset += size
  }
  return boxes
}

let dir: string
beforeAll(async () => {
  dir = await tempDir()
})
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

describe('detectMediaType', () => {
  it('accepts each allowed image type by its content', async () => {
    const expected = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const
    for (const [format, mime] of Object.entries(expected)) {
      const file = await makePhoto({ width: 120, height: 80, format: format as keyof typeof expected })
      expect(await detectMediaType(file.subarray(0, SNIFF_BYTES))).toMatchObject({ mime, kind: 'image' })
    }
  })

  it('accepts MP4 and MOV videos', async () => {
    const mp4 = await makeMp4(dir, 'detect.mp4')
    const { file: mov } = await makeUnplayableMov(dir, 'detect.mov')
    expect(await detectMediaType(await headOf(mp4))).toEqual({ mime: 'video/mp4', ext: 'mp4', kind: 'video' })
    expect(await detectMediaType(await headOf(mov))).toEqual({ mime: 'video/quicktime', ext: 'mov', kind: 'video' })
  })

  it('refuses files renamed to .jpg, naming what they really are', async () => {
    expect(await reasonOf(detectMediaType(svgFile()))).toBe(
      'File content is SVG, not an allowed image or video: use JPG, PNG, GIF, WebP, HEIC, MP4 or MOV',
    )
    expect(await reasonOf(detectMediaType(bareSvgFile()))).toMatch(/^File content is SVG,/)
    expect(await reasonOf(detectMediaType(htmlFile()))).toMatch(/^File content is HTML,/)
    expect(await reasonOf(detectMediaType(pdfFile()))).toMatch(/^File content is PDF,/)
    expect(await reasonOf(detectMediaType(elfFile()))).toMatch(/^File content is a program \(ELF executable\),/)
    expect(await reasonOf(detectMediaType(Buffer.from('name,room\nsofa,lounge\n')))).toMatch(/^File content is text,/)
    expect(await reasonOf(detectMediaType(crypto.randomBytes(2000)))).toMatch(/not a recognised image or video/)
  })

  it('refuses an empty file', async () => {
    expect(await reasonOf(detectMediaType(emptyFile()))).toMatch(/^The file is empty \(0 bytes\)/)
  })

  it('checks the declared type against the content', async () => {
    const jpeg = await detectMediaType(await makePhoto({ width: 64, height: 64 }))
    expect(() => assertDeclaredTypeMatches('image/jpeg', jpeg)).not.toThrow()
    expect(() => assertDeclaredTypeMatches('image/jpg', jpeg)).not.toThrow()
    expect(() => assertDeclaredTypeMatches('IMAGE/JPEG; charset=binary', jpeg)).not.toThrow()
    expect(() => assertDeclaredTypeMatches('image/png', jpeg)).toThrow(MediaRejectedError)
    expect(() => assertDeclaredTypeMatches('image/png', jpeg)).toThrow(/uploaded as image\/png but its content is JPG/)
    expect(() => assertDeclaredTypeMatches(undefined, jpeg)).toThrow(MediaRejectedError)
    expect(() => assertDeclaredTypeMatches('video/quicktime', { mime: 'video/mp4' })).not.toThrow()
  })
})

describe('processImage', () => {
  it('makes WebP derivatives at each width of a 12-megapixel photo, with hashes and a small placeholder', async () => {
    const photo = await makePhoto({ width: 4000, height: 3000, seed: 3 })
    const result = await processImage(photo)
    expect(result).toMatchObject({ width: 4000, height: 3000, format: 'jpeg', animated: false })
    expect(result.derivatives.map(({ width, height }) => [width, height])).toEqual([
      [400, 300],
      [800, 600],
      [1600, 1200],
      [2400, 1800],
    ])
    for (const derivative of result.derivatives) {
      expect(isWebp(derivative.data)).toBe(true)
      expect(derivative.size).toBe(derivative.data.length)
    }
    expect(result.sha256).toBe(crypto.createHash('sha256').update(photo).digest('hex'))
    expect(result.perceptualHash).toMatch(/^[0-9a-f]{16}$/)
    expect(result.cropHashes).toHaveLength(2)
    expect(result.mirrorHash).toMatch(/^[0-9a-f]{16}$/)
    expect(result.regionHashes).toHaveLength(9)
    expect(result.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/)
    expect(result.placeholder.length).toBeLessThan(400)
    expect(Buffer.from(result.thumbhash, 'base64').length).toBeLessThanOrEqual(25)
  })

  it('never upscales: a 300-pixel image gets one derivative at its own width', async () => {
    const result = await processImage(await makePhoto({ width: 300, height: 200 }))
    expect(result.derivatives.map(({ width, height }) => [width, height])).toEqual([[300, 200]])
  })

  it('skips the widths an image is not wider than, and adds its own width', async () => {
    const result = await processImage(await makePhoto({ width: 1000, height: 500, format: 'png' }))
    expect(result.format).toBe('png')
    expect(result.derivatives.map(({ width, height }) => [width, height])).toEqual([
      [400, 200],
      [800, 400],
      [1000, 500],
    ])
  })

  it('turns the image upright per its EXIF orientation', async () => {
    const sideways = await makePhoto({ width: 900, height: 600, orientation: 6 })
    expect(await sharp(sideways).metadata()).toMatchObject({ width: 900, height: 600, orientation: 6 })
    const result = await processImage(sideways)
    expect(result).toMatchObject({ width: 600, height: 900 })
    expect(result.derivatives.map(({ width, height }) => [width, height])).toEqual([
      [400, 600],
      [600, 900],
    ])
    expect(await sharp(result.derivatives[0].data).metadata()).toMatchObject({ width: 400, height: 600 })
  })

  it('reads WebP and the first frame of an animated GIF', async () => {
    const webp = await processImage(await makePhoto({ width: 500, height: 500, format: 'webp' }))
    expect(webp).toMatchObject({ format: 'webp', width: 500, height: 500 })

    const frames = await Promise.all(
      ['#cc3333', '#33cc33', '#3333cc'].map((background) =>
        sharp({ create: { width: 600, height: 300, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    )
    const animated = await sharp(frames, { join: { animated: true } })
      .gif({ delay: [100, 100, 100] })
      .toBuffer()
    const gif = await processImage(animated)
    expect(gif).toMatchObject({ format: 'gif', animated: true, width: 600, height: 300 })
    expect(gif.derivatives.map(({ width, height }) => [width, height])).toEqual([
      [400, 200],
      [600, 300],
    ])
    const { dominant } = await sharp(gif.derivatives[0].data).stats()
    expect(dominant.r).toBeGreaterThan(dominant.g)
  })

  it('refuses a pixel bomb from its header, naming its size', async () => {
    const bomb = pixelBombPng()
    expect(bomb.length).toBeLessThan(1000)
    expect(await reasonOf(processImage(bomb))).toBe('Image is too large: 20000 × 20000 pixels (the limit is 100 megapixels)')
    expect(await reasonOf(processImage(await makePhoto({ width: 400, height: 300 }), { maxPixels: 100_000 }))).toBe(
      'Image is too large: 400 × 300 pixels (the limit is 0.1 megapixels)',
    )
  })

  it('refuses a truncated JPEG as damaged', async () => {
    expect(await reasonOf(processImage(await truncatedJpeg()))).toBe('The image file is damaged or incomplete')
  })

  it('refuses what is not an image before sharp sees it', async () => {
    expect(await reasonOf(processImage(svgFile()))).toMatch(/^File content is SVG,/)
    expect(await reasonOf(processImage(emptyFile()))).toMatch(/^The file is empty/)
  })
})

describe('perceptual hashes', () => {
  it('match a re-encoded, resized copy and tell different photos apart', async () => {
    const photo = await makePhoto({ width: 1600, height: 1200, seed: 11 })
    const copy = await reencode(photo, { scale: 0.5, quality: 60 })
    const others = await Promise.all([12, 13, 14].map((seed) => makePhoto({ width: 1600, height: 1200, seed })))
    const hash = await perceptualHashOf(photo)
    expect(hammingDistance(hash, await perceptualHashOf(copy))).toBeLessThanOrEqual(8)
    for (const other of others) expect(hammingDistance(hash, await perceptualHashOf(other))).toBeGreaterThanOrEqual(16)
  })

  it('match a copy with 5% cut from each edge through the crop hashes', async () => {
    const photo = await processImage(await makePhoto({ width: 1600, height: 1200, seed: 21 }))
    const cropped = await processImage(await cropEdges(await makePhoto({ width: 1600, height: 1200, seed: 21 }), 0.1))
    const different = await processImage(await makePhoto({ width: 1600, height: 1200, seed: 22 }))
    const hashes = (image: typeof photo) => [image.perceptualHash, ...image.cropHashes]
    expect(closestHashDistance(hashes(photo), hashes(cropped))).toBeLessThanOrEqual(4)
    expect(closestHashDistance(hashes(photo), hashes(different))).toBeGreaterThanOrEqual(16)
  })
})

// The same checks with the binaries the resolver finds here (a system ffmpeg when there is one)
// and with the static builds npm ships, which a machine with nothing but Node and npm uses.
const NPM_SHIPPED = { FFMPEG_PATH: bundledFfmpegToolPath('ffmpeg'), FFPROBE_PATH: bundledFfmpegToolPath('ffprobe') }

describe.each([
  { binaries: 'the binaries the resolver finds', env: {} },
  { binaries: 'the npm-shipped binaries alone', env: NPM_SHIPPED },
])('video processing with $binaries', ({ env }) => {
  let mp4: string
  let mov: string
  const saved = { FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH }
  beforeAll(async () => {
    expect(Object.values(env).every(Boolean), 'npm ci installs @ffmpeg-installer and @ffprobe-installer').toBe(true)
    Object.assign(process.env, env)
    mp4 = await makeMp4(dir, `${Object.keys(env).length ? 'npm' : 'found'}-clip.mp4`)
    const unplayable = await makeUnplayableMov(dir, `${Object.keys(env).length ? 'npm' : 'found'}-clip.mov`)
    mov = unplayable.file
    console.info(`Unplayable MOV fixture: ${unplayable.codec} (encoded by ${ffmpegToolPath('ffmpeg')})`)
  })
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })

  it('probes duration, size and codecs', async () => {
    const probe = await probeVideo(mp4)
    expect(probe).toMatchObject({ container: 'mp4', width: 320, height: 240, rotation: 0, videoCodec: 'h264', audioCodec: 'aac' })
    expect(probe.duration).toBeCloseTo(2, 1)
    expect(await probeVideo(mov)).toMatchObject({ container: 'mov', width: 320, height: 240 })
  })

  it('extracts a JPEG poster', async () => {
    const poster = path.join(dir, `poster-${path.basename(mp4)}.jpg`)
    expect(await extractPoster(mp4, poster)).toEqual({ width: 320, height: 240, atSeconds: 0.2 })
    const bytes = await fs.readFile(poster)
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
  })

  it('makes a faststart H.264 rendition only when browsers need one', async () => {
    expect(needsPlayableRendition(await probeVideo(mp4))).toBe(false)
    const source = await probeVideo(mov)
    expect(needsPlayableRendition(source)).toBe(true)

    const out = path.join(dir, `rendition-${path.basename(mov)}.mp4`)
    const rendition = await makePlayableRendition(mov, out, source)
    expect(rendition).toMatchObject({
      container: 'mp4',
      videoCodec: 'h264',
      pixelFormat: 'yuv420p',
      audioCodec: 'aac',
      width: 320,
    })
    expect(needsPlayableRendition(rendition)).toBe(false)
    const boxes = topLevelBoxes(await fs.readFile(out))
    expect(boxes[0]).toBe('ftyp')
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1)
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'))
    // The camera-style source keeps its index at the end: the rendition is what fixed it.
    const sourceBoxes = topLevelBoxes(await fs.readFile(mp4))
    expect(sourceBoxes.indexOf('moov')).toBeGreaterThan(sourceBoxes.indexOf('mdat'))
  })
})

describe('video', () => {
  let mp4: string
  beforeAll(async () => {
    mp4 = await makeMp4(dir)
  })

  it('refuses a damaged video', async () => {
    const broken = path.join(dir, 'broken.mp4')
    await fs.writeFile(broken, (await fs.readFile(mp4)).subarray(0, 20_000))
    expect(await reasonOf(probeVideo(broken))).toBe('The video file is damaged or incomplete')
  })

  it('says how to install ffprobe when it is missing', async () => {
    const saved = process.env.FFPROBE_PATH
    process.env.FFPROBE_PATH = path.join(dir, 'no-such-ffprobe')
    try {
      await expect(probeVideo(mp4)).rejects.toThrow(MediaToolMissingError)
      await expect(probeVideo(mp4)).rejects.toThrow(
        'ffprobe is not installed: install it (Debian: apt-get install ffmpeg) or set FFPROBE_PATH',
      )
    } finally {
      if (saved === undefined) delete process.env.FFPROBE_PATH
      else process.env.FFPROBE_PATH = saved
    }
  })

  it('hashes a file by streaming it', async () => {
    const bytes = await fs.readFile(mp4)
    expect(await sha256OfFile(mp4)).toBe(crypto.createHash('sha256').update(bytes).digest('hex'))
  })
})
