import type { IpcResult } from '../../shared/ipc-contract'
import type { Settings } from '../../shared/settings'
import { showHoldingsTab } from '../holdings/portfolio-store'
import { listsHolding } from '../../shared/watchlists'
import { loadAlerts } from '../alerts/alerts-api'
import { removeSymbol } from '../api'
import { GRID_ID } from '../element-ids'
import { keepFocusOnPage } from '../detail/panel-focus'
import { alertsOf, alertStore } from '../alerts/alert-store'
import { settingsFromMain } from '../store/settings-sync'
import { showToast } from '../store/toast-store'
import {
  announce,
  applyWatchlist,
  openDialog,
  select,
  showNotice,
  shownList,
  watchStore,
} from '../store/watch-store'

/**
 * The watchlists: create, rename, reorder, delete (with Undo) and switch. Main answers each with
 * the settings, which the tabs, rows and ticker follow.
 */

function api() {
  return window.tokenwatch
}

async function listCommand(
  request: Promise<IpcResult<Settings>>,
  failure: string,
  success?: (settings: Settings) => string,
): Promise<IpcResult<Settings>> {
  const result = await request
  if (!result.ok) {
    showNotice(`${failure}: ${result.error.message}`)
    return result
  }
  settingsFromMain(result.value)
  if (success) announce(success(result.value))
  return result
}

const nameOf = (settings: Settings, listId: string) =>
  settings.lists.find((list) => list.id === listId)?.name ?? 'the watchlist'

/** The name a new list's field opens with: "List N", the first N free. */
export function freeListName(): string {
  const taken = new Set(watchStore.getState().settings?.lists.map((list) => list.name.toLowerCase()))
  let n = (watchStore.getState().settings?.lists.length ?? 0) + 1
  while (taken.has(`list ${n}`)) n += 1
  return `List ${n}`
}

/**
 * A command from the name field: resolves to why not (shown beside the field, which keeps what
 * was typed), or null when done.
 */
async function namingCommand(
  request: Promise<IpcResult<Settings>>,
  success: (settings: Settings) => string,
): Promise<string | null> {
  const result = await request
  if (!result.ok) return result.error.message
  settingsFromMain(result.value)
  announce(success(result.value))
  return null
}

/** A new empty list with this name, shown at once. */
export function createList(name: string): Promise<string | null> {
  return namingCommand(
    api().createList({ name }),
    (s) => `Created the watchlist ${nameOf(s, s.activeListId)}`,
  )
}

export function renameList(listId: string, name: string): Promise<string | null> {
  return namingCommand(
    api().renameList({ listId, name }),
    (s) => `Renamed the watchlist to ${nameOf(s, listId)}`,
  )
}

export function moveList(listId: string, toIndex: number): Promise<IpcResult<Settings>> {
  return listCommand(
    api().moveList({ listId, toIndex }),
    'Could not move the watchlist',
    (s) => `Moved ${nameOf(s, listId)} to position ${toIndex + 1}`,
  )
}

export async function deleteList(listId: string): Promise<void> {
  const name = nameOf(watchStore.getState().settings as Settings, listId)
  const result = await listCommand(api().deleteList({ listId }), `Could not delete ${name}`)
  if (!result.ok) return
  announce(`Deleted the watchlist ${name}`)
  showToast({
    tone: 'info',
    title: 'Watchlist deleted',
    text: `${name} and its symbols are gone.`,
    action: { label: 'Undo', run: () => void restoreList(listId) },
  })
}

function restoreList(listId: string): Promise<IpcResult<Settings>> {
  return listCommand(
    api().restoreList({ listId }),
    'Could not restore the watchlist',
    (s) => `Restored the watchlist ${nameOf(s, s.activeListId)}`,
  )
}

export function showList(listId: string): Promise<IpcResult<Settings>> {
  // A list asked for by name (its tab, Ctrl+digit, Ctrl+Tab) replaces the Holdings tab too.
  showHoldingsTab(false)
  return listCommand(
    api().setActiveList({ listId }),
    'Could not show the watchlist',
    (s) => `Showing ${nameOf(s, listId)}`,
  )
}

/** Ctrl+1..9: the list at that place (Ctrl+9, as in browsers, the last). */
export function showListAt(position: number): void {
  const lists = watchStore.getState().settings?.lists ?? []
  const list = position === 9 ? lists.at(-1) : lists[position - 1]
  if (list) void showList(list.id)
}

/** Ctrl+Tab and Ctrl+Shift+Tab: the next or the previous list, round. */
export function showNextList(step: 1 | -1): void {
  const settings = watchStore.getState().settings
  if (!settings || settings.lists.length < 2) return
  const index = settings.lists.findIndex((list) => list.id === settings.activeListId)
  const next = settings.lists[(index + step + settings.lists.length) % settings.lists.length]
  if (next) void showList(next.id)
}

/** The moves asked by keyboard, one after another: each starts from where main put the last. */
let shownListMoves: Promise<unknown> = Promise.resolve()

/** Moves the shown list one place left (-1) or right (1) among the tabs; at an end, nothing. */
export function moveShownList(step: 1 | -1): void {
  shownListMoves = shownListMoves.then(() => {
    const settings = watchStore.getState().settings
    if (!settings) return
    const index = settings.lists.findIndex((list) => list.id === settings.activeListId)
    const to = index + step
    if (index === -1 || to < 0 || to >= settings.lists.length) return
    return moveList(settings.activeListId, to)
  })
}

/**
 * Removes a symbol from the shown list. When it has alerts and no other list holds it, the person
 * is asked first: keep its alerts (main keeps polling it for them) or delete them with it.
 */
export function removeSymbolAsking(symbol: string): void {
  const settings = watchStore.getState().settings
  const alerts = alertsOf(alertStore.getState().alerts, symbol)
  const elsewhere = settings ? listsHolding(settings, symbol).length > 1 : false
  if (alerts.length === 0 || elsewhere) void removeSymbolUndoably(symbol)
  else openDialog('remove-symbol', null, symbol)
}

/** The answer to the question above. */
export async function removeSymbolWithAlerts(symbol: string, deleteAlerts: boolean): Promise<void> {
  if (await removeSymbolUndoably(symbol, deleteAlerts)) void loadAlerts()
}

/** Removes a symbol from the shown list; its toast offers Undo, which puts it back where it was. */
async function removeSymbolUndoably(symbol: string, deleteAlerts = false): Promise<boolean> {
  const list = shownList(watchStore.getState())
  const index = list?.symbols.indexOf(symbol) ?? -1
  if (!(await removeSymbol(symbol, deleteAlerts))) return false
  if (!list || index < 0) return true
  showToast({
    tone: 'info',
    title: `Removed ${symbol} from ${list.name}`,
    // Deleted alerts are gone for good (their firing history with them): Undo says what it restores.
    text: deleteAlerts ? `Its alerts were deleted; Undo brings back ${symbol} alone.` : 'Undo puts it back.',
    action: { label: 'Undo', run: () => void putSymbolBack(symbol, list.id, index) },
  })
  return true
}

async function putSymbolBack(symbol: string, listId: string, index: number): Promise<void> {
  const added = await api().addSymbol({ symbol, listId })
  const moved = added.ok ? await api().moveSymbol({ symbol, toIndex: index, listId }) : added
  if (!moved.ok) {
    showNotice(`Could not put ${symbol} back: ${moved.error.message}`)
    return
  }
  if (shownList(watchStore.getState())?.id === listId) {
    applyWatchlist(moved.value)
    // The restored row is the one acted on next (Delete, Enter): selected, and the grid focused.
    select(symbol)
    keepFocusOnPage(() => document.getElementById(GRID_ID))
  }
  const settings = watchStore.getState().settings
  announce(`Put ${symbol} back in ${settings ? nameOf(settings, listId) : 'the watchlist'}`)
}
