// 360° panoramas for tests (camera issue, item 3): a picture, or a given photo, saved with an
// XMP packet in Google's Photo Sphere terms, as 360° cameras and phone apps write it.
import sharp from 'sharp'
import { makePhoto } from './media-fixtures'

type GPano = { projection?: string; usePanoramaViewer?: 'True' | 'False' }

/** An XMP packet with GPano properties (attributes, as most cameras write them). */
export function gpanoXmp({ projection = 'equirectangular', usePanoramaViewer }: GPano = {}): string {
  const viewer = usePanoramaViewer ? ` GPano:UsePanoramaViewer="${usePanoramaViewer}"` : ''
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    `<rdf:Description rdf:about="" xmlns:GPano="http://ns.google.com/photos/1.0/panorama/" GPano:ProjectionType="${projection}"${viewer}/>` +
    '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
  )
}

/**
 * A JPEG of width × height (2:1 by default), with the GPano XMP when gpano is given. The picture
 * is makePhoto's (from seed); `photo` saves a given one instead, with the packet.
 */
export async function makePanorama({
  width = 800,
  height = width / 2,
  seed = 1,
  gpano,
  photo,
}: { width?: number; height?: number; seed?: number; gpano?: GPano; photo?: Buffer } = {}): Promise<Buffer> {
  const picture = photo ?? (await makePhoto({ width, height, seed, format: 'png' }))
  const image = sharp(picture).jpeg({ quality: 85 })
  return (gpano ? image.withXmp(gpanoXmp(gpano)) : image).toBuffer()
}
