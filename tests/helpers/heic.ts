// HEIC photos made on the spot, as an iPhone writes them, so no binary fixture lives in the
// repository: the picture is a seeded photo (media-fixtures.ts) coded as one HEVC intra frame by
// the ffmpeg the tests already use (libx265), wrapped in the HEIF boxes (ISO/IEC 23008-12):
// ftyp heic, a meta box naming the primary item, its decoder configuration (hvcC), size (ispe)
// and rotation (irot), an optional Exif item describing it (cdsc), and the coded data in mdat.
// Options make the hostile variants: a declared size that is not the coded one.
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { ffmpegToolPath } from '../../src/server/media/ffmpeg-tools'
import { makePhoto } from './media-fixtures'

export type HeicOptions = {
  /** Coded size; multiples of 8 keep x265 from padding. */
  width: number
  height: number
  seed?: number
  /** An Exif item: the TIFF block of a JPEG's EXIF (what sharp's metadata().exif holds, after "Exif\0\0"). */
  exif?: Buffer
  /** irot: turns the shown image 90° counter-clockwise this many times (1 = a portrait shot on its side). */
  rotations?: 0 | 1 | 2 | 3
  /** ispe as declared, when it should lie about the size. */
  declaredSize?: { width: number; height: number }
  /** ftyp's major brand. @default 'heic' */
  brand?: 'heic' | 'heix' | 'mif1'
  /** Another picture (this seed) stored as the file's first image, before the primary one. */
  otherImageFirst?: { seed: number }
}

type CodedImage = { vps: Buffer[]; sps: Buffer[]; pps: Buffer[]; imageData: Buffer }

/** A HEIC file and the picture its primary image holds, before irot (to compare a decoder's result with). */
export async function makeHeic(options: HeicOptions): Promise<{ heic: Buffer; picture: Buffer }> {
  const { width, height, seed = 21 } = options
  const picture = await makePhoto({ width, height, seed, format: 'png' })
  const primary = await codedImage(picture)
  const other = options.otherImageFirst
    ? await codedImage(await makePhoto({ width, height, seed: options.otherImageFirst.seed, format: 'png' }))
    : null
  return { heic: heifFile(options, other ? [other, primary] : [primary]), picture }
}

async function codedImage(picture: Buffer): Promise<CodedImage> {
  const nalUnits = splitAnnexB(await encodeHevcFrame(picture))
  const ofType = (type: number) => nalUnits.filter((nal) => ((nal[0] >> 1) & 0x3f) === type)
  const [vps, sps, pps] = [ofType(32), ofType(33), ofType(34)]
  if (!vps.length || !sps.length || !pps.length) throw new Error('x265 wrote no parameter sets')
  const slices = nalUnits.filter((nal) => ((nal[0] >> 1) & 0x3f) < 32)
  return { vps, sps, pps, imageData: Buffer.concat(slices.flatMap((nal) => [u32(nal.length), nal])) }
}

/** The TIFF block of a JPEG's EXIF, for an Exif item. */
export async function exifBlockOf(jpeg: Buffer): Promise<Buffer> {
  const { exif } = await sharp(jpeg).metadata()
  if (!exif) throw new Error('The JPEG has no EXIF')
  return exif.subarray(exif.toString('latin1', 0, 6) === 'Exif\0\0' ? 6 : 0)
}

/** The file: image items 1…n (the last is the primary one), then the Exif item describing it. */
function heifFile(options: HeicOptions, images: CodedImage[]): Buffer {
  const { exif, rotations = 0, brand = 'heic' } = options
  const declared = options.declaredSize ?? { width: options.width, height: options.height }
  const primaryId = images.length
  const exifId = images.length + 1
  const exifPayload = exif ? Buffer.concat([u32(0), exif]) : null
  const ftyp = box('ftyp', Buffer.from(brand), u32(0), Buffer.from('mif1heic'))
  // Each image has its hvcC and ispe (and the primary its irot), in ipco's 1-based order.
  const properties: Buffer[] = []
  const associations: Buffer[] = []
  images.forEach((image, index) => {
    const own = [hvcC(image), fullBox('ispe', 0, 0, u32(declared.width), u32(declared.height))]
    if (rotations && index + 1 === primaryId) own.push(box('irot', Buffer.from([rotations])))
    const first = properties.length + 1
    properties.push(...own)
    const marks = own.map((_, n) => (n === 0 ? 0x80 : 0) | (first + n))
    associations.push(Buffer.concat([u16(index + 1), Buffer.from([marks.length, ...marks])]))
  })
  const extents = [
    ...images.map((image, index) => ({ id: index + 1, data: image.imageData })),
    ...(exifPayload ? [{ id: exifId, data: exifPayload }] : []),
  ]
  const meta = (mdatStart: number) => {
    let offset = mdatStart
    const iloc = fullBox(
      'iloc',
      0,
      0,
      Buffer.from([0x44, 0x00]),
      u16(extents.length),
      ...extents.map(({ id, data }) => {
        const entry = Buffer.concat([u16(id), u16(0), u16(1), u32(offset), u32(data.length)])
        offset += data.length
        return entry
      }),
    )
    const items = [...images.map((_, index) => infe(index + 1, 'hvc1')), ...(exifPayload ? [infe(exifId, 'Exif')] : [])]
    return fullBox(
      'meta',
      0,
      0,
      fullBox('hdlr', 0, 0, u32(0), Buffer.from('pict'), Buffer.alloc(12), Buffer.from([0])),
      fullBox('pitm', 0, 0, u16(primaryId)),
      fullBox('iinf', 0, 0, u16(items.length), ...items),
      ...(exifPayload ? [fullBox('iref', 0, 0, box('cdsc', u16(exifId), u16(1), u16(primaryId)))] : []),
      box('iprp', box('ipco', ...properties), fullBox('ipma', 0, 0, u32(associations.length), ...associations)),
      iloc,
    )
  }
  const mdatPayload = Buffer.concat(extents.map((extent) => extent.data))
  // iloc's fields have fixed sizes: the meta box is as long whatever the offsets say.
  const mdatStart = ftyp.length + meta(0).length + 8
  return Buffer.concat([ftyp, meta(mdatStart), box('mdat', mdatPayload)])
}

/** The HEVC decoder configuration record, from the parameter sets x265 wrote. */
function hvcC({ vps, sps, pps }: CodedImage): Buffer {
  // The profile, tier and level: the 12 bytes of the SPS's profile_tier_level, after its NAL
  // header (2 bytes) and the byte of ids and sub-layer counts (one layer here).
  const rbsp = withoutEmulationPrevention(sps[0])
  const profileTierLevel = rbsp.subarray(3, 15)
  const arrays = [
    [32, vps],
    [33, sps],
    [34, pps],
  ] as const
  return box(
    'hvcC',
    Buffer.from([1]),
    profileTierLevel,
    Buffer.from([0xf0, 0x00, 0xfc, 0xfd, 0xf8, 0xf8, 0x00, 0x00, 0x0f, arrays.length]),
    ...arrays.map(([type, units]) =>
      Buffer.concat([Buffer.from([0x80 | type]), u16(units.length), ...units.flatMap((unit) => [u16(unit.length), unit])]),
    ),
  )
}

const infe = (id: number, type: string) => fullBox('infe', 2, 0, u16(id), u16(0), Buffer.from(type), Buffer.from([0]))

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload)
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'latin1'), body])
}

const fullBox = (type: string, version: number, flags: number, ...payload: Buffer[]) =>
  box(type, Buffer.from([version, (flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff]), ...payload)

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4)
  buffer.writeUInt32BE(value)
  return buffer
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2)
  buffer.writeUInt16BE(value)
  return buffer
}

/** NAL units of an Annex B stream (start codes 00 00 01 or 00 00 00 01), without the start codes. */
function splitAnnexB(stream: Buffer): Buffer[] {
  const starts: Array<{ at: number; length: number }> = []
  for (let i = 0; i + 3 <= stream.length; i++) {
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1) {
      const four = i > 0 && stream[i - 1] === 0
      starts.push({ at: four ? i - 1 : i, length: four ? 4 : 3 })
      i += 2
    }
  }
  return starts.map(({ at, length }, n) => {
    let end = n + 1 < starts.length ? starts[n + 1].at : stream.length
    while (end > at + length && stream[end - 1] === 0) end--
    return stream.subarray(at + length, end)
  })
}

function withoutEmulationPrevention(nal: Buffer): Buffer {
  const out: number[] = []
  for (let i = 0; i < nal.length; i++) {
    if (i >= 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0) continue
    out.push(nal[i])
  }
  return Buffer.from(out)
}

async function encodeHevcFrame(png: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gallery-heic-'))
  try {
    const input = path.join(dir, 'in.png')
    const output = path.join(dir, 'out.hevc')
    await fs.writeFile(input, png)
    await run(ffmpegToolPath('ffmpeg'), [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', input, '-frames:v', '1'],
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error:keyint=1', '-pix_fmt', 'yuv420p'],
      ...['-f', 'hevc', output],
    ])
    return await fs.readFile(output)
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

function run(binary: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed: ${stderr}`))))
  })
}
