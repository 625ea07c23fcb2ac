import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { emptyAsset, type Delta, type Snapshot } from '../../../src/shared/domain'
import type { AppStatus, KeyStatus } from '../../../src/shared/status'
import { AppCore } from '../../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../../src/main/core/app/poll-on-this-thread'
import type { AppCoreOptions } from '../../../src/main/core/app/app-core-options'
import { MemorySecretStore } from '../../../src/main/core/secrets/secret-store'
import { SimMarket } from '../../../src/main/sim/market/market'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { cleanupAfterEach } from '../../support/cleanups'
import { manualClock } from '../../support/manual-clock'
import { nextPricesPoll } from '../../support/polls'
import { shownSymbols } from '../../support/settings'
import type { Settings } from '../../../src/shared/settings'
import { simDemoMarket } from '../../../src/main/sim/server/demo-market'

/** AppCore end to end over real HTTP: demo simulator, a second simulator standing in for the live service. */

const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-core-')

async function startCore(userDataDir = tempDir(), options: Partial<AppCoreOptions> = {}) {
  const core = new AppCore({
    pollFeed: pollOnThisThread,
    userDataDir,
    keychain: new MemorySecretStore(),
    demo: simDemoMarket({ assets: 60, seed: 7 }),
    requestTimeoutMs: 3_000,
    ...options,
  })
  const events: Array<{ event: string; payload: unknown }> = []
  for (const event of ['snapshot', 'delta', 'status'] as const)
    core.on(event, (payload) => events.push({ event, payload }))
  cleanups.push(() => core.stop())
  await core.start()
  return { core, events, userDataDir }
}

async function until<T>(
  probe: () => T | undefined | null | false,
  what: string,
  timeoutMs = 8_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function liveSim(apiKey: string): Promise<SimServer> {
  const sim = await startSimServer({ apiKey, port: 0, assets: 60, seed: 3 })
  cleanups.push(() => sim.close())
  return sim
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe('AppCore', () => {
  it('starts in demo mode on the built-in simulator and fills the default watchlist', async () => {
    const { core } = await startCore()
    expect(core.status().mode).toBe('demo')
    expect(core.demoServer?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const snapshot = await until(() => {
      const s = core.currentSnapshot()
      return s.assets.every((a) => a.price !== null && a.limits !== null && a.history24h.length > 0) && s
    }, 'prices, market data and limits')
    expect(snapshot.source.demo).toBe(true)
    expect(snapshot.assets.map((a) => a.symbol)).toEqual(
      shownSymbols(((await core.invoke('getSettings', undefined)) as { value: Settings }).value),
    )
    expect(snapshot.assets[0]?.fairValue).toMatch(/^\d+\.\d{4}$/)
    expect(core.status().connection).toBe('online')
  })

  it('runs the demo simulator its options ask for: that many assets, drawn from that seed', async () => {
    // More assets than the real tickers: the made-up ones after them follow the seed.
    const { core } = await startCore(tempDir(), { demo: simDemoMarket({ assets: 75, seed: 7 }) })
    const listed = await core.invoke('listAssets', undefined)
    expect(listed.ok && listed.value.map((asset) => asset.symbol)).toEqual(
      new SimMarket({ assets: 75, seed: 7, clock: Date.now }).symbols(),
    )
  })

  it(
    'polls on its own clock: the first polls wait for that clock, ' + 'and are stamped with its time',
    async () => {
      const start = Date.parse('2026-11-18T15:00:00Z')
      const time = manualClock(start)
      const { core } = await startCore(tempDir(), { clock: time.scheduler })
      expect(core.status().endpoints.prices).toMatchObject({ nextPollAt: start, lastSuccessAt: null })
      time.advanceTo(start) // the first polls are due now
      await until(() => core.status().endpoints.prices.lastSuccessAt, 'the first prices')
      expect(core.status().endpoints.prices.lastSuccessAt).toBe(start)
      expect(core.currentSnapshot().assets.every((asset) => asset.price !== null)).toBe(true)
    },
  )

  it('answers getSnapshot without the histories when asked, and with them otherwise', async () => {
    const { core } = await startCore()
    await until(() => core.currentSnapshot().assets.every((a) => a.history24h.length > 0), 'histories')
    const value = async (args: unknown) => {
      const result = await core.invoke('getSnapshot', args as never)
      if (!result.ok) throw new Error(result.error.message)
      // Typed from the contract: no cast (checked by `npm run typecheck`).
      expectTypeOf(result.value).toEqualTypeOf<Snapshot>()
      return result.value
    }
    const light = await value({ history: false })
    const full = await value({ history: true })
    expect(light.assets.every((asset) => asset.history24h.length === 0)).toBe(true)
    expect(full.assets.every((asset) => asset.history24h.length > 0)).toBe(true)
    expect((await value(undefined)).assets.every((asset) => asset.history24h.length > 0)).toBe(true)
    // Everything else is the same.
    expect(light.assets.map((asset) => ({ ...asset, history24h: [] }))).toEqual(
      full.assets.map((asset) => ({ ...asset, history24h: [] })),
    )
  })

  it('validates every command argument and answers with a clear error, never a throw', async () => {
    const { core } = await startCore()
    const cases: Array<[string, unknown, RegExp]> = [
      ['addSymbol', { symbol: '../etc' }, /symbol/],
      ['addSymbol', { symbol: 'AAPLon', extra: 1 }, /extra|unrecognized/i],
      ['addSymbol', 'AAPLon', /object/i],
      ['moveSymbol', { symbol: 'AAPLon', toIndex: -1 }, /toIndex/],
      ['getSnapshot', { history: 'no' }, /history/],
      ['getSnapshot', { history: false, assets: 1 }, /assets|unrecognized/i],
      ['updateSettings', { baseUrl: 'http://example.com' }, /http/],
      ['updateSettings', { cadences: { pricesMs: 10 } }, /at least/],
      ['updateSettings', { timeZone: 'Europe/London' }, /timeZone/],
      ['setKey', { key: 'short' }, /at least 8/],
      ['nope', undefined, /unknown command/],
      ['__proto__', undefined, /unknown command/],
    ]
    for (const [name, args, message] of cases) {
      const result = await core.invoke(name as never, args)
      expect(result.ok, name).toBe(false)
      if (!result.ok) {
        expect(result.error.code).toBe('invalid-argument')
        // The refused argument is named apart; the sentence, shown as it is, never starts with it.
        expect(`${result.error.field ?? ''} ${result.error.message}`).toMatch(message)
        expect(result.error.message, name).not.toMatch(/^[\w.]+: /)
      }
    }
  })

  it(
    'checks the streaming address in main as the form does: off, ' +
      'host:port or empty kept, anything else refused in words',
    async () => {
      const { core } = await startCore()
      for (const bad of [
        'https://grpc.example.test',
        'grpc.example.test:99999',
        'user@grpc.example.test',
        'grpc.example.test/v1',
      ]) {
        const result = await core.invoke('updateSettings', { streamAddress: bad })
        expect(result.ok, bad).toBe(false)
        if (!result.ok) {
          expect(result.error.code).toBe('invalid-argument')
          expect(result.error.field).toBe('streamAddress')
          expect(result.error.message).toMatch(/host or host:port, empty for the usual one, or off/)
        }
      }
      expect(core.currentSettings().streamAddress ?? '').toBe('')
      for (const good of ['off', 'grpc.example.test:8443', ' 127.0.0.1:50051 ', '']) {
        expect((await core.invoke('updateSettings', { streamAddress: good })).ok, good).toBe(true)
        expect(core.currentSettings().streamAddress).toBe(good.trim())
      }
    },
  )

  it("keeps the zone times are shown in: market time until the computer's is chosen", async () => {
    const { core } = await startCore()
    expect(core.currentSettings().timeZone).toBe('market')
    expect((await core.invoke('updateSettings', { timeZone: 'computer' })).ok).toBe(true)
    expect(core.currentSettings().timeZone).toBe('computer')
  })

  it('adds, moves and removes symbols, pushing only the change', async () => {
    const { core, events } = await startCore()
    await until(() => core.currentSnapshot().assets.every((a) => a.price !== null), 'first prices')
    const order = core.currentSnapshot().assets.map((a) => a.symbol)
    const added = await core.invoke('addSymbol', { symbol: 'METAon' })
    expect(added.ok && (added.value as string[]).at(-1)).toBe('METAon')
    const addDelta = events
      .map((e) => e.payload as Delta)
      .find((d) => d.added?.some((a) => a.symbol === 'METAon'))
    // The new row alone, empty until its first poll, at the end of the order; nothing else.
    expect(addDelta).toEqual({
      asOf: expect.any(Number),
      changed: [],
      added: [emptyAsset('METAon')],
      removed: [],
      order: [...order, 'METAon'],
    })
    await until(() => core.currentSnapshot().assets.find((a) => a.symbol === 'METAon')?.price, 'METAon price')
    const moved = await core.invoke('moveSymbol', { symbol: 'METAon', toIndex: 0 })
    expect(moved.ok && (moved.value as string[])[0]).toBe('METAon')
    const removed = await core.invoke('removeSymbol', { symbol: 'METAon' })
    expect(removed.ok && (removed.value as string[]).includes('METAon')).toBe(false)
    const removeDelta = (events.at(-1)?.payload ?? {}) as Delta
    expect(removeDelta.removed).toEqual(['METAon'])
    expect(removeDelta.changed).toEqual([])
  })

  it('switches to the configured service when a key is stored, and back to demo when cleared', async () => {
    const key = 'live-key-0123456789-WXYZ'
    const sim = await liveSim(key)
    const { core, events, userDataDir } = await startCore()
    expect((await core.invoke('updateSettings', { baseUrl: sim.url })).ok).toBe(true)
    expect(core.status().mode).toBe('demo') // no key for that service yet
    const set = await core.invoke('setKey', { key })
    expect(set).toEqual({ ok: true, value: expect.objectContaining({ stored: true, last4: 'WXYZ' }) })
    expect(core.status()).toMatchObject({ mode: 'live', baseUrl: sim.url })
    expect(core.demoServer).toBeNull()
    await until(
      () => core.status().endpoints.prices.lastSuccessAt !== null && core.currentSnapshot().assets[0]?.price,
      'live prices',
    )
    expect(core.currentSnapshot().source).toEqual({ baseUrl: sim.url, demo: false })

    // The key appears nowhere but in main's memory: not in a file, an event, or a status.
    await core.stop()
    const haystacks = [
      ...filesUnder(userDataDir).map((file) => readFileSync(file, 'utf8')),
      ...events.map((e) => JSON.stringify(e.payload)),
      JSON.stringify(core.status()),
    ]
    expect(haystacks.length).toBeGreaterThan(3)
    expect(haystacks.filter((text) => text.includes(key) || text.includes(key.slice(0, 12)))).toEqual([])
  })

  it('says the key was rejected in plain words when the service refuses it', async () => {
    const sim = await liveSim('the-right-key-123456')
    const { core } = await startCore()
    await core.invoke('updateSettings', { baseUrl: sim.url })
    await core.invoke('setKey', { key: 'a-wrong-key-000000' })
    const status = await until(() => core.status().lastError && core.status(), 'an error status')
    expect(status.lastError?.kind).toBe('key-rejected')
    expect(status.lastError?.message).toMatch(/key/i)
    const cleared = await core.invoke('clearKey', undefined)
    expect(cleared.ok && (cleared.value as KeyStatus).stored).toBe(false)
    // A key was stored once, so demo is off: the service it chose, saying the key is missing.
    expect(core.status().mode).toBe('live')
    await until(() => core.status().lastError?.kind === 'key-missing', 'the missing key said')
    expect(core.demoServer).toBeNull()
  })

  it(
    'shows simulated prices only when demo is chosen: never in place ' + 'of a service that has no key',
    async () => {
      const key = 'live-key-0123456789-DEMO'
      const sim = await liveSim(key)
      const other = await liveSim('another-service-key-000')
      const { core } = await startCore()
      // A first start with no key at all: demo, by the 'auto' default.
      expect(core.settings.get().demo).toBe('auto')
      expect(core.status().mode).toBe('demo')

      await core.invoke('updateSettings', { baseUrl: sim.url })
      await core.invoke('setKey', { key })
      expect(core.settings.get().demo).toBe('off') // a key stored: the user chose a live service
      expect(core.status().mode).toBe('live')

      // Another service, no key for it: no simulated prices, the missing key said.
      await core.invoke('updateSettings', { baseUrl: other.url })
      expect(core.status()).toMatchObject({ mode: 'live', baseUrl: other.url })
      expect(core.demoServer).toBeNull()
      await until(() => core.status().lastError?.kind === 'key-missing', 'the missing key said')
      expect(core.currentSnapshot().source).toEqual({ baseUrl: other.url, demo: false })
      expect(other.stats().total).toBe(0) // nothing was asked of it without a key

      // Demo chosen in the settings: the simulator again while that service has no key.
      expect((await core.invoke('updateSettings', { demo: 'on' })).ok).toBe(true)
      expect(core.status().mode).toBe('demo')
      await core.invoke('updateSettings', { baseUrl: sim.url })
      expect(core.status().mode).toBe('live') // its key is stored
      expect((await core.invoke('updateSettings', { demo: 'sometimes' } as never)).ok).toBe(false)
    },
  )

  it("reads 'auto' with a key already stored for the service as a choice made: demo goes off", async () => {
    const key = 'live-key-0123456789-PRIOR'
    const sim = await liveSim(key)
    const { core } = await startCore()
    await core.invoke('updateSettings', { baseUrl: sim.url })
    await core.invoke('setKey', { key })
    // As a settings file from before the choice reads ('auto'), with its key in the keychain.
    await core.invoke('updateSettings', { demo: 'auto' })
    expect(core.settings.get().demo).toBe('off')
    expect(core.status().mode).toBe('live')
  })

  it('marks prices stale when the service stops answering', async () => {
    const dir = tempDir()
    const core = new AppCore({
      pollFeed: pollOnThisThread,
      userDataDir: dir,
      keychain: new MemorySecretStore(),
      demo: simDemoMarket({ assets: 30, seed: 1 }),
      requestTimeoutMs: 500,
    })
    cleanups.push(() => core.stop())
    await core.start()
    await core.invoke('updateSettings', { cadences: { pricesMs: 1_000 } })
    await until(() => core.currentSnapshot().assets.every((a) => a.price !== null), 'first prices')
    await core.demoServer!.close()
    await until(() => core.currentSnapshot().assets.every((a) => a.stale), 'stale flags', 20_000)
    // Behaviour, not speed: the flags come (a wall-clock limit here failed on a busy machine).
    // The threshold itself, two cadences exactly, is pinned by the renderer's staleness test,
    // which shares STALE_AFTER_CADENCES with main.
    expect(core.currentSnapshot().assets[0]?.price).not.toBeNull() // the last good value stays on screen
    expect((core.status() as AppStatus).connection).not.toBe('online')
  })

  it('opens with the last known numbers, marked stale, before the first poll answers', async () => {
    const dir = tempDir()
    const first = await startCore(dir)
    await until(() => first.core.currentSnapshot().assets.every((a) => a.price !== null), 'first prices')
    const lastPrice = first.core.currentSnapshot().assets[0]?.price
    await first.core.stop()
    const second = new AppCore({
      pollFeed: pollOnThisThread,
      userDataDir: dir,
      keychain: new MemorySecretStore(),
      demo: simDemoMarket({ assets: 60, seed: 7 }),
    })
    const snapshots: unknown[] = []
    second.on('snapshot', (s) => snapshots.push(s))
    cleanups.push(() => second.stop())
    await second.start()
    const opened = snapshots[0] as { assets: Array<{ price: string; stale: boolean }> }
    expect(opened.assets[0]).toMatchObject({ price: lastPrice, stale: true })
  })

  it('fires a price alert in main when the price crosses its level, and logs it unread', async () => {
    // A live simulator on a clock the test moves through a regular session, one minute a poll.
    let simNow = Date.parse('2026-11-18T15:00:00Z') // a Wednesday, 10:00 ET
    const key = 'alert-test-key-000111'
    const sim = await startSimServer({ apiKey: key, port: 0, assets: 20, seed: 11, clock: () => simNow })
    cleanups.push(() => sim.close())
    const { core } = await startCore()
    await core.invoke('updateSettings', { baseUrl: sim.url })
    await core.invoke('setKey', { key })
    const first = await until(
      () => core.currentSnapshot().assets.find((a) => a.symbol === 'AAPLon')?.price,
      'AAPLon price',
    )
    const price = Number(first) // only to place two levels just either side; the engine compares decimals
    const fired: Array<{ entry: { symbol: string; message: string }; unreadAlerts: number }> = []
    core.on('alert', (event) => fired.push(event))
    for (const [kind, level] of [
      ['price-above', (price * 1.001).toFixed(4)],
      ['price-below', (price * 0.999).toFixed(4)],
    ] as const) {
      const created = await core.invoke('createAlert', {
        input: { symbol: 'AAPLon', condition: { kind, level }, cooldownMs: 0 },
      })
      expect(created.ok, JSON.stringify(created)).toBe(true)
    }
    const invalid = await core.invoke('createAlert', {
      input: { symbol: 'AAPLon', condition: { kind: 'price-above', level: 'abc' } },
    })
    expect(invalid.ok).toBe(false)
    for (let i = 0; i < 120 && fired.length === 0; i++) {
      simNow += 60_000
      const polled = nextPricesPoll(core)
      await core.invoke('refreshNow', undefined)
      await polled
    }
    expect(fired.length).toBeGreaterThan(0)
    expect(fired[0]?.entry.symbol).toBe('AAPLon')
    expect(fired[0]?.entry.message).toMatch(/AAPLon crossed (above|below)/)
    expect(core.status().unreadAlerts).toBeGreaterThan(0)
    const log = await core.invoke('getAlertLog', undefined)
    expect(log.ok && (log.value as unknown[]).length).toBeGreaterThan(0)
    await core.invoke('markAlertsRead', undefined)
    expect(core.status().unreadAlerts).toBe(0)
  })

  it('imports a watchlist, adding what the service lists and listing back the rest', async () => {
    const { core } = await startCore()
    await until(() => core.currentSnapshot().assets.every((a) => a.price !== null), 'first prices')
    const result = await core.invoke('importWatchlist', {
      text: 'symbol\nMETAon\naapl\nZZZZon\n../x\nMETAon\n',
    })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const value = result.value as {
      added: string[]
      alreadyPresent: string[]
      unknown: string[]
      invalid: Array<{ line: number }>
      duplicates: unknown[]
      watchlist: string[]
    }
    expect(value.added).toEqual(['METAon'])
    expect(value.alreadyPresent).toEqual(['AAPLon'])
    expect(value.unknown).toEqual(['ZZZZon'])
    expect(value.invalid.map((p) => p.line)).toEqual([5])
    expect(value.duplicates).toHaveLength(1)
    expect(value.watchlist.at(-1)).toBe('METAon')
    const exported = await core.invoke('exportWatchlist', { format: 'csv' })
    expect(exported.ok && (exported.value as { content: string }).content.split('\r\n')[0]).toMatch(
      /^symbol,name,ticker,price/,
    )
  })
})
