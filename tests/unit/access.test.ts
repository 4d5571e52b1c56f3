// The access rules (docs/properties-design.md §3.1): every role × action, written out by hand.
import { describe, expect, it } from 'vitest'
import { ACTIONS, actorOf, may, permissionsFor, refusalMessage, type Action, type Role } from '../../src/server/auth/access'

const Y = true
const N = false
const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'

// prettier-ignore
const TABLE: Record<Action, { editor: boolean; manager: boolean; platform: boolean }> = {
  'view-hidden':       { editor: Y, manager: Y, platform: Y },
  'edit-metadata':     { editor: Y, manager: Y, platform: Y },
  'edit-room':         { editor: Y, manager: Y, platform: Y },
  place:               { editor: N, manager: Y, platform: Y },
  reorder:             { editor: N, manager: Y, platform: Y },
  upload:              { editor: N, manager: Y, platform: Y },
  delete:              { editor: N, manager: Y, platform: Y },
  analyze:             { editor: N, manager: Y, platform: Y },
  scan:                { editor: N, manager: Y, platform: Y },
  backup:              { editor: N, manager: Y, platform: Y },
  restore:             { editor: N, manager: Y, platform: Y },
  share:               { editor: N, manager: Y, platform: Y },
  export:              { editor: N, manager: Y, platform: Y },
  'edit-photo':        { editor: N, manager: Y, platform: Y },
  'edit-settings':     { editor: N, manager: Y, platform: Y },
  'manage-accounts':   { editor: N, manager: N, platform: Y },
  'manage-properties': { editor: N, manager: N, platform: Y },
}

const ROLE_COLUMN: Record<Role, 'editor' | 'manager' | 'platform'> = {
  'content-editor': 'editor',
  'property-manager': 'manager',
  'platform-admin': 'platform',
}

describe('may', () => {
  it('the table covers every action there is', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ACTIONS].sort())
    expect(ACTIONS).toHaveLength(17)
  })

  for (const role of Object.keys(ROLE_COLUMN) as Role[]) {
    for (const action of Object.keys(TABLE) as Action[]) {
      const expected = TABLE[action][ROLE_COLUMN[role]]
      it(`${role} ${expected ? 'may' : 'may not'} ${action}`, () => {
        expect(may({ id: 'u1', role, properties: [A] }, action, A)).toBe(expected)
      })
    }
  }

  it('lets nobody (anonymous) do anything', () => {
    for (const action of ACTIONS) expect(may(null, action, A)).toBe(false)
  })

  it('lets managers and editors act only in their own properties, platform admins in every one', () => {
    const manager = { id: 'm', role: 'property-manager' as const, properties: [A] }
    const editor = { id: 'e', role: 'content-editor' as const, properties: [A] }
    const platform = { id: 'p', role: 'platform-admin' as const, properties: [] }
    for (const action of ['view-hidden', 'edit-metadata', 'upload', 'delete', 'restore'] as const) {
      expect(may(manager, action, B), `manager ${action}`).toBe(false)
      expect(may(editor, action, B), `editor ${action}`).toBe(false)
      expect(may(platform, action, B), `platform ${action}`).toBe(true)
    }
    expect(may({ id: 'x', role: 'property-manager', properties: [] }, 'view-hidden', A)).toBe(false)
  })

  it('without a property answers what the role allows (Payload access; the plugin keeps rows to the account’s properties)', () => {
    expect(may({ id: 'm', role: 'property-manager', properties: [] }, 'upload')).toBe(true)
    expect(may({ id: 'e', role: 'content-editor', properties: [] }, 'upload')).toBe(false)
  })
})

describe('actorOf', () => {
  it('reads the id and role of a signed-in user', () => {
    expect(actorOf({ id: 7, role: 'content-editor' })).toEqual({ id: '7', role: 'content-editor', properties: [] })
    const user = { id: 'a', role: 'platform-admin', username: 'x' }
    expect(actorOf(user)).toEqual({ id: 'a', role: 'platform-admin', properties: [] })
  })

  it('reads the assigned properties, as ids or as populated records', () => {
    const user = { id: 'm', role: 'property-manager', properties: [{ id: 'row1', property: A }, { id: 'row2', property: { id: B, name: 'Lodge' } }, { property: null }] }
    expect(actorOf(user)).toEqual({ id: 'm', role: 'property-manager', properties: [A, B] })
  })

  it('is nobody without a user or without a known role', () => {
    expect(actorOf(null)).toBeNull()
    expect(actorOf(undefined)).toBeNull()
    expect(actorOf({ id: 'a' })).toBeNull()
    expect(actorOf({ id: 'a', role: 'admin' })).toBeNull()
    expect(actorOf({ id: 'a', role: '__proto__' })).toBeNull()
  })
})

describe('permissionsFor', () => {
  it("answers the content editor's map", () => {
    expect(permissionsFor({ id: 'e', role: 'content-editor', properties: [A] }, A)).toEqual({
      'view-hidden': true,
      'edit-metadata': true,
      'edit-room': true,
      place: false,
      reorder: false,
      upload: false,
      delete: false,
      analyze: false,
      scan: false,
      backup: false,
      restore: false,
      share: false,
      export: false,
      'edit-photo': false,
      'edit-settings': false,
      'manage-accounts': false,
      'manage-properties': false,
    })
  })

  it("answers the property manager's map", () => {
    expect(permissionsFor({ id: 'm', role: 'property-manager', properties: [A] }, A)).toEqual({
      'view-hidden': true,
      'edit-metadata': true,
      'edit-room': true,
      place: true,
      reorder: true,
      upload: true,
      delete: true,
      analyze: true,
      scan: true,
      backup: true,
      restore: true,
      share: true,
      export: true,
      'edit-photo': true,
      'edit-settings': true,
      'manage-accounts': false,
      'manage-properties': false,
    })
  })

  it("answers the platform admin's map: everything", () => {
    expect(Object.values(permissionsFor({ id: 'p', role: 'platform-admin', properties: [] }, A))).toEqual(Array(17).fill(true))
  })

  it('answers nothing for nobody', () => {
    expect(Object.values(permissionsFor(null, A))).toEqual(Array(17).fill(false))
  })
})

describe('refusalMessage', () => {
  it('says plainly what the account may not do', () => {
    expect(refusalMessage('delete')).toBe('Your account may not delete media.')
    expect(refusalMessage('upload')).toBe('Your account may not upload media.')
    expect(refusalMessage('place')).toBe('Your account may not move media between sections or hide them.')
    expect(refusalMessage('manage-accounts')).toBe('Your account may not manage accounts.')
  })
})
