// Which rows of each backed-up table are one property's (docs/properties-design.md §2.5): the
// scopes read from the catalogue, the WHERE built from them, the order a restore deletes in,
// and the refusal when a table in a backup belongs to no property.
import { describe, expect, it } from 'vitest'
import { deleteOrder, ownedRowsWhere, type TableShape, tableScopes, UnscopedTable } from '../../src/server/backup/tables'

const columns: Record<string, string[]> = {
  gallery_sections: ['id', 'property_id', 'title'],
  media: ['id', 'property_id', 'section_id'],
  media_texts: ['id', 'parent_id', 'text'],
  duplicate_groups: ['id', 'confidence'],
  duplicate_group_members: ['group_id', 'media_id', 'position'],
}
const columnsOf = (table: string) => columns[table] ?? []
const fk = (child: string, childColumn: string | null, parent: string, parentColumn: string | null, cascades = true) => ({
  child,
  childColumn,
  parent,
  parentColumn,
  cascades,
})
const gallery = [
  fk('media', 'section_id', 'gallery_sections', 'id', false),
  fk('media', null, 'gallery_sections', null, false),
  fk('media_texts', 'parent_id', 'media', 'id'),
  fk('duplicate_group_members', 'group_id', 'duplicate_groups', 'id'),
  fk('duplicate_group_members', 'media_id', 'media', 'id'),
]
const tables = ['duplicate_groups', 'gallery_sections', 'media', 'duplicate_group_members', 'media_texts']

describe('tableScopes', () => {
  it('scopes a table by its own property_id, a child through its parent, a group through its members', () => {
    expect(Object.fromEntries(tableScopes(tables, columnsOf, gallery))).toEqual({
      gallery_sections: { kind: 'own' },
      media: { kind: 'own' },
      media_texts: { kind: 'parent', column: 'parent_id', parent: 'media', parentColumn: 'id' },
      duplicate_group_members: { kind: 'parent', column: 'media_id', parent: 'media', parentColumn: 'id' },
      duplicate_groups: { kind: 'child', column: 'id', child: 'duplicate_group_members', childColumn: 'group_id' },
    })
  })

  it('refuses a table with no path to a property, so no backup runs', () => {
    const withAlbums = [...tables, 'media_albums']
    expect(() => tableScopes(withAlbums, columnsOf, [...gallery, fk('media_albums', null, 'media', null)])).toThrow(UnscopedTable)
    expect(() => tableScopes(withAlbums, columnsOf, gallery)).toThrow(
      'The backed-up table media_albums belongs to no property: no backup can be made until it has a property_id column or a foreign key to a table that has one.',
    )
  })

  it('does not scope a table through a child whose foreign key would not delete it with the child', () => {
    const keepsGroups = gallery.map((key) => (key.parent === 'duplicate_groups' ? { ...key, cascades: false } : key))
    expect(() => tableScopes(tables, columnsOf, keepsGroups)).toThrow(/table duplicate_groups belongs to no property/)
  })
})

describe('ownedRowsWhere', () => {
  const scopes = tableScopes(tables, columnsOf, gallery)

  it('names the property directly or through the tables between', () => {
    expect(ownedRowsWhere('media', scopes)).toEqual({ before: '"property_id" = ', after: '' })
    expect(ownedRowsWhere('media_texts', scopes)).toEqual({
      before: '"parent_id" IN (SELECT "id" FROM "media" WHERE "property_id" = ',
      after: ')',
    })
    expect(ownedRowsWhere('duplicate_groups', scopes)).toEqual({
      before:
        '"id" IN (SELECT "group_id" FROM "duplicate_group_members" WHERE "media_id" IN (SELECT "id" FROM "media" WHERE "property_id" = ',
      after: '))',
    })
  })
})

describe('deleteOrder', () => {
  it('deletes children first, and a table scoped through a child just before that child', () => {
    const scopes = tableScopes(tables, columnsOf, gallery)
    const shapes = tables.map((name) => ({ name, columns: columnsOf(name), serialColumns: [], scope: scopes.get(name)!, uniqueColumns: [] })) as TableShape[]
    expect(deleteOrder(shapes)).toEqual(['media_texts', 'duplicate_groups', 'duplicate_group_members', 'media', 'gallery_sections'])
  })
})
