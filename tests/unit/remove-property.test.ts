// When a property may be removed, and what confirms it (src/server/properties/remove-property.ts).
import { describe, expect, it } from 'vitest'
import { confirmsRemoval, removalRefusal } from '../../src/server/properties/remove-property'

const lodge = { id: '6f1c2a4e-0b7d-4c55-9a3e-2d8f1b6c7e90', name: 'Lodge', slug: 'lodge', isDefault: false }
const home = { id: '0c9e8d7f-1a2b-4c3d-8e5f-6a7b8c9d0e1f', name: 'Seaside', slug: 'default', isDefault: true }

describe('removalRefusal', () => {
  it('refuses the default property while it is the only one', () => {
    expect(removalRefusal(home, 1)).toBe('Seaside is the only property: an installation keeps at least one.')
  })

  it('refuses the default property while others exist', () => {
    expect(removalRefusal(home, 3)).toBe(
      'Seaside is the default property (the bare addresses and unknown hosts answer for it): it cannot be removed.',
    )
  })

  it('lets any other property go', () => {
    expect(removalRefusal(lodge, 2)).toBeNull()
  })
})

describe('confirmsRemoval', () => {
  it("takes the property's name, surrounding spaces aside", () => {
    expect(confirmsRemoval(lodge, 'Lodge')).toBe(true)
    expect(confirmsRemoval(lodge, '  Lodge ')).toBe(true)
  })

  it('refuses anything else, a different case included', () => {
    expect(confirmsRemoval(lodge, 'lodge')).toBe(false)
    expect(confirmsRemoval(lodge, 'lodge-slug')).toBe(false)
    expect(confirmsRemoval(lodge, '')).toBe(false)
  })
})
