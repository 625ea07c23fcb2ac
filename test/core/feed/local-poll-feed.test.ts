import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Clock } from '../../../src/main/core/clock'
import { LISTING_TTL_MS, LocalPollFeed } from '../../../src/main/core/feed/local-poll-feed'
import { CandleStream } from '../../../src/main/core/feed/stream/candle-stream'
import { DepthStream } from '../../../src/main/core/feed/stream/depth-stream'
import { HeldDepthStream } from '../../../src/main/core/feed/stream/held-depth-stream'
import { PriceStream } from '../../../src/main/core/feed/stream/price-stream'
import { DEFAULT_SETTINGS } from '../../../src/shared/settings'
import {
  type FakeService,
  FAKE_LISTING,
  STAMP_MS,
  TEST_KEY,
  startFakeService,
} from '../api/api-client.fixtures'
import { until } from '../../support/polls'

/** The pipeline on the main thread (LocalPollFeed): the asset listing it keeps for search and import. */

let service: FakeService
beforeAll(async () => {
  service = await startFakeService()
})
afterAll(() => service.close())

describe('LocalPollFeed', () => {
  it('before it is told anything: no rows and no service, the cadences wanted, no listing', async () => {
    const feed = new LocalPollFeed({ onDelta: () => {}, onStatusChange: () => {} })
    // What WorkerPollFeed's mirror holds before its worker says anything.
    expect(feed.snapshot()).toEqual({ asOf: 0, source: { baseUrl: '', demo: true }, assets: [], errors: [] })
    expect(() => feed.status().endpoints.prices).toThrow('setCadences must come before start')
    await expect(feed.listAssets()).rejects.toMatchObject({ kind: 'network', message: 'Not connected yet.' })
    await expect(feed.assetPauses()).rejects.toMatchObject({ kind: 'network', message: 'Not connected yet.' })
  })

  it(
    'reuses the listing for ten minutes on its clock, then asks again; ' + 'a new service forgets it',
    async () => {
      let now = STAMP_MS
      const feed = new LocalPollFeed(
        { onDelta: () => {}, onStatusChange: () => {} },
        { clock: { now: () => now, setTimeout, clearTimeout } },
      )
      feed.setCadences(DEFAULT_SETTINGS.cadences)
      const connection = { baseUrl: service.url, apiKey: TEST_KEY, demo: false }
      feed.connect(connection)
      const listingRequests = () =>
        service.requests.filter((request) => request.url.includes('/market')).length
      try {
        expect((await feed.listAssets()).map((asset) => asset.symbol)).toEqual(FAKE_LISTING)
        now += LISTING_TTL_MS - 1
        await feed.listAssets()
        expect(listingRequests()).toBe(1)
        now += 1 // ten minutes exactly
        await feed.listAssets()
        expect(listingRequests()).toBe(2)
        feed.connect(connection)
        await feed.listAssets()
        expect(listingRequests()).toBe(3)
      } finally {
        await feed.stop()
      }
    },
  )

  /** A started feed on the fake service and real time, with its requests counted per endpoint. */
  async function startedFeed(symbols = ['AAPLon', 'TSLAon'], clock?: Clock) {
    const feed = new LocalPollFeed({ onDelta: () => {}, onStatusChange: () => {} }, { clock })
    feed.setCadences(DEFAULT_SETTINGS.cadences)
    feed.connect({ baseUrl: service.url, apiKey: TEST_KEY, demo: false })
    feed.setInterest({ watchlist: symbols })
    service.reset()
    const requests = (part: string) => service.requests.filter((request) => request.url.includes(part)).length
    await feed.start()
    await until(() => feed.status().endpoints.prices.lastSuccessAt !== null, 'the first prices poll')
    return { feed, requests }
  }

  /** An absence: the default cadences poll prices every 5 s, so nothing is due in this while. */
  const quietWhile = () => new Promise((resolve) => setTimeout(resolve, 300))

  it('polls again at once when the cadences change, and not when they are told again unchanged', async () => {
    const { feed, requests } = await startedFeed()
    try {
      const before = requests('/price')
      feed.setCadences({ ...DEFAULT_SETTINGS.cadences })
      await quietWhile()
      expect(requests('/price')).toBe(before)
      feed.setCadences({ ...DEFAULT_SETTINGS.cadences, pricesMs: DEFAULT_SETTINGS.cadences.pricesMs * 2 })
      // At once: well before the poll the old cadence had planned.
      const soon = DEFAULT_SETTINGS.cadences.pricesMs / 2
      await until(() => requests('/price') > before, 'a prices poll at the new cadence', soon)
    } finally {
      await feed.stop()
    }
  })

  it('polls at once on reset, and never after stop', async () => {
    const { feed, requests } = await startedFeed()
    const before = requests('/price')
    feed.refreshNow({ afresh: true })
    expect(feed.status().endpoints.prices.nextPollAt).toBeLessThanOrEqual(Date.now()) // due now
    await until(() => requests('/price') > before, 'a prices poll after the reset')
    await feed.stop()
    expect(feed.status().endpoints.prices.nextPollAt).toBeNull()
    const stopped = requests('/price')
    feed.refreshNow()
    await quietWhile()
    expect(requests('/price')).toBe(stopped)
  })

  it(
    'takes the listing afresh from the first all-assets market poll after ten minutes, ' +
      'without a request of its own, and reads the polls before it for their records alone',
    async () => {
      let now = STAMP_MS
      const clock = { now: () => now, setTimeout, clearTimeout }
      const { feed, requests } = await startedFeed(FAKE_LISTING.slice(0, 3), clock)
      const listed = async () => (await feed.listAssets()).map((asset) => asset.symbol)
      const marketPoll = async () => {
        const before = requests('/market')
        feed.refreshNow()
        await until(
          () => requests('/market') > before && !feed.status().endpoints.market.inFlight,
          'the all-assets market poll',
        )
      }
      try {
        expect(await listed()).toEqual(FAKE_LISTING) // four assets listed: all assets from now on
        service.listed = [...FAKE_LISTING, 'AMDon']
        const marketRequests = requests('/market')
        await marketPoll()
        expect(await listed()).toEqual(FAKE_LISTING)
        expect(feed.snapshot().assets.map((asset) => asset.symbol)).toEqual(FAKE_LISTING.slice(0, 3))
        now += LISTING_TTL_MS
        await marketPoll()
        expect(await listed()).toEqual([...FAKE_LISTING, 'AMDon'])
        expect(requests('/market')).toBe(marketRequests + 2)
      } finally {
        await feed.stop()
        service.reset()
      }
    },
  )

  it('asks for all assets once the listing shows the watchlist is more than half of it', async () => {
    const { feed } = await startedFeed(FAKE_LISTING.slice(0, 3))
    try {
      expect(feed.status().plan.mode).toBe('per-symbol') // the listing's size is not known yet
      await feed.listAssets() // four assets listed
      expect(feed.status().plan.mode).toBe('all')
    } finally {
      await feed.stop()
    }
  })
})

describe('LocalPollFeed and its streams', () => {
  // A second connect opens a gRPC channel and a call only to close them and open them again.
  it('points each stream at the connection once', async () => {
    const connects = {
      depth: vi.spyOn(DepthStream.prototype, 'connect'),
      heldDepth: vi.spyOn(HeldDepthStream.prototype, 'connect'),
      candles: vi.spyOn(CandleStream.prototype, 'connect'),
      prices: vi.spyOn(PriceStream.prototype, 'connect'),
    }
    const feed = new LocalPollFeed({ onDelta: () => {}, onStatusChange: () => {} })
    try {
      feed.setCadences(DEFAULT_SETTINGS.cadences)
      feed.setInterest({ watchlist: ['AAPLon'], depthSymbol: 'AAPLon' })
      feed.connect({ baseUrl: service.url, apiKey: TEST_KEY, demo: false, streamAddress: '127.0.0.1:1' })
      await feed.start()
      expect(
        Object.fromEntries(Object.entries(connects).map(([name, spy]) => [name, spy.mock.calls.length])),
      ).toEqual({ depth: 1, heldDepth: 1, candles: 1, prices: 1 })
    } finally {
      await feed.stop()
      for (const spy of Object.values(connects)) spy.mockRestore()
    }
  })
})
