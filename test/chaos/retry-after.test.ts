import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/main/core/api/api-errors'
import { fetchPrices } from '../../src/main/core/api/endpoint-fetchers'
import { MarketFeed } from '../../src/main/core/feed/market-feed'
import { BACKOFF, PollScheduler } from '../../src/main/core/feed/poll-scheduler'
import { STAMP_MS, TEST_KEY, priceRecord, sendJson, useLoopbackClient } from '../core/api/api-client.fixtures'
import { ObservedClient, CallWatch } from './observed-client'
import { WarpClock } from './warp-clock'

/**
 * The fixes the chaos run led to: a 429 (or any Retry-After) inside a per-symbol poll stops the
 * poll's further requests and still backs the endpoint off, even when other symbols answered;
 * refreshNow and friends never cut a Retry-After short; and the app's feed retries any other
 * failure within one cadence, so it recovers within a cadence of the service.
 */

const SYMBOLS = ['A0on', 'A1on', 'A2on', 'A3on', 'A4on', 'A5on', 'A6on', 'A7on', 'A8on', 'A9on']
const symbolOf = (url: string | undefined) => (url ?? '').split('/')[3] ?? ''
const rateLimited = (retryAfter: string | null) =>
  retryAfter === null ? {} : ({ 'retry-after': retryAfter } as Record<string, string>)

const loopback = useLoopbackClient()
/** Feeds and clocks of the test that just ran: stopped even when it failed, so none polls into the next. */
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  vi.restoreAllMocks()
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

/**
 * Resolves once the client's request for `symbol` has failed, before the poll that made it hears
 * of the failure: the order of answers is then the test's, not the machine's.
 */
function failureOf(symbol: string): Promise<void> {
  const price = loopback.client.price.bind(loopback.client)
  return new Promise((failed) => {
    vi.spyOn(loopback.client, 'price').mockImplementation((asked, signal) =>
      price(asked, signal).catch((error: unknown) => {
        if (asked === symbol) failed()
        throw error
      }),
    )
  })
}

describe('a per-symbol poll told to wait', () => {
  it('sends nothing more once a 429 is in, keeps what answered and reports the rest', async () => {
    // The 429 comes at once, the good answers once the client has it: all six first requests are
    // in flight when it lands, and none of the four symbols after them may be asked for.
    const rateLimitIn = failureOf('A1on')
    loopback.server.handle = (req, res) => {
      const symbol = symbolOf(req.url)
      if (symbol === 'A1on') return sendJson(res, 429, { code: 'RATE_LIMITED' }, rateLimited('3'))
      void rateLimitIn.then(() => sendJson(res, 200, priceRecord(symbol)))
    }
    const result = await fetchPrices(loopback.client, SYMBOLS, 'per-symbol')

    expect(loopback.server.requests.map((r) => symbolOf(r.url)).sort()).toEqual(SYMBOLS.slice(0, 6))
    expect(result.records.map((r) => r.primaryMarket.symbol).sort()).toEqual([
      'A0on',
      'A2on',
      'A3on',
      'A4on',
      'A5on',
    ])
    expect(result.askedToWait).toMatchObject({ kind: 'rate-limited', retryAfterMs: 3_000 })
    expect(result.errors.map((e) => e.scope).sort()).toEqual(['A1on', 'A6on', 'A7on', 'A8on', 'A9on'])
    expect(result.errors.every((e) => e.code === 'RATE_LIMITED')).toBe(true)
  })

  it('throws the request to wait (not another failure) when no symbol answered', async () => {
    // The 500 first, the 429s once the client has it: the request to wait comes last and wins.
    const serverErrorIn = failureOf('A0on')
    loopback.server.handle = (req, res) =>
      symbolOf(req.url) === 'A0on'
        ? sendJson(res, 500, { code: 'INTERNAL_ERROR' })
        : void serverErrorIn.then(() => sendJson(res, 429, { code: 'RATE_LIMITED' }, rateLimited('2')))
    const error = await fetchPrices(loopback.client, SYMBOLS.slice(0, 3), 'per-symbol').catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 2_000 })
  })
})

/** A MarketFeed on a warp clock (warp-clock.ts) against the loopback server. */
function feedOn(symbols: string[], clock: WarpClock) {
  const watch = new CallWatch(clock)
  const observed = new ObservedClient(
    { baseUrl: loopback.server.url, apiKey: TEST_KEY, timeoutMs: 2_000 },
    watch,
  )
  const deltas: string[][] = []
  const feed = new MarketFeed({ baseUrl: loopback.server.url, demo: false }, symbols, {
    cadenceMs: (endpoint) => (endpoint === 'prices' ? 5_000 : 3_600_000),
    onDelta: (delta) => deltas.push(delta.changed.filter((c) => c.fields.price).map((c) => c.symbol)),
    onStatusChange: () => {},
    clock,
    random: () => 0.999, // the longest jitter, the worst case for recovery
  })
  feed.setClient(observed, { baseUrl: loopback.server.url, demo: false })
  cleanups.push(async () => {
    feed.stop()
    clock.stop()
    await observed.close()
  })
  return { feed, watch, deltas }
}

describe('the app feed', () => {
  it('shows what answered, then waits out the Retry-After even when refresh is pressed', async () => {
    const clock = new WarpClock(STAMP_MS)
    const app = feedOn(['A0on', 'A1on', 'A2on'], clock)
    const priceRequests: number[] = []
    loopback.server.handle = (req, res) => {
      if (!req.url?.includes('/prices/')) return sendJson(res, 503, { code: 'DOWN' })
      priceRequests.push(clock.now())
      if (symbolOf(req.url) === 'A1on' && priceRequests.length <= 3)
        return sendJson(res, 429, { code: 'RATE_LIMITED' }, rateLimited('7'))
      sendJson(res, 200, priceRecord(symbolOf(req.url), '10.00', STAMP_MS + priceRequests.length * 1000))
    }
    app.feed.start()
    await clock.sleep(1_000)
    expect(app.deltas.flat()).toEqual(expect.arrayContaining(['A0on', 'A2on']))
    const status = app.feed.endpointStatus('prices')
    expect(status.lastError?.kind).toBe('rate-limited')
    const firstPoll = priceRequests.length
    for (const at of [500, 2_000, 4_000]) clock.setTimeout(() => app.feed.refreshNow(), at)
    await clock.sleep(5_500)
    expect(priceRequests.length).toBe(firstPoll) // nothing inside the 7 s
    await clock.sleep(2_000)
    expect(priceRequests.length).toBeGreaterThan(firstPoll)
    expect(app.watch.violations).toBe(0)
  })

  /** Ten virtual minutes of a feed whose price requests all get `status`; the gaps between them. */
  async function gapsBetweenAttempts(
    status: number,
    code: string,
    headers: Record<string, string> = {},
  ): Promise<number[]> {
    const clock = new WarpClock(STAMP_MS)
    const app = feedOn(['A0on'], clock)
    const attempts: number[] = []
    loopback.server.handle = (req, res) => {
      if (req.url?.includes('/prices/')) attempts.push(clock.now())
      sendJson(res, status, { code }, headers)
    }
    app.feed.start()
    await clock.sleep(10 * 60_000)
    return attempts.slice(1).map((t, i) => t - (attempts[i] as number))
  }

  it('retries a failing service within one cadence, however long it fails', async () => {
    const gaps = await gapsBetweenAttempts(500, 'INTERNAL_ERROR')
    expect(gaps.length).toBeGreaterThan(100)
    // A request takes no virtual time (warp-clock.ts): the gaps are the scheduler's delays alone.
    expect(Math.max(...gaps)).toBeLessThanOrEqual(5_000)
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(BACKOFF.floorMs)
  })

  it('on a 429 that says when to come back, comes back then, however many in a row', async () => {
    const gaps = await gapsBetweenAttempts(429, 'RATE_LIMITED', { 'retry-after': '2' })
    expect(gaps.length).toBeGreaterThan(100)
    // The Retry-After, or the backoff within one cadence when that is longer: never past it.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(2_000)
    expect(Math.max(...gaps)).toBeLessThanOrEqual(5_000)
  })

  it(
    'backs off exponentially past the cadence on a 429 without Retry-After, ' + 'as the service advises',
    async () => {
      const gaps = await gapsBetweenAttempts(429, 'RATE_LIMITED')
      expect(Math.max(...gaps)).toBeGreaterThan(60_000)
      expect(gaps.length).toBeLessThan(20)
    },
  )
})

describe('PollScheduler and Retry-After', () => {
  it(
    'starts no poll before a Retry-After ends, whatever asks for ' + 'one, until a reset forgets it',
    async () => {
      vi.useFakeTimers({ now: 1_000_000 })
      try {
        const starts: number[] = []
        let fail = true
        const scheduler = new PollScheduler(
          [
            {
              name: 'prices',
              run: async () => {
                starts.push(Date.now() - 1_000_000)
                if (fail) throw new Error('429')
              },
            },
          ],
          {
            cadenceMs: () => 5_000,
            describeFailure: () => ({
              error: { kind: 'rate-limited', message: 'slow down', at: Date.now(), retryAt: null },
              retryAfterMs: 30_000,
            }),
            onChange: () => {},
            random: () => 0.5,
          },
        )
        scheduler.start()
        await vi.advanceTimersByTimeAsync(1_000)
        fail = false
        scheduler.refreshNow()
        scheduler.setPaused('user', true)
        scheduler.setPaused('user', false)
        await vi.advanceTimersByTimeAsync(28_000)
        expect(starts).toEqual([0])
        expect(scheduler.status('prices').nextPollAt).toBe(1_000_000 + 30_000)
        await vi.advanceTimersByTimeAsync(1_000)
        expect(starts).toEqual([0, 30_000])
        // A new key or service forgets the old one's Retry-After.
        fail = true
        await vi.advanceTimersByTimeAsync(5_000)
        scheduler.reset()
        await vi.advanceTimersByTimeAsync(0)
        expect(starts).toEqual([0, 30_000, 35_000, 35_000])
        scheduler.stop()
      } finally {
        vi.useRealTimers()
      }
    },
  )

  it('caps the backoff where maxBackoffMs says, and the default stays BACKOFF.capMs', () => {
    const options = {
      cadenceMs: () => 5_000,
      describeFailure: () => ({
        error: { kind: 'server' as const, message: '', at: 0, retryAt: null },
        retryAfterMs: null,
      }),
      onChange: () => {},
      random: () => 0.999,
    }
    const scheduler = new PollScheduler([], options)
    expect(scheduler.backoffMs(30)).toBe(Math.floor(0.999 * BACKOFF.capMs))
    expect(scheduler.backoffMs(30, 5_000)).toBe(Math.floor(0.999 * 5_000))
    expect(scheduler.backoffMs(1, 5_000)).toBe(Math.floor(0.999 * BACKOFF.baseMs))
  })
})
