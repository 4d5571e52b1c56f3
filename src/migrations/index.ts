import * as migration_20261121_134540_init from './20261121_134540_init';
import * as migration_20261121_140000_read_version from './20261121_140000_read_version';
import * as migration_20261121_150725_jobs from './20261121_150725_jobs';
import * as migration_20261121_152500_load_samples from './20261121_152500_load_samples';
import * as migration_20261122_120000_analysis from './20261122_120000_analysis';

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
    name: '20261121_150725_jobs'
  },
  {
    up: migration_20261121_152500_load_samples.up,
    down: migration_20261121_152500_load_samples.down,
    name: '20261121_152500_load_samples'
  },
  {
    up: migration_20261122_120000_analysis.up,
    down: migration_20261122_120000_analysis.down,
    name: '20261122_120000_analysis'
  },
];
