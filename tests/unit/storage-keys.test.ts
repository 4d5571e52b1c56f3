// The bucket's key layout, written once in src/server/storage/keys.ts: every key the server
// makes sits under its folder, trash/ mirrors the live keys, and only media objects are
// what a backup's manifest lists.
import { describe, expect, it } from 'vitest'
import { keysInJsonText, keysInRows } from '../../src/server/backup/format'
import {
  backupKey,
  derivedKey,
  incompleteBackupKey,
  KEY_PREFIXES,
  MEDIA_OBJECT_PREFIXES,
  originalKey,
  playbackKey,
  posterKey,
  trashKey,
  untrashedKey,
} from '../../src/server/storage/keys'

const mediaKeys = [originalKey('6f1c2a4e', 'Pool at dusk.jpg'), derivedKey('m1', 800), posterKey('m1'), playbackKey('m1')]

describe('storage keys', () => {
  it('puts each kind of object under its own folder', () => {
    expect(mediaKeys).toEqual(['originals/6f1c2a4e/Pool_at_dusk.jpg', 'derived/m1/800.webp', 'posters/m1.jpg', 'playback/m1.mp4'])
    expect(backupKey('b.json.gz')).toBe('backups/b.json.gz')
    expect(incompleteBackupKey('b.json.gz')).toBe('backups/incomplete/b.json.gz')
    expect(incompleteBackupKey('b.json.gz').startsWith(KEY_PREFIXES.backups)).toBe(true)
  })

  it('moves a key to trash and back unchanged', () => {
    for (const key of mediaKeys) {
      expect(trashKey(key)).toBe(`trash/${key}`)
      expect(untrashedKey(trashKey(key))).toBe(key)
    }
  })

  it('lists media objects in a backup, never trash copies or backups themselves', () => {
    const others = [trashKey(mediaKeys[0]), backupKey('b.json.gz'), incompleteBackupKey('c.json.gz')]
    for (const key of mediaKeys) expect(MEDIA_OBJECT_PREFIXES.some((prefix) => key.startsWith(prefix))).toBe(true)
    for (const key of others) expect(MEDIA_OBJECT_PREFIXES.some((prefix) => key.startsWith(prefix))).toBe(false)
    const rows = [{ keys: [...mediaKeys, ...others] }]
    expect([...keysInRows(rows)].sort()).toEqual([...mediaKeys].sort())
    expect([...keysInJsonText(JSON.stringify(rows))].sort()).toEqual([...mediaKeys].sort())
  })
})
