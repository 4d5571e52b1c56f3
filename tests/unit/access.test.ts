// The access rules (docs/properties-design.md §3.1): every role × action, written out by hand.
import { describe, expect, it } from 'vitest'
import { ACTIONS, actorOf, may, permissionsFor, refusalMessage, type Action, type Role } from '../../src/server/auth/access'

const Y = true
const N = false

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
    expect(ACTIONS).toHaveLength(14)
  })

  for (const role of Object.keys(ROLE_COLUMN) as Role[]) {
    for (const action of Object.keys(TABLE) as Action[]) {
      const expected = TABLE[action][ROLE_COLUMN[role]]
      it(`${role} ${expected ? 'may' : 'may not'} ${action}`, () => {
        expect(may({ id: 'u1', role }, action)).toBe(expected)
      })
    }
  }

  it('lets nobody (anonymous) do anything', () => {
    for (const action of ACTIONS) expect(may(null, action)).toBe(false)
  })
})

describe('actorOf', () => {
  it('reads the id and role of a signed-in user', () => {
    expect(actorOf({ id: 7, role: 'content-editor' })).toEqual({ id: '7', role: 'content-editor' })
    const user = { id: 'a', role: 'platform-admin', username: 'x' }
    expect(actorOf(user)).toEqual({ id: 'a', role: 'platform-admin' })
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
    expect(permissionsFor({ id: 'e', role: 'content-editor' })).toEqual({
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
      'edit-settings': false,
      'manage-accounts': false,
      'manage-properties': false,
    })
  })

  it("answers the property manager's map", () => {
    expect(permissionsFor({ id: 'm', role: 'property-manager' })).toEqual({
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
      'edit-settings': true,
      'manage-accounts': false,
      'manage-properties': false,
    })
  })

  it("answers the platform admin's map: everything", () => {
    expect(Object.values(permissionsFor({ id: 'p', role: 'platform-admin' }))).toEqual(Array(14).fill(true))
  })

  it('answers nothing for nobody', () => {
    expect(Object.values(permissionsFor(null))).toEqual(Array(14).fill(false))
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
