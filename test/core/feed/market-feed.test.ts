import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { MarketFeed, type MarketFeedOptions } from '../../../src/main/core/feed/market-feed'
import type { Delta, ListedAsset } from '../../../src/shared/domain'
import { ENDPOINT_NAMES, type EndpointName } from '../../../src/shared/status'
import { CallWatch, ObservedClient } from '../../chaos/observed-client'
import { WarpClock } from '../../chaos/warp-clock'
import { until } from '../../support/polls'
import {
  type LoopbackServer,
  STAMP_MS,
  TEST_KEY,
  limitsEnvelope,
  marketRecord,
  priceRecord,
  sendJson,
  startLoopbackServer,
} from '../api/api-client.fixtures'

/**
 * MarketFeed between its scheduler and its store, on the warp clock (virtual time, real HTTP to
 * loopback servers): stop and reset, the endpoint mode, an answer from a service it has left,
 * errors per endpoint, an unreadable answer, and the time its data is stamped with.
 */

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

type Answer = (endpoint: EndpointName, symbol: string, res: ServerResponse) => void

/** A loopback service that gives each request `answer(endpoint, symbol)` and counts them. */
async function service(answer: Answer) {
  const server: LoopbackServer = await startLoopbackServer()
  const served = { prices: 0, market: 0, limits: 0 }
  const handler = { answer }
  server.handle = (req, res) => {
    const url = new URL(req.url ?? '/', server.url)
    const endpoint: EndpointName = url.pathname.includes('/prices/')
      ? 'prices'
      : url.pathname.includes('/limits')
        ? 'limits'
        : 'market'
    const symbol =
      endpoint === 'limits' ? (url.searchParams.get('symbol') ?? '') : (url.pathname.split('/')[3] ?? '')
    served[endpoint] += 1
    handler.answer(endpoint, symbol, res)
  }
  cleanups.push(() => server.close())
  return { server, served, handler }
}

/** Every endpoint answers well: prices at `price`, market and limits stamped `stampMs`. */
const answersWell =
  (price = '10.00', stampMs = STAMP_MS): Answer =>
  (endpoint, symbol, res) => {
    if (endpoint === 'prices') return sendJson(res, 200, priceRecord(symbol, price, stampMs))
    if (endpoint === 'market') return sendJson(res, 200, marketRecord(symbol, stampMs))
    sendJson(res, 200, limitsEnvelope([symbol], stampMs))
  }

const down: Answer = (_endpoint, _symbol, res) => sendJson(res, 503, { code: 'DOWN' })

function feedOn(symbols: string[], options: Partial<MarketFeedOptions> = {}, timeoutMs = 2_000) {
  const clock = new WarpClock(STAMP_MS)
  const clients: ObservedClient[] = []
  const clientFor = (url: string) => {
    const client = new ObservedClient({ baseUrl: url, apiKey: TEST_KEY, timeoutMs }, new CallWatch(clock))
    clients.push(client)
    return client
  }
  const deltas: Delta[] = []
  const feed = new MarketFeed({ baseUrl: '', demo: false }, symbols, {
    cadenceMs: (endpoint) => (endpoint === 'prices' ? 5_000 : 60_000),
    onDelta: (delta) => deltas.push(delta),
    onStatusChange: () => {},
    clock,
    random: () => 0.5,
    ...options,
  })
  cleanups.push(async () => {
    feed.stop()
    clock.stop()
    for (const client of clients) await client.close()
  })
  const connect = (url: string) => feed.setClient(clientFor(url), { baseUrl: url, demo: false })
  return { feed, clock, deltas, connect }
}

const pricesIn = (deltas: Delta[]) =>
  deltas.flatMap((delta) => [
    ...delta.changed.flatMap((change) => (change.fields.price ? [change.fields.price] : [])),
    ...delta.added.flatMap((asset) => (asset.price ? [asset.price] : [])),
  ])

describe('MarketFeed', () => {
  it('stops polling on stop, and its stale timer with it, even stopped mid-poll', async () => {
    let held = 0
    const { server, served } = await service((endpoint, symbol, res) => {
      // The first poll of each endpoint answers (two prices requests); the second prices poll hangs.
      if (endpoint === 'prices' && served.prices > 2) return void (held += 1)
      answersWell()(endpoint, symbol, res)
    })
    const { feed, clock, deltas, connect } = feedOn(['A0on', 'A1on'], {}, 30_000)
    connect(server.url)
    feed.start()
    await until(() => held > 0, 'the second prices poll')
    feed.stop() // aborts it
    const seen = { served: { ...served }, deltas: deltas.length }
    await clock.sleep(5 * 60_000) // past every cadence, and past the rows' stale time
    expect({ served, deltas: deltas.length }).toEqual(seen)
    // The aborted poll shows nothing: no rows marked aborted, no success it did not have.
    expect(feed.snapshot().errors).toEqual([])
    expect(feed.endpointStatus('prices').lastSuccessAt).toBe(STAMP_MS)
  })

  it('polls at once on reset, however long the backoff had grown', async () => {
    const attempts: number[] = []
    const reset = { at: 0, waitWas: 0 }
    const app = feedOn(['A0on'], {
      // At the eighth failure in a row (a 429 without Retry-After: the backoff has grown), the
      // key changes: reset, from inside the status change, at a known virtual time.
      onStatusChange: () => {
        if (attempts.length !== 8 || reset.at !== 0 || app.feed.endpointStatus('prices').inFlight) return
        reset.at = app.clock.now()
        reset.waitWas = app.feed.endpointStatus('prices').nextPollAt! - reset.at
        app.feed.reset()
      },
    })
    const { server } = await service((endpoint, _symbol, res) => {
      if (endpoint === 'prices') attempts.push(app.clock.now())
      sendJson(res, 429, { code: 'RATE_LIMITED' })
    })
    app.connect(server.url)
    app.feed.start()
    await until(() => attempts.length > 8, 'the attempt after the reset')
    expect(reset.waitWas).toBeGreaterThan(5_000)
    expect(attempts[8]).toBe(reset.at)
  })

  it('asks for all assets once the watchlist is more than half the listing', () => {
    const symbols = ['A0on', 'A1on', 'A2on']
    expect(feedOn(symbols, { listedCount: () => 4 }).feed.pollPlan().mode).toBe('all')
    expect(feedOn(symbols, { listedCount: () => 100 }).feed.pollPlan().mode).toBe('per-symbol')
    expect(feedOn(symbols).feed.pollPlan().mode).toBe('per-symbol')
  })

  it(
    'while a stream carries prices: only the others polled; market data per symbol up to 6 a ' +
      'minute, all assets past it',
    async () => {
      const asked: Record<EndpointName, string[]> = { prices: [], market: [], limits: [] }
      const { server } = await service((endpoint, symbol, res) => {
        asked[endpoint].push(symbol)
        answersWell()(endpoint, symbol, res)
      })
      const listed = () => 100
      // Six symbols at the market cadence of a minute: 6 requests a minute, within the budget.
      const six = ['A0on', 'A1on', 'A2on', 'A3on', 'A4on', 'A5on']
      const within = feedOn(six, { listedCount: listed })
      within.connect(server.url)
      within.feed.setStreamed(new Set(six.slice(0, 4)))
      within.feed.start()
      // The warp clock runs the cadences on: every request so far, each symbol once.
      const each = (symbols: string[]) => [...new Set(symbols)].sort()
      await until(() => asked.prices.length >= 2 && asked.market.length >= 6, 'the first polls')
      expect(each(asked.prices)).toEqual(['A4on', 'A5on'])
      expect(each(asked.market)).toEqual(six)
      within.feed.stop()
      // Seven: per-symbol requests would be 7 a minute; one all-assets request instead.
      for (const endpoint of ENDPOINT_NAMES) asked[endpoint] = []
      const past = feedOn([...six, 'A6on'], { listedCount: listed })
      past.connect(server.url)
      past.feed.setStreamed(new Set(six))
      past.feed.start()
      await until(() => asked.prices.length >= 1 && asked.market.length >= 1, 'the first polls')
      expect(each(asked.prices)).toEqual(['A6on'])
      expect(each(asked.market)).toEqual(['all'])
    },
  )

  it('polls nothing without a service or without symbols, and reports nothing wrong', async () => {
    const { server, served } = await service(answersWell())
    const unconnected = feedOn(['A0on'])
    unconnected.feed.start()
    const empty = feedOn([])
    empty.connect(server.url)
    empty.feed.start()
    await unconnected.clock.sleep(30_000)
    await empty.clock.sleep(30_000)
    expect(served).toEqual({ prices: 0, market: 0, limits: 0 })
    for (const { feed } of [unconnected, empty]) {
      for (const endpoint of ENDPOINT_NAMES) expect(feed.endpointStatus(endpoint).lastError).toBeNull()
      expect(feed.snapshot().errors).toEqual([])
    }
  })

  it('emptying the watchlist clears what the endpoints reported of the symbols that left', async () => {
    const { server } = await service((_endpoint, _symbol, res) =>
      sendJson(res, 404, { code: 'ASSET_NOT_FOUND', message: 'Asset not found' }),
    )
    const { feed, clock, connect } = feedOn(['A0on'])
    connect(server.url)
    feed.start()
    await clock.sleep(1_000)
    expect(feed.snapshot().errors).not.toEqual([])
    feed.setWatchlist([])
    expect(feed.snapshot().errors).toEqual([])
    await clock.sleep(120_000)
    expect(feed.snapshot().errors).toEqual([])
  })

  it.each(ENDPOINT_NAMES)(
    'drops a %s answer from a service it left while the answer was on its way',
    async (late) => {
      const next = await service(down)
      const { feed, deltas, connect } = feedOn(['A0on'])
      const left = await service((endpoint, symbol, res) => {
        if (endpoint !== late) return down(endpoint, symbol, res)
        connect(next.server.url) // a new base URL (no reset) while this request is under way
        answersWell('1.00', STAMP_MS - 3_600_000)(endpoint, symbol, res)
      })
      connect(left.server.url)
      feed.start()
      await until(() => feed.endpointStatus(late).lastSuccessAt !== null, 'the late answer')
      expect(pricesIn(deltas)).not.toContain('1.00')
      const [row] = feed.snapshot().assets
      expect([row?.price, row?.marketTimestamp, row?.limitsTimestamp]).toEqual([null, null, null])
    },
  )

  it('a new service clears what every endpoint reported of the old one', async () => {
    const { server } = await service((_endpoint, _symbol, res) =>
      sendJson(res, 404, { code: 'ASSET_NOT_FOUND', message: 'Asset not found' }),
    )
    const next = await service(down)
    const { feed, clock, connect } = feedOn(['A0on'])
    connect(server.url)
    feed.start()
    await clock.sleep(1_000)
    expect(feed.snapshot().errors.map((error) => error.scope)).toContain('A0on')
    connect(next.server.url)
    expect(feed.snapshot().errors).toEqual([])
  })

  it('counts an answer with no readable record as a failure of its endpoint', async () => {
    const { server } = await service((endpoint, symbol, res) =>
      endpoint === 'limits'
        ? sendJson(res, 200, { limits: [{ symbol, regular: 'none' }], timestamp: STAMP_MS })
        : answersWell()(endpoint, symbol, res),
    )
    const { feed, clock, connect } = feedOn(['A0on'])
    connect(server.url)
    feed.start()
    await clock.sleep(1_000)
    expect(feed.endpointStatus('limits').lastError?.kind).toBe('invalid-response')
    expect(feed.endpointStatus('prices').lastError).toBeNull()
  })

  it.each([
    ['no one takes it', {}, 0],
    ['the listing held is fresh', { onListing: () => {}, wantsListing: () => false }, 0],
    ['the listing held is due', { onListing: () => {}, wantsListing: () => true }, 1],
    ['nothing says when it is due', { onListing: () => {} }, 1],
  ])('reads an all-assets answer for its listing only where one is wanted: %s', async (_, options, taken) => {
    const { server } = await service((endpoint, symbol, res) =>
      endpoint === 'market'
        ? sendJson(res, 200, [marketRecord('A0on'), marketRecord('A1on'), marketRecord('A2on')])
        : answersWell()(endpoint, symbol, res),
    )
    const listings: string[][] = []
    const onListing =
      'onListing' in options
        ? (listed: ListedAsset[]) => listings.push(listed.map((asset) => asset.symbol))
        : undefined
    const { feed, clock, connect } = feedOn(['A0on'], { ...options, onListing, listedCount: () => 1 })
    connect(server.url)
    feed.start()
    await clock.sleep(1_000)
    expect(listings).toEqual(Array(taken).fill(['A0on', 'A1on', 'A2on']))
    // The watched record is read either way.
    expect(feed.snapshot().assets.map((asset) => [asset.symbol, asset.holders])).toEqual([['A0on', 1234]])
  })

  it("shows a failure of its own, not the service's, as an unexpected problem with its message", async () => {
    const { server } = await service((endpoint, symbol, res) =>
      endpoint === 'market'
        ? sendJson(res, 200, [marketRecord('A0on')])
        : answersWell()(endpoint, symbol, res),
    )
    const { feed, clock, connect } = feedOn(['A0on'], {
      listedCount: () => 1, // all-assets mode, so the market answer is handed on as the listing
      onListing: () => {
        throw new Error('the listing could not be kept')
      },
    })
    connect(server.url)
    feed.start()
    await clock.sleep(1_000)
    expect(feed.endpointStatus('market').lastError).toMatchObject({
      kind: 'invalid-response',
      message: 'Unexpected problem while reading the data: the listing could not be kept',
    })
  })

  it.each(['prices', 'market'] as const)(
    'stamps %s data with when it arrived, not when its slowest symbol gave up',
    async (fresh) => {
      // A0on answers at once, A1on never (the client's 300 ms deadline, in virtual time too);
      // the other endpoint is down. A0on then turns stale two price cadences after its answer.
      const { server } = await service((endpoint, symbol, res) => {
        if (endpoint !== fresh) return down(endpoint, symbol, res)
        if (symbol === 'A1on') return // held until the deadline
        answersWell('10.00', STAMP_MS)(endpoint, symbol, res)
      })
      const turnedStale: Array<[string, number]> = []
      const { feed, clock, connect } = feedOn(
        ['A0on', 'A1on'],
        {
          onDelta: (delta) => {
            // The first poll's data: no poll after it (the person pauses as it lands).
            if (delta.changed.some((change) => change.symbol === 'A0on' && change.fields.stale === undefined))
              feed.scheduler.setPaused('user', true)
            for (const change of delta.changed)
              if (change.fields.stale === true) turnedStale.push([change.symbol, clock.now() - STAMP_MS])
          },
        },
        300,
      )
      connect(server.url)
      feed.start()
      await until(() => feed.scheduler.pauseReasons().length > 0, 'the first poll')
      await clock.sleep(60_000)
      expect(turnedStale.find(([symbol]) => symbol === 'A0on')).toEqual(['A0on', 10_001])
    },
  )
})
