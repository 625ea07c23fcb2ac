import { afterEach, describe, expect, it } from 'vitest'
import { MarketFeed } from '../../src/main/core/feed/market-feed'
import { STAMP_MS, TEST_KEY, priceRecord, sendJson, useLoopbackClient } from '../core/api/api-client.fixtures'
import { CallWatch, ObservedClient } from './observed-client'
import { WarpClock } from './warp-clock'

/**
 * Rows turn stale on time even when no poll comes to publish it (polling paused): the feed's
 * stale timer fires for the first row due, and sets itself again for the next.
 */

const loopback = useLoopbackClient()
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

describe('the stale timer', () => {
  it(
    'marks each row stale two cadences after its own last price, ' + 'one after the other, with no poll',
    async () => {
      const clock = new WarpClock(STAMP_MS)
      const observed = new ObservedClient(
        { baseUrl: loopback.server.url, apiKey: TEST_KEY, timeoutMs: 2_000 },
        new CallWatch(clock),
      )
      const turnedStale: Array<[string, number]> = []
      const feed = new MarketFeed({ baseUrl: loopback.server.url, demo: false }, ['A0on', 'A1on'], {
        cadenceMs: (endpoint) => (endpoint === 'prices' ? 5_000 : 3_600_000),
        onDelta: (delta) => {
          for (const change of delta.changed)
            if (change.fields.stale === true) turnedStale.push([change.symbol, clock.now() - STAMP_MS])
        },
        onStatusChange: () => {},
        clock,
        random: () => 0.5,
      })
      feed.setClient(observed, { baseUrl: loopback.server.url, demo: false })
      cleanups.push(async () => {
        feed.stop()
        clock.stop()
        await observed.close()
      })
      // Prices for both at 0 s, for A0on alone at 5 s; market data and limits never answer.
      let pricePolls = 0
      loopback.server.handle = (req, res) => {
        const symbol = (req.url ?? '').split('/')[3] ?? ''
        if (!req.url?.includes('/prices/')) return sendJson(res, 503, { code: 'DOWN' })
        if (symbol === 'A1on') pricePolls += 1
        if (symbol === 'A1on' && pricePolls > 1)
          return sendJson(res, 404, { code: 'ASSET_NOT_FOUND', message: 'Asset not found' })
        sendJson(res, 200, priceRecord(symbol, '10.00', clock.now()))
      }
      feed.start()
      await clock.sleep(5_500)
      feed.scheduler.setPaused('user', true) // no poll from here on: only the timer can say the rows aged
      await clock.sleep(30_000)
      expect(turnedStale).toEqual([
        ['A1on', 10_001],
        ['A0on', 15_001],
      ])
    },
  )
})
