// Selection mode of the admin gallery (spec §4 Gallery modes): click toggles an item;
// shift-click selects the range between the clicked item and the first selected item in
// the current filtered list. Pure functions over ids; the set is never mutated.

export function toggleSelection(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

/**
 * Adds the range between the clicked id and the first selected id of the list (in list
 * order) to the selection. With nothing selected in the list it toggles the clicked id.
 */
export function selectRange(list: readonly { id: string }[], selected: ReadonlySet<string>, clickedId: string): Set<string> {
  const anchor = list.findIndex((item) => selected.has(item.id))
  const clicked = list.findIndex((item) => item.id === clickedId)
  if (anchor < 0 || clicked < 0) return toggleSelection(selected, clickedId)
  const next = new Set(selected)
  const [from, to] = anchor <= clicked ? [anchor, clicked] : [clicked, anchor]
  for (let index = from; index <= to; index++) next.add(list[index].id)
  return next
}
