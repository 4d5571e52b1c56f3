// Who wrote a tag (src/lib/tags.ts): the answer lists the manager's first, then analysis's not
// removed; a save of the list the manager saw records analysis's tags left out as removed, so a
// forced re-analysis (which writes analysis's own list again) never brings them back.
import { describe, expect, it } from 'vitest'
import { answeredTags, managerTagsChange } from '../../src/lib/tags'

describe('the tags a photo answers', () => {
  it("lists the manager's first, then analysis's not removed and not already there", () => {
    expect(answeredTags({ manager: ['sea view', 'view'], machine: ['outdoor', 'view', 'boat', 'blue'], removed: ['boat'] })).toEqual({
      tags: ['sea view', 'view', 'outdoor', 'blue'],
      sources: ['manager', 'manager', 'analysis', 'analysis'],
    })
  })
})

describe("the manager's save of the tags dialog", () => {
  const current = { manager: ['sea view'], machine: ['outdoor', 'boat', 'blue'], removed: [] }

  it("keeps analysis's tags analysis's, makes typed ones the manager's, and records the ones taken out", () => {
    const change = managerTagsChange(current, ['sea view', 'outdoor', 'blue', ' Jetty '])
    expect(change).toEqual({ manager: ['sea view', 'jetty'], removed: ['boat'] })
    expect(answeredTags({ ...current, ...change }).tags).toEqual(['sea view', 'jetty', 'outdoor', 'blue'])
  })

  it('a removed tag stays removed when analysis writes its list again (force)', () => {
    const change = managerTagsChange(current, ['sea view', 'outdoor'])
    const afterForce = { manager: change.manager, machine: ['outdoor', 'boat', 'blue'], removed: change.removed }
    expect(answeredTags(afterForce)).toEqual({ tags: ['sea view', 'outdoor'], sources: ['manager', 'analysis'] })
  })

  it("a tag both wrote, taken out, is gone from both; typed again, it is the manager's", () => {
    const both = { manager: ['blue'], machine: ['blue', 'outdoor'], removed: [] }
    const removed = managerTagsChange(both, ['outdoor'])
    expect(removed).toEqual({ manager: [], removed: ['blue'] })
    expect(answeredTags({ ...both, ...removed }).tags).toEqual(['outdoor'])
    const typedAgain = managerTagsChange({ ...both, ...removed }, ['outdoor', 'blue'])
    expect(typedAgain).toEqual({ manager: ['blue'], removed: [] })
    expect(answeredTags({ ...both, ...typedAgain })).toEqual({ tags: ['blue', 'outdoor'], sources: ['manager', 'analysis'] })
  })

  it('a tag analysis wrote while the dialog was open is not removed by the save of what the dialog showed', () => {
    // The dialog opened on "sea view, outdoor"; analysis then wrote "boat" and "blue".
    const change = managerTagsChange(current, ['sea view'], ['sea view', 'outdoor'])
    expect(change).toEqual({ manager: ['sea view'], removed: ['outdoor'] })
    expect(answeredTags({ ...current, ...change }).tags).toEqual(['sea view', 'boat', 'blue'])
  })
})
