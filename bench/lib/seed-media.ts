// Realistic media rows for the benchmarks, seeded straight into PostgreSQL for one property:
// every 10th file hidden (no section), every 20th a video, the rest spread over the property's
// five sections, three renditions each (under the app's own derived/ keys), two tags each.
import type pg from 'pg'
import { SEEDED_SECTIONS } from '../../src/lib/constants'

/** The keys of the five areas every property is given. */
const SECTION_KEYS = SEEDED_SECTIONS.map((section) => section.key)

// ---------------------------------------------------------------------------------------------
// Seed: one property's media straight into PostgreSQL
// ---------------------------------------------------------------------------------------------

export async function seedProperty(pool: pg.Pool, propertyId: string, count: number) {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    // Every 10th file is hidden (no section); every 20th is a video; the rest spread over the 5 sections.
    await client.query(
      `
      WITH src AS (
        SELECT n, gen_random_uuid() AS id,
          (n % 10 = 0) AS hidden,
          (n % 20 = 7) AS video,
          (n % 4 = 1) AS portrait,
          ($3::text[])[1 + (n * 7 % 5)] AS section_key,
          (ARRAY['Kitchen','Living Room','Dining Room','Primary Bedroom','Bedroom 2','Bathroom','Hallway','Office',
                 'Laundry','Garage','Patio','Garden','Pool','Driveway','Front Porch'])[1 + (n % 15)] AS room,
          (2000000 + (hashtext(n::text) & 4194303))::bigint AS image_bytes,
          (20000000 + (hashtext(n::text) & 67108863))::bigint AS video_bytes,
          now() - make_interval(mins => n * 37) AS uploaded
        FROM generate_series(1, $1::int) AS n
      ), named AS (
        SELECT src.*, s.id AS section_id,
          CASE WHEN video THEN 'VID_' || lpad((1000 + n)::text, 5, '0') || '.mp4'
               ELSE 'IMG_' || lpad((1000 + n)::text, 5, '0') || '.jpg' END AS original,
          CASE WHEN video THEN 1920 WHEN portrait THEN 3024 ELSE 4032 END AS w,
          CASE WHEN video THEN 1080 WHEN portrait THEN 4032 ELSE 3024 END AS h,
          CASE WHEN video THEN video_bytes ELSE image_bytes END AS original_bytes
        FROM src JOIN gallery_sections s ON s.property_id = $2::uuid AND s.key = src.section_key
      )
      INSERT INTO media (
        id, original_filename, file_type, original_file_size, optimized_file_size, compression_ratio, duration,
        uploaded_at, is_optimized, optimized_at, section_id, room, sort_order, is_hidden, description, category,
        is_analyzed, analyzed_at, status, storage_key, sha256, poster_key, derivatives, placeholder,
        filename, mime_type, filesize, width, height, property_id, public_key
      )
      SELECT
        id, original, (CASE WHEN video THEN 'video' ELSE 'image' END)::enum_media_file_type,
        original_bytes, (original_bytes * 0.32)::bigint, 68.0,
        CASE WHEN video THEN 5 + n % 115 ELSE NULL END,
        uploaded, true, uploaded + interval '1 minute',
        CASE WHEN hidden THEN NULL ELSE section_id END, room, n, hidden,
        room || ' — ' || CASE WHEN video THEN 'walk-through video' ELSE 'photo' END || ' #' || n,
        CASE WHEN room IN ('Patio','Garden','Pool','Driveway','Front Porch') THEN 'exterior' ELSE 'interior' END,
        true, uploaded + interval '2 minutes', 'ready',
        'originals/' || id || '/' || original,
        md5(id::text) || md5(n::text),
        CASE WHEN video THEN 'posters/' || id || '.jpg' ELSE NULL END,
        (SELECT jsonb_agg(jsonb_build_object(
            'width', dw, 'height', (dw * h / w), 'key', 'derived/' || id || '/' || dw || '.webp',
            'size', (original_bytes * dw / w / 6)::bigint) ORDER BY dw)
         FROM unnest(ARRAY[400, 800, 1600]) AS dw),
        'data:image/webp;base64,' || replace(encode(decode(md5(id::text) || md5(n::text) || md5(original), 'hex'), 'base64'), E'\\n', ''),
        id || '-' || original,
        CASE WHEN video THEN 'video/mp4' ELSE 'image/jpeg' END,
        (original_bytes * 0.32)::bigint, w, h, $2::uuid,
        -- The public copy ingest makes (src/server/storage/keys.ts publicCopyKey): processed media have one.
        'public/' || id || CASE WHEN video THEN '.mp4' ELSE '.jpg' END
      FROM named`,
      [count, propertyId, SECTION_KEYS],
    )
    // Two tags each (Payload keeps hasMany text values in media_texts).
    await client.query(
      `
      INSERT INTO media_texts ("order", parent_id, path, text)
      SELECT o, m.id, 'tags',
        (ARRAY['bright','cosy','modern','renovated','spacious','wood floor','natural light','view','fireplace',
               'open plan','storage','tiles','lawn','deck','sunset','original features'])[1 + ((m.sort_order::int * 3 + o * 5) % 16)]
      FROM media m CROSS JOIN generate_series(1, 2) AS o
      WHERE m.property_id = $1::uuid`,
      [propertyId],
    )
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}
