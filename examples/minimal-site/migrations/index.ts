import * as migration_20261127_194914_site from './20261127_194914_site';

export const migrations = [
  {
    up: migration_20261127_194914_site.up,
    down: migration_20261127_194914_site.down,
    name: '20261127_194914_site'
  },
];
