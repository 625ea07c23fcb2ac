import { describe, expect, it, vi } from 'vitest'
import { AppCore } from '../../../src/main/core/app/app-core'
import { nextSessionCheckAt } from '../../../src/main/core/alerts/alert-engine'
import { ApiError } from '../../../src/main/core/api/api-errors'
import type {
  FeedActivity,
  FeedConnection,
  FeedEvents,
  FeedInterest,
  FeedStatus,
  PollPipeline,
} from '../../../src/main/core/feed/poll-feed'
import type { RecordingLink } from '../../../src/main/core/recording-port'
import type { PauseReason } from '../../../src/main/core/feed/poll-scheduler'
import type { Clock } from '../../../src/main/core/clock'
import { MemorySecretStore } from '../../../src/main/core/secrets/secret-store'
import { type Delta, emptyAsset, type Snapshot } from '../../../src/shared/domain'
import type { EventPayload, IpcResult } from '../../../src/shared/ipc-contract'
import type { ListedAsset } from '../../../src/shared/domain'
import type { ImportResult } from '../../../src/shared/transfer'
import {
  type AppStatus,
  ENDPOINT_NAMES,
  type EndpointName,
  type EndpointStatus,
  type StatusError,
} from '../../../src/shared/status'
import { MAX_WATCHLIST, type Settings } from '../../../src/shared/settings'
import { cleanupAfterEach } from '../../support/cleanups'
import { manualClock } from '../../support/manual-clock'
import { simDemoMarket } from '../../../src/main/sim/server/demo-market'

/**
 * What AppCore tells its poll feed and what it makes of the feed's events, on a feed that only
 * records (the other app-core tests run a real one over HTTP): the shell's visibility and network
 * signals, reconnects, the cache's pace, the status it derives, the errors each command gives.
 */

const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-core-seam-')

const SYMBOLS = [
  'AAPLon',
  'NVDAon',
  'TSLAon',
  'SPYon',
  'MSFTon',
  'AMZNon',
  'QQQon',
  'Fon',
  'METAon',
  'GOOGLon',
]
const START_MS = Date.UTC(2026, 10, 24, 15, 0, 0) // a Tuesday

class RecordingFeed implements PollPipeline {
  readonly calls: Array<[string, ...unknown[]]> = []
  rows: Snapshot = {
    asOf: START_MS,
    source: { baseUrl: '', demo: true },
    assets: SYMBOLS.slice(0, 8).map((symbol) => ({ ...emptyAsset(symbol), price: '100.00' })),
    errors: [],
  }
  statuses: Partial<Record<EndpointName, EndpointStatus>> = {}
  readonly pauses = new Set<PauseReason>()
  saveFailure: Error | null = null
  listingFailure: Error | null = null
  private symbols: readonly string[] = []

  constructor(readonly events: FeedEvents) {}

  callsOf(method: string): unknown[][] {
    return this.calls.filter(([name]) => name === method).map(([, ...args]) => args)
  }
  connect(connection: FeedConnection): void {
    this.calls.push(['connect', connection])
  }
  setCadences(cadences: Settings['cadences']): void {
    this.calls.push(['setCadences', cadences])
  }
  setInterest(interest: FeedInterest): void {
    if (interest.watchlist) this.symbols = interest.watchlist
    this.calls.push(['setInterest', interest])
  }
  setActivity(activity: FeedActivity): void {
    if ('reason' in activity) {
      if (activity.paused) this.pauses.add(activity.reason)
      else this.pauses.delete(activity.reason)
    }
    this.calls.push(['setActivity', activity])
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {
    this.calls.push(['stop'])
  }
  refreshNow(options?: { afresh?: boolean }): void {
    this.calls.push(options?.afresh ? ['refreshNow afresh'] : ['refreshNow'])
  }
  status(): FeedStatus {
    const idle: EndpointStatus = {
      cadenceMs: 5_000,
      lastSuccessAt: null,
      lastError: null,
      nextPollAt: null,
      inFlight: false,
    }
    const endpoints = Object.fromEntries(
      ENDPOINT_NAMES.map((name) => [name, this.statuses[name] ?? idle]),
    ) as FeedStatus['endpoints']
    return { endpoints, pauseReasons: [...this.pauses], plan: { symbols: this.symbols, mode: 'per-symbol' } }
  }
  snapshot(): Snapshot {
    return this.rows
  }
  async fullSnapshot(): Promise<Snapshot> {
    return this.rows
  }
  async listAssets(): Promise<ListedAsset[]> {
    if (this.listingFailure) throw this.listingFailure
    return SYMBOLS.map((symbol) => ({ symbol, name: symbol, ticker: symbol.replace(/on$/, '') }))
  }
  /** A service that does not publish its pauses. */
  async assetPauses(): Promise<null> {
    return null
  }
  async saveSnapshot(): Promise<void> {
    this.calls.push(['saveSnapshot'])
    if (this.saveFailure) throw this.saveFailure
  }
  readonly recording: RecordingLink = {
    start: (userDataDir) => void this.calls.push(['startRecording', userDataDir]),
    read: async () => ({ rows: [], since: null }),
    notice: () => null,
  }
}

async function seamCore({
  start = true,
  timers,
  userAgent,
}: { start?: boolean; timers?: Clock; userAgent?: string } = {}) {
  const clock = { ms: START_MS }
  let feed: RecordingFeed | null = null
  const core = new AppCore({
    userDataDir: tempDir(),
    keychain: new MemorySecretStore(),
    userAgent,
    demo: simDemoMarket({ assets: 20, seed: 3 }),
    clock: timers ?? { now: () => clock.ms, setTimeout, clearTimeout },
    pollFeed: (events) => (feed = new RecordingFeed(events)),
  })
  cleanups.push(() => core.stop())
  if (start) await core.start()
  return { core, feed: feed!, clock }
}

async function ok<T>(result: Promise<IpcResult<T>>): Promise<T> {
  const settled = await result
  if (!settled.ok) throw new Error(`${settled.error.code}: ${settled.error.message}`)
  return settled.value
}

const EMPTY_DELTA: Delta = { asOf: START_MS, changed: [], added: [], removed: [] }

/**
 * An alert above 100.50 on AAPLon, 100.00 in the feed's rows; `cross()` brings a delta with it at
 * 101.00 and waits for the alert event.
 */
async function alertAbove(core: AppCore, feed: RecordingFeed) {
  const alerts: Array<EventPayload<'alert'>> = []
  core.on('alert', (event) => alerts.push(event))
  const input = { symbol: 'AAPLon', condition: { kind: 'price-above', level: '100.50' }, cooldownMs: 0 }
  await ok(core.invoke('createAlert', { input }))
  const cross = async () => {
    const assets = feed.rows.assets.map((asset) =>
      asset.symbol === 'AAPLon' ? { ...asset, price: '101.00' } : asset,
    )
    feed.rows = { ...feed.rows, assets }
    feed.events.onDelta(EMPTY_DELTA)
    await vi.waitFor(() => expect(alerts).toHaveLength(1))
  }
  return { alerts, cross }
}

function failed(kind: StatusError['kind'], at: number): EndpointStatus {
  return {
    cadenceMs: 5_000,
    lastSuccessAt: START_MS - 60_000,
    lastError: { kind, message: `${kind} at ${at}`, at, retryAt: at + 5_000 },
    nextPollAt: at + 5_000,
    inFlight: false,
  }
}

describe('AppCore and its poll feed', () => {
  it('passes the shell’s signals on: window hidden or shown, machine asleep, network gone', async () => {
    const { core, feed } = await seamCore()
    feed.calls.length = 0
    await ok(core.invoke('setWindowVisible', { visible: false }))
    core.setWindowVisible(true)
    core.setSuspended(true)
    core.setSuspended(false)
    await ok(core.invoke('setOnline', { online: false }))
    await ok(core.invoke('setOnline', { online: true }))
    await ok(core.invoke('setPaused', { paused: true }))
    expect(feed.calls).toEqual([
      ['setActivity', { hidden: true }],
      ['setActivity', { hidden: false }],
      ['setActivity', { reason: 'suspend', paused: true }],
      ['setActivity', { reason: 'suspend', paused: false }],
      ['setActivity', { reason: 'offline', paused: true }],
      ['setActivity', { reason: 'offline', paused: false }],
      ['setActivity', { reason: 'user', paused: true }],
    ])
  })

  it('starts in demo mode without a key, and stays on "auto"', async () => {
    const before = await seamCore({ start: false })
    expect(before.core.status()).toMatchObject({ mode: 'demo', baseUrl: '' })
    await before.core.start()
    const [connection] = before.feed.callsOf('connect')[0] as [FeedConnection]
    expect(connection.demo).toBe(true)
    expect(before.core.status().mode).toBe('demo')
    expect(before.core.settings.get().demo).toBe('auto')
  })

  it('hands the feed the user agent the shell gives, on every connection', async () => {
    const { core, feed } = await seamCore({ userAgent: 'tokenwatch/0.1.0' })
    await ok(core.invoke('setKey', { key: 'tw-agent-key-5678' }))
    const connections = feed.callsOf('connect').map(([connection]) => connection as FeedConnection)
    expect(connections.map((connection) => [connection.demo, connection.userAgent])).toEqual([
      [true, 'tokenwatch/0.1.0'],
      [false, 'tokenwatch/0.1.0'],
    ])
  })

  it("keeps demo 'on' when a key is stored: clearing the key brings the simulator back", async () => {
    const { core } = await seamCore()
    await ok(core.invoke('updateSettings', { demo: 'on' }))
    await ok(core.invoke('setKey', { key: 'tw-demo-on-key-1234' }))
    expect(core.settings.get().demo).toBe('on')
    expect(core.status().mode).toBe('live')
    await ok(core.invoke('clearKey', undefined))
    expect(core.status().mode).toBe('demo')
  })

  it('a key or a new service reconnects and polls afresh; a cadence alone does not reconnect', async () => {
    const { core, feed } = await seamCore({ start: false })
    await ok(core.invoke('setKey', { key: 'tw-before-start-1234' })) // not started: nothing to reset
    expect(feed.callsOf('refreshNow afresh')).toHaveLength(0)
    await core.start()
    feed.calls.length = 0
    await ok(core.invoke('clearKey', undefined))
    expect(feed.calls.map(([name]) => name)).toEqual(['connect', 'refreshNow afresh'])

    feed.calls.length = 0
    const cadences = { ...core.settings.get().cadences, pricesMs: 10_000 }
    await ok(core.invoke('updateSettings', { cadences }))
    expect(feed.calls).toEqual([['setCadences', cadences]])

    await core.stop()
    feed.calls.length = 0
    await ok(core.invoke('setKey', { key: 'tw-after-stop-12345' })) // stopped: nothing to reset
    expect(feed.callsOf('refreshNow afresh')).toHaveLength(0)
  })

  it('tells settings listeners of every change, until they unsubscribe; the same for events', async () => {
    const { core } = await seamCore()
    const seen: Settings[] = []
    const statuses: unknown[] = []
    const unsubscribe = core.onSettingsChange((settings) => seen.push(settings))
    const off = core.on('status', (status) => statuses.push(status))
    expect(await ok(core.invoke('togglePin', undefined))).toBe(true)
    expect(core.settings.get().pinned).toBe(true)
    expect(core.status().pinned).toBe(true)
    await ok(core.invoke('updateSettings', { theme: 'light' }))
    await ok(core.invoke('createList', { name: 'Second' }))
    expect(seen.map((settings) => [settings.pinned, settings.theme, settings.lists.length])).toEqual([
      [true, 'dark', 1],
      [true, 'light', 1],
      [true, 'light', 2],
    ])
    expect(statuses.length).toBeGreaterThanOrEqual(2)
    // A key found for the chosen service turns "auto" demo off; that is a change they hear of too.
    await ok(core.invoke('setKey', { key: 'tw-listener-key-123' }))
    expect(seen.at(-1)?.demo).toBe('off')
    unsubscribe()
    off()
    const counts = [seen.length, statuses.length]
    expect(await ok(core.invoke('togglePin', undefined))).toBe(false)
    expect([seen.length, statuses.length]).toEqual(counts)
  })

  it('derives the status from the endpoints: newest error first, paused, degraded', async () => {
    const { core, feed } = await seamCore()
    feed.statuses = {
      market: failed('server', START_MS - 2_000),
      limits: failed('rate-limited', START_MS - 1_000),
    }
    expect(core.status()).toMatchObject({
      connection: 'degraded',
      lastError: { kind: 'rate-limited', at: START_MS - 1_000 },
    })
    feed.statuses = {
      market: failed('server', START_MS - 1_000),
      limits: failed('rate-limited', START_MS - 2_000),
    }
    expect(core.status().lastError?.kind).toBe('server')
    feed.pauses.add('suspend')
    expect(core.status()).toMatchObject({ connection: 'paused', paused: false })
  })

  it('saves the last prices at most every 30 s while deltas come, and says when a save fails', async () => {
    const { core, feed, clock } = await seamCore()
    const saves = () => feed.callsOf('saveSnapshot').length
    const before = saves()
    clock.ms += 30_000
    feed.events.onDelta(EMPTY_DELTA)
    feed.events.onDelta(EMPTY_DELTA)
    await Promise.resolve()
    expect(saves()).toBe(before + 1)
    clock.ms += 29_999
    feed.events.onDelta(EMPTY_DELTA)
    expect(saves()).toBe(before + 1)
    clock.ms += 1 // exactly 30 s after the last save
    feed.saveFailure = new Error('disk full')
    feed.events.onSnapshot?.(feed.rows) // a restarted worker's rows count as a change too
    await new Promise((resolve) => setImmediate(resolve))
    expect(saves()).toBe(before + 2)
    expect(core.status().storageProblem).toBe(
      'The last prices could not be saved for the next start: disk full',
    )
    feed.saveFailure = null
    clock.ms += 30_000
    feed.events.onDelta(EMPTY_DELTA)
    await new Promise((resolve) => setImmediate(resolve))
    expect(core.status().storageProblem).toBeNull()
  })

  it('evaluates a new alert at once, so the first crossing after it fires', async () => {
    const { core, feed } = await seamCore()
    const { alerts, cross } = await alertAbove(core, feed)
    await cross()
    expect(alerts[0]).toMatchObject({
      entry: { symbol: 'AAPLon', message: 'AAPLon crossed above 100.50 at 101.00', read: false },
      unreadAlerts: 1,
    })
  })

  it('pushes the status when alerts become unread and when they are read', async () => {
    const { core, feed } = await seamCore()
    const statuses: AppStatus[] = []
    core.on('status', (status) => statuses.push(status))
    // The status is also pushed when the service's market state changes: only the unread count's changes
    // count here.
    const unreadChanges = () =>
      statuses.map((status) => status.unreadAlerts).filter((count, i, all) => count !== (all[i - 1] ?? 0))
    await (await alertAbove(core, feed)).cross()
    expect(unreadChanges()).toEqual([1])
    await ok(core.invoke('markAlertsRead', undefined))
    expect(unreadChanges()).toEqual([1, 0])
  })

  it('stops the alerts with the rest: no alert timer is left behind', async () => {
    const time = manualClock(START_MS)
    const { core } = await seamCore({ timers: time.scheduler })
    const input = { symbol: 'AAPLon', condition: { kind: 'session', session: 'any', event: 'open' } }
    await ok(core.invoke('createAlert', { input }))
    // A session alert is checked at the next session change, on a timer (beside the status polls' own).
    const alertTimer = () =>
      [...time.clock.pending.values()].some((timer) => timer.due === nextSessionCheckAt(START_MS))
    await vi.waitFor(() => expect(alertTimer()).toBe(true))
    await core.stop()
    expect(time.clock.pending.size).toBe(0)
  })

  it('asks the feed for a new watchlist only when what is polled changed', async () => {
    const { core, feed } = await seamCore()
    feed.calls.length = 0
    await ok(core.invoke('updateList', { listId: 'l1', sort: { column: 'price', direction: 'desc' } }))
    await ok(core.invoke('createList', { name: 'Empty' })) // a new list is active, and empty
    await ok(core.invoke('setActiveList', { listId: 'l1' }))
    expect(feed.callsOf('setInterest')).toEqual([
      [{ watchlist: [] }],
      [{ watchlist: core.settings.get().lists[0]!.symbols }],
    ])
  })

  it('names exports by the market day on its clock', async () => {
    const { core } = await seamCore()
    const exported = await ok(core.invoke('exportWatchlist', { format: 'csv' }))
    expect(exported.fileName).toBe('tokenwatch-2026-11-24.csv')
  })

  it('answers a symbol command with the symbols of the list it changed, active or not', async () => {
    const { core } = await seamCore()
    const settings = await ok(core.invoke('createList', { name: 'Second', symbols: ['METAon'] }))
    const second = settings.lists[1]!.id
    await ok(core.invoke('setActiveList', { listId: 'l1' }))
    expect(await ok(core.invoke('addSymbol', { symbol: 'GOOGLon', listId: second }))).toEqual([
      'METAon',
      'GOOGLon',
    ])
    const active = await ok(core.invoke('addSymbol', { symbol: 'METAon' }))
    expect(active.at(-1)).toBe('METAon')
    expect(active).toHaveLength(9)
  })

  it('imports into the active list, a named one, or a new one; a list that is gone is an error', async () => {
    const { core } = await seamCore()
    const toActive = await ok<ImportResult>(core.invoke('importWatchlist', { text: 'METAon AAPLon' }))
    expect(toActive).toMatchObject({ added: ['METAon'], alreadyPresent: ['AAPLon'], listId: 'l1' })
    expect(toActive.watchlist.at(-1)).toBe('METAon')

    const toNew = await ok<ImportResult>(
      core.invoke('importWatchlist', { text: 'AAPLon GOOGLon', into: { newList: 'Fresh' } }),
    )
    expect(toNew).toMatchObject({
      added: ['AAPLon', 'GOOGLon'],
      alreadyPresent: [],
      watchlist: ['AAPLon', 'GOOGLon'],
    })
    expect(toNew.listId).not.toBe('l1')

    const second = toNew.listId
    await ok(core.invoke('setActiveList', { listId: 'l1' }))
    const toNamed = await ok<ImportResult>(
      core.invoke('importWatchlist', { text: 'NVDAon METAon', into: { listId: second } }),
    )
    expect(toNamed).toMatchObject({ added: ['NVDAon', 'METAon'], listId: second })
    expect(toNamed.watchlist).toEqual(['AAPLon', 'GOOGLon', 'NVDAon', 'METAon'])

    const gone = await core.invoke('importWatchlist', { text: 'AAPLon', into: { listId: 'l99' } })
    expect(gone).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'That watchlist no longer exists' },
    })
  })

  it('gives each failure its contract code, a message and the field that says where', async () => {
    const { core, feed } = await seamCore()
    const longName = `x${'y'.repeat(100)}`
    expect(await core.invoke(longName as never, undefined)).toEqual({
      ok: false,
      error: { code: 'invalid-argument', message: `unknown command "${longName.slice(0, 40)}"` },
    })
    const wrongShape = await core.invoke('addSymbol', 42)
    expect(wrongShape.ok || wrongShape.error.message).toBe('Invalid input: expected object, received number')
    // The field apart; the message, shown as it is, never starts with it.
    const wrongField = await core.invoke('addSymbol', { symbol: 7 })
    expect(wrongField.ok || wrongField.error.field).toBe('symbol')
    expect(wrongField.ok || wrongField.error.message).not.toMatch(/^symbol: /)

    feed.listingFailure = new ApiError({ kind: 'not-found', message: 'No such endpoint' })
    expect(await core.invoke('listAssets', undefined)).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'No such endpoint' },
    })
    feed.listingFailure = new ApiError({ kind: 'rate-limited', message: 'Slow down' })
    expect(await core.invoke('listAssets', undefined)).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'Slow down' },
    })
    expect(await core.invoke('restoreList', { listId: 'l98' })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'That watchlist can no longer be restored' },
    })
    const room = MAX_WATCHLIST - core.settings.get().lists[0]!.symbols.length
    await core.settings.addSymbols(Array.from({ length: room }, (_, i) => `T${i}on`))
    expect(await core.invoke('addSymbol', { symbol: 'ONEMOREon' })).toEqual({
      ok: false,
      error: {
        code: 'invalid-argument',
        message: `The watchlist "Watchlist" is full (${MAX_WATCHLIST} symbols); remove one first`,
      },
    })
  })
})
