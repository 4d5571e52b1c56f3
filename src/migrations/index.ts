import * as migration_20261121_134540_init from './20261121_134540_init';
import * as migration_20261121_140000_read_version from './20261121_140000_read_version';
import * as migration_20261121_150725_jobs from './20261121_150725_jobs';
import * as migration_20261121_152500_load_samples from './20261121_152500_load_samples';
import * as migration_20261122_120000_analysis from './20261122_120000_analysis';
import * as migration_20261122_130000_duplicates from './20261122_130000_duplicates';
import * as migration_20261122_140000_backups from './20261122_140000_backups';
import * as migration_20261122_150000_property_settings from './20261122_150000_property_settings';
import * as migration_20261123_015000_duplicate_hashes from './20261123_015000_duplicate_hashes';
import * as migration_20261123_020000_backup_runs from './20261123_020000_backup_runs';
import * as migration_20261123_021000_restore_tidy from './20261123_021000_restore_tidy';
import * as migration_20261123_022000_jobs_notify from './20261123_022000_jobs_notify';
import * as migration_20261123_025000_hash_backfill_task from './20261123_025000_hash_backfill_task';
import * as migration_20261123_030000_job_lost_claims from './20261123_030000_job_lost_claims';
import * as migration_20261125_104500_analysis_category from './20261125_104500_analysis_category';
import * as migration_20261125_105010_schema_snapshot from './20261125_105010_schema_snapshot';
import * as migration_20261125_113016_runs from './20261125_113016_runs';
import * as migration_20261125_140000_read_version_at_commit from './20261125_140000_read_version_at_commit';
import * as migration_20261126_094715_roles from './20261126_094715_roles';
import * as migration_20261126_115202_properties from './20261126_115202_properties';
import * as migration_20261126_120123_property_scope from './20261126_120123_property_scope';
import * as migration_20261126_121145_run_property from './20261126_121145_run_property';
import * as migration_20261126_121723_section_keys from './20261126_121723_section_keys';
import * as migration_20261126_122000_backup_property from './20261126_122000_backup_property';
import * as migration_20261126_122100_duplicate_property from './20261126_122100_duplicate_property';
import * as migration_20261126_122200_load_sample_property from './20261126_122200_load_sample_property';
import * as migration_20261126_125500_read_version_per_property from './20261126_125500_read_version_per_property';
import * as migration_20261126_125600_final_backups from './20261126_125600_final_backups';
import * as migration_20261126_150000_share_links from './20261126_150000_share_links';
import * as migration_20261126_150015_public_copies from './20261126_150015_public_copies';
import * as migration_20261126_150348_embed_origins from './20261126_150348_embed_origins';
import * as migration_20261126_193702_panoramas from './20261126_193702_panoramas';
import * as migration_20261126_193941_avif_renditions from './20261126_193941_avif_renditions';
import * as migration_20261126_194716_quality_and_tag_sources from './20261126_194716_quality_and_tag_sources';
import * as migration_20261126_234000_listing_channels from './20261126_234000_listing_channels';
import * as migration_20261126_234100_export_runs from './20261126_234100_export_runs';
import * as migration_20261128_010000_no_placeholder_descriptions from './20261128_010000_no_placeholder_descriptions';
import * as migration_20261128_105619_gallery_tables from './20261128_105619_gallery_tables';
import * as migration_20261128_195828_edits from './20261128_195828_edits';
import * as migration_20261128_202814_cover_crops from './20261128_202814_cover_crops';
import * as migration_20261128_213604_suggested_edits from './20261128_213604_suggested_edits';
import * as migration_20261129_004952_quality_version from './20261129_004952_quality_version';

export const migrations = [
  {
    up: migration_20261121_134540_init.up,
    down: migration_20261121_134540_init.down,
    name: '20261121_134540_init',
  },
  {
    up: migration_20261121_140000_read_version.up,
    down: migration_20261121_140000_read_version.down,
    name: '20261121_140000_read_version',
  },
  {
    up: migration_20261121_150725_jobs.up,
    down: migration_20261121_150725_jobs.down,
    name: '20261121_150725_jobs',
  },
  {
    up: migration_20261121_152500_load_samples.up,
    down: migration_20261121_152500_load_samples.down,
    name: '20261121_152500_load_samples',
  },
  {
    up: migration_20261122_120000_analysis.up,
    down: migration_20261122_120000_analysis.down,
    name: '20261122_120000_analysis',
  },
  {
    up: migration_20261122_130000_duplicates.up,
    down: migration_20261122_130000_duplicates.down,
    name: '20261122_130000_duplicates',
  },
  {
    up: migration_20261122_140000_backups.up,
    down: migration_20261122_140000_backups.down,
    name: '20261122_140000_backups',
  },
  {
    up: migration_20261122_150000_property_settings.up,
    down: migration_20261122_150000_property_settings.down,
    name: '20261122_150000_property_settings',
  },
  {
    up: migration_20261123_015000_duplicate_hashes.up,
    down: migration_20261123_015000_duplicate_hashes.down,
    name: '20261123_015000_duplicate_hashes',
  },
  {
    up: migration_20261123_020000_backup_runs.up,
    down: migration_20261123_020000_backup_runs.down,
    name: '20261123_020000_backup_runs',
  },
  {
    up: migration_20261123_021000_restore_tidy.up,
    down: migration_20261123_021000_restore_tidy.down,
    name: '20261123_021000_restore_tidy',
  },
  {
    up: migration_20261123_022000_jobs_notify.up,
    down: migration_20261123_022000_jobs_notify.down,
    name: '20261123_022000_jobs_notify',
  },
  {
    up: migration_20261123_025000_hash_backfill_task.up,
    down: migration_20261123_025000_hash_backfill_task.down,
    name: '20261123_025000_hash_backfill_task',
  },
  {
    up: migration_20261123_030000_job_lost_claims.up,
    down: migration_20261123_030000_job_lost_claims.down,
    name: '20261123_030000_job_lost_claims',
  },
  {
    up: migration_20261125_104500_analysis_category.up,
    down: migration_20261125_104500_analysis_category.down,
    name: '20261125_104500_analysis_category',
  },
  {
    up: migration_20261125_105010_schema_snapshot.up,
    down: migration_20261125_105010_schema_snapshot.down,
    name: '20261125_105010_schema_snapshot',
  },
  {
    up: migration_20261125_113016_runs.up,
    down: migration_20261125_113016_runs.down,
    name: '20261125_113016_runs',
  },
  {
    up: migration_20261125_140000_read_version_at_commit.up,
    down: migration_20261125_140000_read_version_at_commit.down,
    name: '20261125_140000_read_version_at_commit',
  },
  {
    up: migration_20261126_094715_roles.up,
    down: migration_20261126_094715_roles.down,
    name: '20261126_094715_roles',
  },
  {
    up: migration_20261126_115202_properties.up,
    down: migration_20261126_115202_properties.down,
    name: '20261126_115202_properties',
  },
  {
    up: migration_20261126_120123_property_scope.up,
    down: migration_20261126_120123_property_scope.down,
    name: '20261126_120123_property_scope',
  },
  {
    up: migration_20261126_121145_run_property.up,
    down: migration_20261126_121145_run_property.down,
    name: '20261126_121145_run_property',
  },
  {
    up: migration_20261126_121723_section_keys.up,
    down: migration_20261126_121723_section_keys.down,
    name: '20261126_121723_section_keys',
  },
  {
    up: migration_20261126_122000_backup_property.up,
    down: migration_20261126_122000_backup_property.down,
    name: '20261126_122000_backup_property',
  },
  {
    up: migration_20261126_122100_duplicate_property.up,
    down: migration_20261126_122100_duplicate_property.down,
    name: '20261126_122100_duplicate_property',
  },
  {
    up: migration_20261126_122200_load_sample_property.up,
    down: migration_20261126_122200_load_sample_property.down,
    name: '20261126_122200_load_sample_property',
  },
  {
    up: migration_20261126_125500_read_version_per_property.up,
    down: migration_20261126_125500_read_version_per_property.down,
    name: '20261126_125500_read_version_per_property',
  },
  {
    up: migration_20261126_125600_final_backups.up,
    down: migration_20261126_125600_final_backups.down,
    name: '20261126_125600_final_backups',
  },
  {
    up: migration_20261126_150000_share_links.up,
    down: migration_20261126_150000_share_links.down,
    name: '20261126_150000_share_links',
  },
  {
    up: migration_20261126_150015_public_copies.up,
    down: migration_20261126_150015_public_copies.down,
    name: '20261126_150015_public_copies',
  },
  {
    up: migration_20261126_150348_embed_origins.up,
    down: migration_20261126_150348_embed_origins.down,
    name: '20261126_150348_embed_origins',
  },
  {
    up: migration_20261126_193702_panoramas.up,
    down: migration_20261126_193702_panoramas.down,
    name: '20261126_193702_panoramas',
  },
  {
    up: migration_20261126_193941_avif_renditions.up,
    down: migration_20261126_193941_avif_renditions.down,
    name: '20261126_193941_avif_renditions',
  },
  {
    up: migration_20261126_194716_quality_and_tag_sources.up,
    down: migration_20261126_194716_quality_and_tag_sources.down,
    name: '20261126_194716_quality_and_tag_sources',
  },
  {
    up: migration_20261126_234000_listing_channels.up,
    down: migration_20261126_234000_listing_channels.down,
    name: '20261126_234000_listing_channels',
  },
  {
    up: migration_20261126_234100_export_runs.up,
    down: migration_20261126_234100_export_runs.down,
    name: '20261126_234100_export_runs',
  },
  {
    up: migration_20261128_010000_no_placeholder_descriptions.up,
    down: migration_20261128_010000_no_placeholder_descriptions.down,
    name: '20261128_010000_no_placeholder_descriptions',
  },
  {
    up: migration_20261128_105619_gallery_tables.up,
    down: migration_20261128_105619_gallery_tables.down,
    name: '20261128_105619_gallery_tables',
  },
  {
    up: migration_20261128_195828_edits.up,
    down: migration_20261128_195828_edits.down,
    name: '20261128_195828_edits',
  },
  {
    up: migration_20261128_202814_cover_crops.up,
    down: migration_20261128_202814_cover_crops.down,
    name: '20261128_202814_cover_crops',
  },
  {
    up: migration_20261128_213604_suggested_edits.up,
    down: migration_20261128_213604_suggested_edits.down,
    name: '20261128_213604_suggested_edits',
  },
  {
    up: migration_20261129_004952_quality_version.up,
    down: migration_20261129_004952_quality_version.down,
    name: '20261129_004952_quality_version'
  },
];
