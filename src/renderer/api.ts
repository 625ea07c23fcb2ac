import type { MainState } from '../shared/first-frame'
import type { IpcResult } from '../shared/ipc-contract'
import type { AppStatus, KeyStatus } from '../shared/status'
import { unpackHistories } from '../shared/packed-histories'
import type { ListViewPatch, Settings, SettingsPatch } from '../shared/settings'
import { listOutOfSight, tellAddedOutOfSight } from './watchlist/adds-out-of-sight'
import { loadAlerts, onAlertFired, showRefusedNotification } from './alerts/alerts-api'
import { setIdleAlerts, setUnreadAlerts } from './alerts/alert-store'
import { applyPortfolio } from './holdings/portfolio-store'
import { setWalletBalances } from './wallets/wallet-store'
import { loadWalletBalances } from './wallets/wallets-api'
import { setCapacity, setDividends } from './service-status/service-store'
import { setDepth } from './detail/depth-store'
import { setAtBids } from './holdings/at-bids-store'
import { setDayCandles } from './detail/day-candles-store'
import { changeAtOnce, settingsFromMain } from './store/settings-sync'
import {
  announce,
  applyDelta,
  applySnapshot,
  applyWatchlist,
  fillHistories,
  setKeyStatus,
  setListedAssets,
  setStatus,
  showNotice,
  showSymbol,
  shownList,
  watchStore,
} from './store/watch-store'

/**
 * Everything the renderer asks of main, through `window.tokenwatch` (the preload's bridge). Each
 * command resolves to an IpcResult; a failure becomes a notice in plain words, never a throw.
 */

function api() {
  return window.tokenwatch
}

/** Every status carries main's unread-alert count, for the header's bell. */
function applyStatus(status: AppStatus): void {
  setStatus(status)
  setUnreadAlerts(status.unreadAlerts)
}

/**
 * Main's state as the page starts with it (whatever of it arrived): the settings first, as they
 * say which rows the snapshot fills.
 */
export function applyMainState(state: Partial<MainState>): void {
  if (state.settings) settingsFromMain(state.settings)
  if (state.status) applyStatus(state.status)
  if (state.keyStatus) setKeyStatus(state.keyStatus)
  // Without the histories: the first frame needs prices; App asks for them once it is painted.
  if (state.snapshot) applySnapshot(state.snapshot, { withHistory: false })
}

/**
 * Subscribes to main's pushes first and only then asks for the current state, so nothing pushed
 * in between is lost (a delta older than the snapshot is dropped by the store).
 */
export async function connect(): Promise<() => void> {
  const unsubscribe = [
    api().on('snapshot', applySnapshot),
    api().on('delta', (delta) => applyDelta(unpackHistories(delta))),
    api().on('status', applyStatus),
    api().on('alert', onAlertFired),
    api().on('alertsIdle', setIdleAlerts),
    // A desktop notification was clicked: show that asset.
    api().on('focusSymbol', ({ symbol }) => showSymbol(symbol)),
    api().on('notice', showRefusedNotification),
    // The lists changed in main (the tray's list switcher): the tabs and rows follow.
    api().on('settings', settingsFromMain),
    api().on('portfolio', applyPortfolio),
    api().on('capacity', setCapacity),
    api().on('depth', setDepth),
    api().on('atBids', setAtBids),
    api().on('walletBalances', setWalletBalances),
    api().on('dayCandles', setDayCandles),
  ]
  const [snapshot, status, settings, keyStatus] = await Promise.all([
    api().getSnapshot({ history: false }),
    api().getStatus(),
    api().getSettings(),
    api().getKeyStatus(),
  ])
  applyMainState({
    ...(snapshot.ok ? { snapshot: snapshot.value } : {}),
    ...(status.ok ? { status: status.value } : {}),
    ...(settings.ok ? { settings: settings.value } : {}),
    ...(keyStatus.ok ? { keyStatus: keyStatus.value } : {}),
  })
  const failed = [snapshot, status, settings, keyStatus].find((result) => !result.ok)
  if (failed && !failed.ok) showNotice(`Could not load the app state: ${failed.error.message}`)
  void loadAlerts()
  void loadPortfolio()
  void loadWalletBalances()
  // A hidden window needs prices less often, and an offline machine none: main adjusts its polling.
  const reportVisibility = () =>
    void api().setWindowVisible({ visible: document.visibilityState === 'visible' })
  const reportOnline = () => void api().setOnline({ online: navigator.onLine })
  document.addEventListener('visibilitychange', reportVisibility)
  window.addEventListener('online', reportOnline)
  window.addEventListener('offline', reportOnline)
  return () => {
    unsubscribe.forEach((off) => off())
    document.removeEventListener('visibilitychange', reportVisibility)
    window.removeEventListener('online', reportOnline)
    window.removeEventListener('offline', reportOnline)
  }
}

/**
 * Tells main the page is live (subscribed by connect(), its own frame rendered), once per page
 * load: main sends what it held for the page from then on (its page-messages.ts).
 */
export function sayPageLive(): void {
  void api().pageLive()
}

/** The positions as main holds them now; its pushes keep them current from then on. */
async function loadPortfolio(): Promise<void> {
  const [result, atBids] = await Promise.all([api().getPortfolio(), api().getAtBids()])
  if (result.ok) applyPortfolio(result.value)
  else showNotice(`Could not load your holdings: ${result.error.message}`)
  if (atBids.ok) setAtBids(atBids.value)
}

/** The sparklines' data, once the first rows are on screen (see getSnapshot in the contract). */
export async function loadHistories(): Promise<void> {
  const full = await api().getSnapshot({ history: true })
  if (full.ok) fillHistories(full.value)
  else showNotice(`Could not load the price histories: ${full.error.message}`)
}

/**
 * The detail panel shows `symbol` (null: it closed): main asks its trading capacity, and no other
 * symbol's. The last answer known for it is shown at once.
 */
export async function showDetailOf(symbol: string | null): Promise<void> {
  const result = await api().setDetailOpen({ symbol })
  if (result.ok) setCapacity(result.value)
}

/** The detail panel shows `symbol` (null: it closed): main streams its depth ladder, and no other. */
export async function showDepthOf(symbol: string | null): Promise<void> {
  if (symbol === null) setDepth(null)
  await api().setDepthSymbol({ symbol })
}

/** The 1D chart shows `symbol` (null: it closed): main streams its live minute, and no other. */
export async function showChartOf(symbol: string | null): Promise<void> {
  if (symbol === null) setDayCandles(null)
  await api().setChartSymbol({ symbol })
}

export async function refreshCapacity(): Promise<void> {
  await api().refreshCapacity()
}

/** A symbol's dividends: a minute old at most for the detail panel, a day for the yield column. */
export async function loadDividends(symbol: string, purpose: 'detail' | 'column'): Promise<void> {
  const result = await api().getDividends({ symbol, purpose })
  if (result.ok) setDividends(result.value)
}

export async function loadListedAssets(): Promise<void> {
  const result = await api().listAssets()
  if (result.ok) setListedAssets(result.value)
  else showNotice(`Could not load the list of assets: ${result.error.message}`)
}

/**
 * Symbol commands act on the shown list, named, so a switch made meanwhile (the tray) cannot misdirect them.
 */
function shownListId(): { listId?: string } {
  const list = shownList(watchStore.getState())
  return list ? { listId: list.id } : {}
}

/**
 * The shown list's name, as said of an action on it ("Removed NVDAon from Tech"): an action from
 * the keyboard on a selected row names the symbol and the list it acts on.
 */
export function shownListName(): string {
  return shownList(watchStore.getState())?.name ?? 'the watchlist'
}

async function changeWatchlist(
  request: Promise<IpcResult<string[]>>,
  failure: string,
  success: string,
): Promise<boolean> {
  const result = await request
  if (!result.ok) {
    showNotice(`${failure}: ${result.error.message}`)
    return false
  }
  applyWatchlist(result.value)
  showNotice(null)
  announce(success)
  return true
}

/** Adds to the active list; from the Holdings tab, which hides that list, a toast says where it went. */
export async function addSymbol(symbol: string): Promise<boolean> {
  const listName = shownListName()
  const outOfSight = listOutOfSight()
  const added = await changeWatchlist(
    api().addSymbol({ symbol, ...shownListId() }),
    `Could not add ${symbol}`,
    `Added ${symbol} to ${listName}`,
  )
  if (added && outOfSight) tellAddedOutOfSight(symbol, listName)
  return added
}

/** `deleteAlerts`: the symbol's alerts go with it (see removeSymbolAsking in lists-api). */
export function removeSymbol(symbol: string, deleteAlerts = false): Promise<boolean> {
  return changeWatchlist(
    api().removeSymbol({ symbol, ...shownListId(), ...(deleteAlerts ? { deleteAlerts } : {}) }),
    `Could not remove ${symbol}`,
    deleteAlerts
      ? `Removed ${symbol} and its alerts from ${shownListName()}`
      : `Removed ${symbol} from ${shownListName()}`,
  )
}

export function moveSymbol(symbol: string, toIndex: number): Promise<boolean> {
  return changeWatchlist(
    api().moveSymbol({ symbol, toIndex, ...shownListId() }),
    `Could not move ${symbol}`,
    `Moved ${symbol} to position ${toIndex + 1} in ${shownListName()}`,
  )
}

/** Saves a settings change; the caller shows a refusal next to the fields it concerns. */
export async function updateSettings(patch: SettingsPatch): Promise<IpcResult<Settings>> {
  const baseUrlBefore = watchStore.getState().settings?.baseUrl
  const result = await api().updateSettings(patch)
  if (!result.ok) return result
  settingsFromMain(result.value)
  // Keys are stored per service: another base URL may have another key, or none.
  if (result.value.baseUrl !== baseUrlBefore) {
    const keyStatus = await api().getKeyStatus()
    if (keyStatus.ok) setKeyStatus(keyStatus.value)
  }
  return result
}

/** A display preference: ticker-only mode, hidden amounts, the detail chart's range and style. */
export function updatePreference(
  patch: Pick<SettingsPatch, 'tickerOnly' | 'hideAmounts' | 'chartRange' | 'chartStyle'>,
): Promise<void> {
  return changeAtOnce(
    (current) => ({ ...current, ...patch }),
    () => api().updateSettings(patch),
  )
}

/** Every quantity, value and P&L as dots, or shown again (window and tray follow the setting). */
export function toggleHideAmounts(): Promise<void> {
  return updatePreference({ hideAmounts: !(watchStore.getState().settings?.hideAmounts ?? false) })
}

/** The shown list's sort or columns. */
export function updateListView(patch: ListViewPatch): Promise<void> {
  const list = shownList(watchStore.getState())
  if (!list) return Promise.resolve()
  return changeAtOnce(
    (current) => ({
      ...current,
      lists: current.lists.map((l) => (l.id === list.id ? { ...l, ...patch } : l)),
    }),
    () => api().updateList({ listId: list.id, ...patch }),
  )
}

/** The header's toggles and refresh: main answers with a status push, so nothing to store here. */
async function command(request: Promise<IpcResult<unknown>>, failure: string): Promise<void> {
  const result = await request
  if (!result.ok) showNotice(`${failure}: ${result.error.message}`)
}

export function togglePin(): Promise<void> {
  return command(api().togglePin(), 'Could not change keep-on-top')
}

export function setPaused(paused: boolean): Promise<void> {
  return command(api().setPaused({ paused }), paused ? 'Could not pause updates' : 'Could not resume updates')
}

export function refreshNow(): Promise<void> {
  return command(api().refreshNow(), 'Could not refresh')
}

export async function setKey(key: string): Promise<IpcResult<KeyStatus>> {
  const result = await api().setKey({ key })
  if (result.ok) setKeyStatus(result.value)
  return result
}

export async function clearKey(): Promise<IpcResult<KeyStatus>> {
  const result = await api().clearKey()
  if (result.ok) setKeyStatus(result.value)
  return result
}
