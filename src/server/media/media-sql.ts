// The one SELECT that reads media records (the read models, the media repository's read
// by id), with the Payload document's field names: the shape mapMediaFile() maps.
// Arrays (tags by source, colours, objects) live in Payload's media_texts table; a record's section is
// answered by its key (the spec's section id), from the section row it points at.
export const MEDIA_COLUMNS = `
  m.id::text AS id,
  m.filename,
  m.original_filename AS "originalFilename",
  m.file_type AS "fileType",
  m.mime_type AS "mimeType",
  m.filesize::float8 AS filesize,
  m.original_file_size::float8 AS "originalFileSize",
  m.optimized_file_size::float8 AS "optimizedFileSize",
  m.compression_ratio::float8 AS "compressionRatio",
  m.width::float8 AS width,
  m.height::float8 AS height,
  m.duration::float8 AS duration,
  m.uploaded_at AS "uploadedAt",
  m.optimized_at AS "optimizedAt",
  m.is_optimized AS "isOptimized",
  m.description,
  COALESCE(a.tags, '{}') AS tags,
  COALESCE(a.machine_tags, '{}') AS "machineTags",
  COALESCE(a.removed_machine_tags, '{}') AS "removedMachineTags",
  m.category,
  m.analysis_category AS "analysisCategory",
  COALESCE(a.colors, '{}') AS colors,
  COALESCE(a.objects, '{}') AS objects,
  m.is_analyzed AS "isAnalyzed",
  m.analyzed_at AS "analyzedAt",
  sec.key AS section,
  m.room,
  m.sort_order::float8 AS "sortOrder",
  m.is_hidden AS "isHidden",
  m.derivatives,
  m.avif_renditions AS "avifRenditions",
  m.poster_key AS "posterKey",
  m.placeholder,
  m.status,
  m.detected_projection AS "detectedProjection",
  m.panorama_shape AS "panoramaShape",
  m.projection_choice AS "projectionChoice",
  COALESCE(m.rendered_edit_version, 0)::int AS "renderedEditVersion"`

export const ADMIN_COLUMNS = `${MEDIA_COLUMNS},
  m.notes,
  m.quality_issues AS "qualityIssues",
  m.quality_note AS "qualityNote",
  m.suggested_edits AS "suggestedEdits",
  m.processing_error AS "processingError",
  m.category_confidence::float8 AS "categoryConfidence",
  m.analysis_error AS "analysisError",
  m.suggested_section_id AS "suggestedSection",
  m.suggested_room AS "suggestedRoom",
  m.suggestion_confidence::float8 AS "suggestionConfidence",
  COALESCE(m.edit_version, 0)::int AS "editVersion",
  COALESCE(jsonb_array_length(m.edit_operations), 0) AS "editCount"`

export const MEDIA_JOINS = `
  LEFT JOIN gallery_sections sec ON sec.id = m.section_id
  LEFT JOIN (
    SELECT parent_id,
      array_agg(text ORDER BY "order") FILTER (WHERE path = 'tags') AS tags,
      array_agg(text ORDER BY "order") FILTER (WHERE path = 'machineTags') AS machine_tags,
      array_agg(text ORDER BY "order") FILTER (WHERE path = 'removedMachineTags') AS removed_machine_tags,
      array_agg(text ORDER BY "order") FILTER (WHERE path = 'colors') AS colors,
      array_agg(text ORDER BY "order") FILTER (WHERE path = 'objects') AS objects
    FROM media_texts GROUP BY parent_id
  ) a ON a.parent_id = m.id`

/** Visible to visitors (the rule lives in ./visibility). */
export { PUBLIC_MEDIA_SQL } from './visibility'

/** Whole-gallery lists: newest first. */
export const LIST_ORDER_SQL = `m.uploaded_at DESC, m.id`
