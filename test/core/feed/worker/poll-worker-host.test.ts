import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { MessageChannel, type MessagePort } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servePollFeed } from '../../../../src/main/core/feed/worker/poll-worker-host'
import type { FromPollWorker, ToPollWorker } from '../../../../src/main/core/feed/worker/poll-worker-protocol'
import { HIDDEN_PRICES_CADENCE_MS } from '../../../../src/main/core/feed/poll-scheduler'
import { SNAPSHOT_CACHE_FILE_NAME } from '../../../../src/main/core/storage/snapshot-cache'
import { type SimServer, startSimServer } from '../../../../src/main/sim/server/server'
import type { Snapshot } from '../../../../src/shared/domain'
import { ENDPOINT_NAMES, type EndpointName } from '../../../../src/shared/status'
import { unpackHistories } from '../../../../src/shared/packed-histories'
import { applyDelta } from '../../../../src/shared/delta'
import { DEFAULT_SETTINGS } from '../../../../src/shared/settings'
import { cleanupAfterEach } from '../../../support/cleanups'
import { until } from '../../../support/polls'

/**
 * The poll worker's side of the protocol (servePollFeed) on this thread, over a MessageChannel:
 * what the worker answers to each message the main thread sends, without a worker thread in the
 * way (worker-poll-feed.test.ts runs the real worker; code in a worker thread is out of the
 * mutation runner's sight).
 */

const KEY = 'host-test-key'
const CLOCK_MS = Date.UTC(2025, 8, 15, 14, 0, 0) // a Monday, regular session
let sim: SimServer
let symbols: string[]

const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-host-')

beforeAll(async () => {
  sim = await startSimServer({ apiKey: KEY, port: 0, assets: 30, seed: 5, clock: () => CLOCK_MS })
  symbols = sim.market.symbols().slice(0, 4)
})
afterAll(() => sim.close())

/** The host on one end of a channel; the test is the main thread on the other. */
function serve({
  apiKey = KEY,
  cadences = DEFAULT_SETTINGS.cadences,
  random = Math.random,
  baseUrl = sim.url,
} = {}) {
  const { port1, port2 } = new MessageChannel()
  const received: FromPollWorker[] = []
  port1.on('message', (message: FromPollWorker) => received.push(message))
  const feed = servePollFeed(port2 as MessagePort & Parameters<typeof servePollFeed>[0], { random })
  cleanups.push(async () => {
    await feed.stop()
    port1.close()
  })
  const send = (message: ToPollWorker) => port1.postMessage(message)
  /** The first message of `type` from index `from` on, once it has come. */
  const next = async <T extends FromPollWorker['type']>(type: T, from = 0) => {
    await until(() => received.slice(from).some((m) => m.type === type), `a '${type}' message`)
    return received.slice(from).find((m) => m.type === type) as Extract<FromPollWorker, { type: T }>
  }
  // In the order WorkerPollFeed tells a new worker: the cadences come before anything polls.
  send({ type: 'cadences', cadences })
  send({ type: 'connect', connection: { baseUrl, apiKey, demo: false, timeoutMs: 2_000 } })
  send({ type: 'watchlist', symbols })
  /** Once a status says `endpoint` has answered. */
  const polled = (endpoint: EndpointName) =>
    until(
      () => received.some((m) => m.type === 'status' && m.endpoints[endpoint].lastSuccessAt !== null),
      `a ${endpoint} poll`,
    )
  /** Starts the feed and, once prices and histories are in, asks for the full snapshot by `id`. */
  const polledSnapshot = async (id: number) => {
    send({ type: 'start' })
    await next('started')
    await polled('prices')
    await polled('market')
    send({ type: 'fullSnapshot', id })
    return next('answer')
  }
  return { received, send, next, polled, polledSnapshot }
}

describe('the poll worker host', () => {
  it('says it is ready first, then answers start with the rows, statuses and plan', async () => {
    const host = serve()
    host.send({ type: 'start' })
    const started = await host.next('started')
    expect(host.received[0]).toEqual({ type: 'ready' })
    expect(started.snapshot.assets.map((asset) => asset.symbol)).toEqual(symbols)
    expect(Object.keys(started.endpoints).sort()).toEqual([...ENDPOINT_NAMES].sort())
    expect(started.plan).toMatchObject({
      symbols,
      mode: 'per-symbol',
      // A loopback service without a streaming address: polled, and the plan says why.
      stream: { state: 'polling', reason: 'no streaming address is known for 127.0.0.1' },
    })
  })

  it(
    'posts the polls’ deltas and then their statuses, without histories ' + 'in what it started with',
    async () => {
      const host = serve()
      host.send({ type: 'start' })
      const started = await host.next('started')
      expect(started.snapshot.assets.every((asset) => asset.history24h.length === 0)).toBe(true)
      const pricedDelta = () =>
        host.received.findIndex(
          (m) => m.type === 'delta' && m.delta.changed.some((c) => c.fields.price !== undefined),
        )
      await until(() => pricedDelta() >= 0, 'a delta with prices')
      // The poll's status follows its delta's pieces.
      const status = await host.next('status', pricedDelta())
      expect(status.endpoints.prices.lastSuccessAt).not.toBeNull()
      expect(status.plan).toMatchObject({
        symbols,
        mode: 'per-symbol',
        // A loopback service without a streaming address: polled, and the plan says why.
        stream: { state: 'polling', reason: 'no streaming address is known for 127.0.0.1' },
      })
      expect(status.endpoints.prices.cadenceMs).toBe(DEFAULT_SETTINGS.cadences.pricesMs)
    },
  )

  it('posts the histories of a market poll packed as text, which unpack into every polled row', async () => {
    const host = serve()
    host.send({ type: 'start' })
    await host.polled('market')
    const deltas = host.received.flatMap((m) => (m.type === 'delta' ? [m.delta] : []))
    // The main thread receives no history as points: every piece's changes and additions are bare.
    for (const delta of deltas) {
      expect(delta.changed.every((change) => change.fields.history24h === undefined)).toBe(true)
      expect(delta.added.every((asset) => asset.history24h.length === 0)).toBe(true)
    }
    const unpacked = deltas.map(unpackHistories)
    const withHistory = unpacked.flatMap((delta) =>
      delta.changed.flatMap((change) => (change.fields.history24h?.length ? [change.symbol] : [])),
    )
    expect(withHistory.sort()).toEqual([...symbols].sort())
  })

  it("posts a minute later's histories as tails, which applied in order give the worker's own", async () => {
    let now = CLOCK_MS
    const moving = await startSimServer({ apiKey: KEY, port: 0, assets: 30, seed: 5, clock: () => now })
    cleanups.push(() => moving.close())
    const host = serve({ baseUrl: moving.url })
    host.send({ type: 'start' })
    await host.polled('market')
    const unpacked = () =>
      host.received.flatMap((m) => (m.type === 'delta' ? [unpackHistories(m.delta)] : []))
    // A minute on: each history's last point is the price at the new instant.
    now += 60_000
    host.send({ type: 'refresh' })
    await until(
      () => unpacked().some((delta) => delta.changed.some((change) => change.historyTail)),
      'a delta with history tails',
    )
    const tails = unpacked().flatMap((delta) => delta.changed.filter((change) => change.historyTail))
    expect(tails.map((change) => change.symbol).sort()).toEqual([...symbols].sort())
    expect(tails.every((change) => change.historyTail!.points.length <= 2)).toBe(true)
    const empty: Snapshot = { asOf: 0, source: { baseUrl: moving.url, demo: false }, assets: [], errors: [] }
    const replayed = unpacked().reduce(applyDelta, empty)
    const sent = host.received.length
    host.send({ type: 'fullSnapshot', id: 9 })
    const full = (await host.next('answer', sent)).value as Snapshot
    const historiesOf = (snapshot: Snapshot) =>
      snapshot.assets.map((asset) => [asset.symbol, asset.history24h])
    expect(historiesOf(replayed)).toEqual(historiesOf(full))
    expect(replayed.assets.every((asset) => asset.history24h.length > 1)).toBe(true)
  })

  it('answers a full snapshot by its id, with the histories', async () => {
    const answer = await serve().polledSnapshot(7)
    expect(answer.id).toBe(7)
    const snapshot = answer.value as Snapshot
    expect(snapshot.assets).toHaveLength(symbols.length)
    expect(snapshot.assets.every((asset) => asset.history24h.length > 0)).toBe(true)
  })

  it(
    'tells a refresh from a reset: a refresh keeps the backoff of ' +
      'the failures so far, a reset forgets it',
    async () => {
      // A refused key fails every prices poll; with the longest jitter each retry waits
      // 999 ms x 2^(failures - 1), at most one 5 s cadence.
      const host = serve({ apiKey: 'not-the-key', random: () => 0.999 })
      let lastFailureAt = 0
      /** The retry delay of the next prices failure (one after the last seen; a status may repeat it). */
      const nextRetryDelay = async () => {
        const newer = (m: FromPollWorker) =>
          m.type === 'status' && (m.endpoints.prices.lastError?.at ?? 0) > lastFailureAt
        await until(() => host.received.some(newer), 'a failed prices poll')
        const status = host.received.find(newer) as Extract<FromPollWorker, { type: 'status' }>
        const { at, retryAt } = status.endpoints.prices.lastError!
        lastFailureAt = at
        return retryAt! - at
      }
      // To the 100 ms: the error's time and the retry's are read a millisecond or so apart.
      const roughly = async () => Math.round((await nextRetryDelay()) / 100) * 100
      host.send({ type: 'start' })
      expect([await roughly(), await roughly(), await roughly()]).toEqual([1_000, 2_000, 4_000])
      host.send({ type: 'refresh' })
      expect(await roughly()).toBe(5_000)
      host.send({ type: 'reset' })
      expect(await roughly()).toBe(1_000)
    },
  )

  it('answers the listing by its id, and a refused key as a failure of its kind', async () => {
    const host = serve()
    host.send({ type: 'listAssets', id: 1 })
    const listing = await host.next('answer')
    expect(listing.id).toBe(1)
    expect((listing.value as Array<{ symbol: string }>).map((asset) => asset.symbol)).toEqual(
      sim.market.symbols(),
    )

    const refused = serve({ apiKey: 'not-the-key' })
    refused.send({ type: 'listAssets', id: 2 })
    const failed = await refused.next('failed')
    expect(failed).toMatchObject({ type: 'failed', id: 2, kind: 'key-rejected' })
    expect(failed.message).not.toBe('')
  })

  it('saves the snapshot where it is told and answers null, and says when it has stopped', async () => {
    const host = serve()
    host.send({ type: 'start' })
    await host.next('started')
    const dir = tempDir()
    host.send({ type: 'saveSnapshot', id: 3, userDataDir: dir })
    expect(await host.next('answer')).toEqual({ type: 'answer', id: 3, value: null })
    expect(existsSync(join(dir, SNAPSHOT_CACHE_FILE_NAME))).toBe(true)
    host.send({ type: 'stop' })
    await host.next('stopped')
  })

  it('hands the detail’s, held and chart symbols to their streams; answers recorded history', async () => {
    const host = serve()
    host.send({ type: 'start' })
    await host.next('started')
    const [open, held] = symbols as [string, string]
    let from = host.received.length
    host.send({ type: 'depthSymbol', symbol: open })
    expect((await host.next('depth', from)).view.symbol).toBe(open)
    from = host.received.length
    host.send({ type: 'chartSymbol', symbol: open })
    expect((await host.next('dayCandles', from)).view.symbol).toBe(open)
    from = host.received.length
    host.send({ type: 'heldDepthSymbols', symbols: [held] })
    // No streaming address for the loopback service: the held ladders say why there are none.
    expect((await host.next('heldDepth', from)).update).toMatchObject({
      state: 'off',
      ladders: [],
      reason: 'no streaming address is known for 127.0.0.1',
    })
    // Nothing recorded in this worker: an empty history, answered by its id.
    host.send({ type: 'recordedHistory', id: 9, symbol: open, from: CLOCK_MS - 86_400_000, daily: false })
    expect(await host.next('answer')).toEqual({ type: 'answer', id: 9, value: { rows: [], since: null } })
  })

  it('polls again at once when asked to refresh, and follows a new watchlist', async () => {
    // Five minutes between price polls: any second one in this test is the refresh's.
    const host = serve({ cadences: { ...DEFAULT_SETTINGS.cadences, pricesMs: 300_000 } })
    host.send({ type: 'start' })
    await host.next('started')
    // Distinct successful prices polls, by their time.
    const pricesPolls = () =>
      new Set(
        host.received.flatMap((m) =>
          m.type === 'status' && m.endpoints.prices.lastSuccessAt !== null
            ? [m.endpoints.prices.lastSuccessAt]
            : [],
        ),
      ).size
    await until(() => pricesPolls() > 0, 'the first prices poll')
    const before = pricesPolls()
    host.send({ type: 'refresh' })
    await until(() => pricesPolls() > before, 'the refresh’s prices poll')
    host.send({ type: 'watchlist', symbols: symbols.slice(0, 2) })
    await until(
      () => host.received.some((m) => m.type === 'status' && m.plan.symbols.length === 2),
      'a status with the new watchlist',
    )
    const last = host.received.filter((m) => m.type === 'status').at(-1)
    expect(last?.plan.symbols).toEqual(symbols.slice(0, 2))
  })

  it('stops polling while paused and says so, and starts again when no pause is left', async () => {
    const host = serve()
    host.send({ type: 'start' })
    await host.next('started')
    await until(() => host.received.some((m) => m.type === 'status'), 'a first status')
    // Paused: every endpoint idle with nothing scheduled, which a running feed never is after a poll.
    const idle = (m: FromPollWorker) =>
      m.type === 'status' &&
      ENDPOINT_NAMES.every((name) => m.endpoints[name].nextPollAt === null && !m.endpoints[name].inFlight)
    host.send({ type: 'paused', reason: 'user', paused: true })
    await until(() => host.received.some(idle), 'a status with nothing scheduled')
    const resumedFrom = host.received.length
    host.send({ type: 'paused', reason: 'user', paused: false })
    const resumed = await host.next('status', resumedFrom)
    expect(idle(resumed)).toBe(false)
  })

  it('slows the price polls of a hidden window', async () => {
    const host = serve()
    host.send({ type: 'hidden', hidden: true })
    host.send({ type: 'start' })
    const started = await host.next('started')
    expect(started.endpoints.prices.cadenceMs).toBe(HIDDEN_PRICES_CADENCE_MS)
    expect(started.endpoints.market.cadenceMs).toBe(DEFAULT_SETTINGS.cadences.marketMs)
  })

  it('starts from a seeded snapshot of the same service, shown stale', async () => {
    // Prices and histories both in the snapshot the next worker is seeded with.
    const saved = (await serve().polledSnapshot(1)).value as Snapshot

    const unseeded = serve()
    unseeded.send({ type: 'start' })
    expect((await unseeded.next('started')).snapshot.assets.every((asset) => asset.price === null)).toBe(true)

    const seeded = serve()
    seeded.send({ type: 'seed', snapshot: saved })
    seeded.send({ type: 'start' })
    const assets = (await seeded.next('started')).snapshot.assets
    expect(assets.map((asset) => asset.price)).toEqual(saved.assets.map((asset) => asset.price))
    expect(assets.every((asset) => asset.price !== null && asset.stale)).toBe(true)
    // The seed's histories stay in the worker, as a polled snapshot's do.
    expect(saved.assets.every((asset) => asset.history24h.length > 0)).toBe(true)
    expect(assets.every((asset) => asset.history24h.length === 0)).toBe(true)
  })
})
