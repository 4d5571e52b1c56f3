// The public pages' JSON-LD (media-public/structured-data.ts). The required lists are written
// here from the documentation, not from the code:
// - Google, "Vacation rental (VacationRental) structured data": required containsPlace (with
//   occupancy), identifier, image (at least 8, among them a bedroom, a bathroom and a common
//   area), latitude, longitude, name; recommended among others address and description. The
//   product knows no address, coordinates or occupancy, so those stay out (docs/listings.md).
// - Google, "Image metadata in Google Images": contentUrl, and one of creator, creditText,
//   copyrightNotice or license (schema.org's ImageObject itself requires nothing).
// - Google, "Video (VideoObject) structured data": required name, thumbnailUrl, uploadDate;
//   recommended contentUrl, description, duration (ISO 8601).
import { describe, expect, it } from 'vitest'
import type { MediaFile } from '@/lib/api/types'
import { isoDuration, jsonLdScript, plainText, propertyImages, structuredData, type StructuredPage } from '@media-public/structured-data'

const VACATION_RENTAL_REQUIRED_KNOWN = ['name', 'identifier', 'image'] as const
const VACATION_RENTAL_REQUIRED_UNKNOWN = ['containsPlace', 'latitude', 'longitude', 'address'] as const
const IMAGE_OBJECT_REQUIRED = ['contentUrl'] as const
const IMAGE_OBJECT_ONE_OF = ['creator', 'creditText', 'copyrightNotice', 'license'] as const
const VIDEO_OBJECT_REQUIRED = ['name', 'thumbnailUrl', 'uploadDate'] as const
const VIDEO_OBJECT_ASKED = ['description', 'duration', 'contentUrl'] as const

const file = (id: string, over: Partial<MediaFile> = {}): MediaFile =>
  ({
    id,
    filename: `${id}.jpg`,
    objectPath: `/public-objects/${id}.jpg`,
    originalFilename: `${id}.jpg`,
    fileType: 'image',
    isHidden: 'false',
    section: 'main_level',
    room: null,
    category: null,
    description: null,
    compressionRatio: 80,
    fileSize: 1000,
    sortOrder: 0,
    width: 1200,
    height: 800,
    duration: null,
    uploadedAt: '2026-03-04T10:20:30.000Z',
    ...over,
  }) as MediaFile

// In tour order: main1..3, up1..3, down1..3, out1..2; main4 is not in the tour (4th of its section).
const library: MediaFile[] = [
  file('main1', { sortOrder: 1 }),
  file('main2', { sortOrder: 2 }),
  file('main3', { sortOrder: 3 }),
  file('main4', { sortOrder: 4, category: 'kitchen' }),
  // The manager's room wins over analysis: a study is not a bedroom.
  file('up1', { section: 'upstairs', sortOrder: 1, room: 'Study', category: 'bedroom' }),
  file('up2', { section: 'upstairs', sortOrder: 2 }),
  file('up3', { section: 'upstairs', sortOrder: 3, room: 'Master Bedroom', description: 'King bed' }),
  file('down1', { section: 'downstairs', sortOrder: 1 }),
  file('down2', { section: 'downstairs', sortOrder: 2 }),
  file('down3', { section: 'downstairs', sortOrder: 3, category: 'bathroom' }),
  file('out1', { section: 'outdoors', sortOrder: 1 }),
  file('out2', { section: 'outdoors', sortOrder: 2 }),
  file('clip', {
    fileType: 'video',
    filename: 'clip.mp4',
    objectPath: '/public-objects/clip.mp4',
    section: 'outdoors',
    description: 'Walk to the beach',
    duration: 65.4,
    width: 1920,
    height: 1080,
  }),
]

const sectionNames = { main_level: 'Main Level', upstairs: 'Upstairs', downstairs: 'Downstairs', outdoors: 'Outdoors' }

const page = (over: Partial<StructuredPage> = {}): StructuredPage => ({
  property: { id: 'prop-7', name: 'Seaview Cottage', tagline: 'Two minutes from the sand', about: null, cover: null },
  origin: 'https://seaview.example',
  basePath: '/p/seaview',
  allMedia: library,
  sectionNames,
  pageMedia: null,
  ...over,
})

type Node = Record<string, unknown>
const graph = (data: Record<string, unknown>) => data['@graph'] as Node[]
const ofType = (data: Record<string, unknown>, type: string) => graph(data).filter((node) => node['@type'] === type)

describe('the property as a VacationRental', () => {
  it('has the required properties the product knows, and none it would have to make up', () => {
    const [rental] = ofType(structuredData(page()), 'VacationRental')
    for (const name of VACATION_RENTAL_REQUIRED_KNOWN) expect(rental).toHaveProperty(name)
    for (const name of VACATION_RENTAL_REQUIRED_UNKNOWN) expect(rental).not.toHaveProperty(name)
    expect(rental).toMatchObject({
      '@id': 'https://seaview.example/p/seaview#property',
      identifier: 'prop-7',
      name: 'Seaview Cottage',
      description: 'Two minutes from the sand',
      url: 'https://seaview.example/p/seaview',
    })
  })

  it('names 8 pictures: a bedroom, a bathroom and a common area first (rooms before categories), then the tour', () => {
    const [rental] = ofType(structuredData(page()), 'VacationRental')
    expect(rental.image).toEqual([
      'https://seaview.example/public-objects/up3.jpg',
      'https://seaview.example/public-objects/down3.jpg',
      'https://seaview.example/public-objects/main4.jpg',
      'https://seaview.example/public-objects/main1.jpg',
      'https://seaview.example/public-objects/main2.jpg',
      'https://seaview.example/public-objects/main3.jpg',
      'https://seaview.example/public-objects/up1.jpg',
      'https://seaview.example/public-objects/up2.jpg',
    ])
  })

  it('puts the cover first, and never a photo that is hidden', () => {
    const cover = library.find((candidate) => candidate.id === 'out2')!
    const withHidden = [file('secret', { isHidden: 'true', sortOrder: 0, room: 'Bedroom' }), ...library]
    const chosen = propertyImages({ cover }, withHidden).map((chosenFile) => chosenFile.id)
    expect(chosen).toEqual(['out2', 'up3', 'down3', 'main4', 'main1', 'main2', 'main3', 'up1'])
  })

  it('takes the description from the about text when there is no tagline, on the bare paths', () => {
    const [rental] = ofType(
      structuredData(page({ basePath: '', property: { ...page().property, tagline: null, about: 'A quiet house by the dunes.' } })),
      'VacationRental',
    )
    expect(rental.description).toBe('A quiet house by the dunes.')
    expect(rental.url).toBe('https://seaview.example')
  })

  it('names as many pictures as there are when there are fewer than 8', () => {
    const [rental] = ofType(structuredData(page({ allMedia: library.slice(0, 2) })), 'VacationRental')
    expect(rental.image).toEqual(['https://seaview.example/public-objects/main1.jpg', 'https://seaview.example/public-objects/main2.jpg'])
  })
})

describe('photos as ImageObjects', () => {
  it('on a section page: each of its photos, with an absolute contentUrl, caption, width and height', () => {
    const upstairs = library.filter((candidate) => candidate.section === 'upstairs')
    const images = ofType(structuredData(page({ pageMedia: upstairs })), 'ImageObject')
    for (const image of images) {
      for (const name of IMAGE_OBJECT_REQUIRED) expect(image).toHaveProperty(name)
      expect(IMAGE_OBJECT_ONE_OF.some((name) => name in image)).toBe(true)
    }
    expect(images).toEqual([
      { '@type': 'ImageObject', contentUrl: 'https://seaview.example/public-objects/up1.jpg', caption: 'Upstairs · Study', width: 1200, height: 800, creditText: 'Seaview Cottage' },
      { '@type': 'ImageObject', contentUrl: 'https://seaview.example/public-objects/up2.jpg', caption: 'Upstairs', width: 1200, height: 800, creditText: 'Seaview Cottage' },
      {
        '@type': 'ImageObject',
        contentUrl: 'https://seaview.example/public-objects/up3.jpg',
        caption: 'Upstairs · Master Bedroom — King bed',
        width: 1200,
        height: 800,
        creditText: 'Seaview Cottage',
      },
    ])
    expect(ofType(structuredData(page({ pageMedia: upstairs })), 'VideoObject')).toEqual([])
  })

  it('on the overview: the property and its chosen pictures, not every photo', () => {
    const images = ofType(structuredData(page()), 'ImageObject')
    expect(images.map((image) => image.contentUrl)).toEqual(ofType(structuredData(page()), 'VacationRental')[0].image)
  })

  it('leaves out a hidden file even if a page passed one', () => {
    const data = structuredData(page({ pageMedia: [file('secret', { isHidden: 'true' }), file('seen')] }))
    expect(ofType(data, 'ImageObject').map((image) => image.contentUrl)).toEqual(['https://seaview.example/public-objects/seen.jpg'])
  })
})

describe('videos as VideoObjects', () => {
  it('has the required and recommended properties, the duration in ISO 8601', () => {
    const videos = ofType(structuredData(page()), 'VideoObject')
    for (const video of videos) for (const name of [...VIDEO_OBJECT_REQUIRED, ...VIDEO_OBJECT_ASKED]) expect(video).toHaveProperty(name)
    expect(videos).toEqual([
      {
        '@type': 'VideoObject',
        name: 'Outdoors — Walk to the beach',
        description: 'Walk to the beach',
        thumbnailUrl: 'https://seaview.example/public-objects/clip.mp4/poster.jpg',
        uploadDate: '2026-03-04T10:20:30.000Z',
        duration: 'PT1M5S',
        contentUrl: 'https://seaview.example/public-objects/clip.mp4',
        width: 1920,
        height: 1080,
      },
    ])
  })

  it('writes durations as ISO 8601', () => {
    expect([0, 0.4, 59.6, 65.4, 3600, 3725].map(isoDuration)).toEqual(['PT0S', 'PT0S', 'PT1M', 'PT1M5S', 'PT1H', 'PT1H2M5S'])
  })
})

describe('the script text', () => {
  it('cannot close the script element, and parses back to the same data', () => {
    const data = structuredData(page({ property: { ...page().property, name: 'Bad </script><script>alert(1)</script> <!-- x' } }))
    const text = jsonLdScript(data)
    expect(text).not.toContain('<')
    expect(text).toContain('Bad \\u003c/script>\\u003cscript>alert(1)\\u003c/script> \\u003c!-- x')
    expect(JSON.parse(text)).toEqual(data)
  })

  it('reads the about text as plain words', () => {
    const about = {
      root: {
        children: [
          { type: 'paragraph', children: [{ text: 'Sleeps six.' }] },
          { type: 'paragraph', children: [{ text: 'Dogs ' }, { text: 'welcome' }] },
        ],
      },
    }
    expect(plainText(about)).toBe('Sleeps six. Dogs welcome')
    expect(plainText({ root: { children: [{ type: 'paragraph', children: [] }] } })).toBeNull()
  })
})
