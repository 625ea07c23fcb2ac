import type { Settings, Watchlist } from './settings'

/**
 * Reading the settings' watchlists, without zod (the renderer's first frame uses this, and loads
 * zod only with the forms).
 */

/** The list the window, the ticker strip and the tray show (the first, should the id be missing). */
export function activeList(settings: Pick<Settings, 'lists' | 'activeListId'>): Watchlist {
  return settings.lists.find((list) => list.id === settings.activeListId) ?? (settings.lists[0] as Watchlist)
}

/** The lists that hold `symbol`. */
export function listsHolding(settings: Pick<Settings, 'lists'>, symbol: string): Watchlist[] {
  return settings.lists.filter((list) => list.symbols.includes(symbol))
}

/** The list named `name` (compared without case, as names are kept unique), or null. */
export function listNamed(settings: Pick<Settings, 'lists'>, name: string): Watchlist | null {
  const wanted = name.trim().toLocaleLowerCase()
  return settings.lists.find((list) => list.name.toLocaleLowerCase() === wanted) ?? null
}
