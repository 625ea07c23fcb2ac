import { describe, expect, it } from 'vitest'
import { TOOLTIP_SYMBOLS, trayTooltip, trayTooltipLimit } from '../../src/main/electron/tray-tooltip'
import { calendarOnlyReading, calendarOnlyState } from '../../src/main/core/service-status/market-cross-check'
import { displayZone } from '../../src/shared/display-time'
import type { PortfolioUpdate } from '../../src/shared/holdings'
import type { MarketReading } from '../../src/shared/service-status'
import type { AppStatus } from '../../src/shared/status'
import { quoteOf, snapshotOf, statusOf } from '../renderer/quote-fixtures'

/** The tray is a view of the data too: it says the data's state, never frozen prices as live. */

/** The computer's clock in UTC, so "Last data" reads as the instant below does. */
const UTC_CLOCK = { zone: displayZone('computer', 'UTC') }

const AT_14_03_12_UTC = Date.UTC(2026, 10, 17, 14, 3, 12)
/** Tuesday 17 November 2026, 11:00 ET: the regular session. */
const TUESDAY_MORNING = Date.parse('2026-11-17T11:00:00-05:00')

describe('trayTooltip', () => {
  it('shows the first prices as exact strings, online, with when data last arrived', () => {
    const snapshot = snapshotOf([
      quoteOf('AAPLon', { price: '190.250000000000000001' }),
      quoteOf('NVDAon', { price: null }),
      quoteOf('Fon', { price: '11.02' }),
    ])
    expect(trayTooltip(snapshot, statusOf({}, AT_14_03_12_UTC), TUESDAY_MORNING, UTC_CLOCK)).toBe(
      'Tokenwatch · Online\nRegular\nLast data 14:03:12 UTC\nAAPLon 190.250000000000000001  ·  Fon 11.02',
    )
  })

  it('says which source is live and since when, streaming or polling with the reason', () => {
    const snapshot = snapshotOf([quoteOf('AAPLon', { price: '190.25' })])
    const streaming = statusOf(
      { stream: { state: 'streaming', since: AT_14_03_12_UTC - 15_000 } },
      AT_14_03_12_UTC,
    )
    expect(trayTooltip(snapshot, streaming, TUESDAY_MORNING, UTC_CLOCK).split('\n')[1]).toBe(
      'Live: streaming since 14:02:57 UTC',
    )
    const polling = statusOf(
      {
        stream: {
          state: 'polling',
          since: AT_14_03_12_UTC - 15_000,
          reason: 'this key may not stream',
          retryAt: null,
        },
      },
      AT_14_03_12_UTC,
    )
    expect(trayTooltip(snapshot, polling, TUESDAY_MORNING, UTC_CLOCK).split('\n')[1]).toBe(
      'Live: polling every 5 s since 14:02:57 UTC; streaming not available: this key may not stream',
    )
  })

  it("follows the service's market state where it answers, marked as the service's", () => {
    const snapshot = snapshotOf([quoteOf('AAPLon', { price: '190.25' })])
    const service = (market: Partial<MarketReading>): Partial<AppStatus> => ({
      service: {
        ...calendarOnlyState(TUESDAY_MORNING),
        market: { ...calendarOnlyReading(TUESDAY_MORNING), ...market },
      },
    })
    const halted = statusOf(
      service({
        source: 'service',
        marketStatus: 'paused',
        isOpen: false,
        reason: 'market_paused',
        calendarAgrees: false,
      }),
      AT_14_03_12_UTC,
    )
    expect(trayTooltip(snapshot, halted, TUESDAY_MORNING, UTC_CLOCK).split('\n')[1]).toBe(
      'Paused, unscheduled pause (service)',
    )
    const agreeing = statusOf(service({ source: 'service', calendarAgrees: true }), AT_14_03_12_UTC)
    expect(trayTooltip(snapshot, agreeing, TUESDAY_MORNING, UTC_CLOCK).split('\n')[1]).toBe(
      'Regular (service)',
    )
  })

  it('says offline and marks each stale price through an outage', () => {
    const snapshot = snapshotOf([
      quoteOf('AAPLon', { stale: true }),
      quoteOf('Fon', { price: '11.02', stale: true }),
    ])
    const status = statusOf({ connection: 'offline', mode: 'demo' }, AT_14_03_12_UTC)
    expect(trayTooltip(snapshot, status, TUESDAY_MORNING, UTC_CLOCK)).toBe(
      'Tokenwatch (demo) · Offline\nRegular\nLast data 14:03:12 UTC\n' +
        'AAPLon 100.25 (stale)  ·  Fon 11.02 (stale)',
    )
  })

  it('says when no data has come at all, and names the time of data, not of an error', () => {
    const status = statusOf({ connection: 'offline' }, null)
    expect(
      trayTooltip(snapshotOf([quoteOf('AAPLon', { price: null })]), status, TUESDAY_MORNING, UTC_CLOCK),
    ).toBe('Tokenwatch · Offline\nRegular\nNo data yet')
    const paused = statusOf({ connection: 'paused', paused: true }, AT_14_03_12_UTC)
    expect(trayTooltip(null, paused, TUESDAY_MORNING, UTC_CLOCK)).toBe(
      'Tokenwatch · Paused\nRegular\nLast data 14:03:12 UTC',
    )
  })

  it('names the first few priced symbols only, however long the list', () => {
    const symbols = ['AAPLon', 'NVDAon', 'TSLAon', 'MSFTon', 'AMZNon', 'Fon']
    const snapshot = snapshotOf(symbols.map((symbol) => quoteOf(symbol, { price: '1.5' })))
    const lastLine = trayTooltip(snapshot, statusOf({}, AT_14_03_12_UTC), TUESDAY_MORNING, UTC_CLOCK)
      .split('\n')
      .at(-1)
    expect(lastLine).toBe(
      symbols
        .slice(0, TOOLTIP_SYMBOLS)
        .map((symbol) => `${symbol} 1.5`)
        .join('  ·  '),
    )
    expect(TOOLTIP_SYMBOLS).toBeLessThan(symbols.length)
  })

  it("fits Windows' 127 characters with fewer quotes, never a cut one, and every stale mark kept", () => {
    // A realistic tooltip: degraded live data on a weekend, four long prices, the last two stale.
    const snapshot = snapshotOf([
      quoteOf('AAPLon', { price: '190.250000000000000001' }),
      quoteOf('NVDAon', { price: '181.4475' }),
      quoteOf('TSLAon', { price: '402.1199', stale: true }),
      quoteOf('MSFTon', { price: '511.77', stale: true }),
    ])
    const status = statusOf({ connection: 'degraded' }, AT_14_03_12_UTC)
    const saturdayNoon = Date.parse('2026-11-21T12:00:00-05:00')
    const whole = trayTooltip(snapshot, status, saturdayNoon, UTC_CLOCK)
    expect(whole.length).toBeGreaterThan(127)

    const limit = trayTooltipLimit('win32')
    expect(limit).toBe(127)
    const fitted = trayTooltip(snapshot, status, saturdayNoon, { ...UTC_CLOCK, maxLength: limit })
    expect(fitted.length).toBeLessThanOrEqual(127)
    // The same lines, the quotes a prefix of the whole list, each as it is in full.
    const wholeQuotes = whole.split('\n').at(-1)!.split('  ·  ')
    const fittedQuotes = fitted.split('\n').at(-1)!.split('  ·  ')
    expect(fitted.split('\n').slice(0, -1)).toEqual(whole.split('\n').slice(0, -1))
    expect(fittedQuotes.length).toBeGreaterThan(0)
    expect(fittedQuotes).toEqual(wholeQuotes.slice(0, fittedQuotes.length))

    // A stale quote that fits keeps its mark: with the stale ones first, both show as stale.
    const staleFirst = snapshotOf([snapshot.assets[2]!, snapshot.assets[3]!, snapshot.assets[0]!])
    const staleFitted = trayTooltip(staleFirst, status, saturdayNoon, { ...UTC_CLOCK, maxLength: limit })
    expect(staleFitted.length).toBeLessThanOrEqual(127)
    expect(staleFitted).toContain('TSLAon 402.1199 (stale)')
    expect(staleFitted).toContain('MSFTon 511.77 (stale)')

    expect(trayTooltipLimit('linux')).toBe(Number.POSITIVE_INFINITY)
    expect(trayTooltipLimit('darwin')).toBe(Number.POSITIVE_INFINITY)
  })

  it(
    'within 127 characters, lets the session and the time go before ' +
      'the last quote (a streaming demo on a weekend)',
    () => {
      const snapshot = snapshotOf([
        quoteOf('AAPLon', { price: '190.250000000000000001' }),
        quoteOf('NVDAon', { price: '181.4475' }),
      ])
      const status = statusOf(
        { mode: 'demo', stream: { state: 'streaming', since: AT_14_03_12_UTC - 15_000 } },
        AT_14_03_12_UTC,
      )
      const saturdayNoon = Date.parse('2026-11-21T12:00:00-05:00')
      const whole = trayTooltip(snapshot, status, saturdayNoon, UTC_CLOCK)
      expect(whole.split('\n')).toContain('Last data 14:03:12 UTC')
      const fitted = trayTooltip(snapshot, status, saturdayNoon, {
        ...UTC_CLOCK,
        maxLength: trayTooltipLimit('win32'),
      })
      expect(fitted.length).toBeLessThanOrEqual(127)
      expect(fitted.split('\n').at(-1)).toBe('AAPLon 190.250000000000000001')
      expect(fitted).toContain('Live: streaming since 14:02:57 UTC')
    },
  )

  it('before any status, says demo or not from the snapshot, and without one, not demo', () => {
    const demo = snapshotOf([quoteOf('Fon', { price: '11.02' })])
    expect(trayTooltip(demo, null, TUESDAY_MORNING, UTC_CLOCK)).toBe('Tokenwatch (demo)\nRegular\nFon 11.02')
    const live = { ...demo, source: { baseUrl: 'https://api.example.test', demo: false } }
    expect(trayTooltip(live, null, TUESDAY_MORNING, UTC_CLOCK)).toBe('Tokenwatch\nRegular\nFon 11.02')
    expect(trayTooltip(null, null, TUESDAY_MORNING, UTC_CLOCK)).toBe('Tokenwatch\nRegular')
  })

  it('says market data is old while prices are live, and marks no live price stale', () => {
    // Tuesday 11:00 ET: prices answered 2 s ago, market data failing for 10 minutes.
    const pricesAt = TUESDAY_MORNING - 2_000
    const base = statusOf({ connection: 'degraded' }, pricesAt)
    const status = {
      ...base,
      endpoints: {
        ...base.endpoints,
        market: {
          ...base.endpoints.market,
          cadenceMs: 60_000,
          lastSuccessAt: TUESDAY_MORNING - 10 * 60_000,
          lastError: { kind: 'server' as const, message: 'HTTP 503', at: pricesAt, retryAt: null },
        },
      },
    }
    const snapshot = snapshotOf([quoteOf('AAPLon', { price: '190.25' }), quoteOf('Fon', { price: '11.02' })])
    expect(trayTooltip(snapshot, status, TUESDAY_MORNING, UTC_CLOCK)).toBe(
      'Tokenwatch · Degraded\nMarket data 10m old; prices live.\nRegular\n' +
        'Last data 15:59:58 UTC\nAAPLon 190.25  ·  Fon 11.02',
    )
    // Every source fresh: no such line.
    expect(trayTooltip(snapshot, statusOf({}, pricesAt), TUESDAY_MORNING, UTC_CLOCK)).not.toMatch(/old/)
  })

  it('tells "Last data" in market time by default, with its zone, as the window does', () => {
    // 14:03:12 UTC is 09:03:12 in New York (EST), whatever zone this computer is in.
    expect(trayTooltip(null, statusOf({}, AT_14_03_12_UTC), TUESDAY_MORNING).split('\n')[2]).toBe(
      'Last data 09:03:12 ET',
    )
    const tokyo = { zone: displayZone('computer', 'Asia/Tokyo') }
    expect(trayTooltip(null, statusOf({}, AT_14_03_12_UTC), TUESDAY_MORNING, tokyo).split('\n')[2]).toBe(
      'Last data 23:03:12 GMT+9',
    )
  })

  it(
    'within 127 characters keeps what is old and every stale mark, ' + 'dropping the session and time first',
    () => {
      // Sunday noon ET: closed, off-hours for 11 tokens.
      const sunday = Date.parse('2026-11-22T12:00:00-05:00')
      const base = statusOf({ connection: 'connecting', mode: 'demo' }, sunday - 2_000)
      const failing = {
        cadenceMs: 60_000,
        lastError: { kind: 'server' as const, message: 'HTTP 503', at: sunday, retryAt: null },
        nextPollAt: null,
        inFlight: false,
      }
      const status = {
        ...base,
        endpoints: {
          ...base.endpoints,
          market: { ...failing, lastSuccessAt: sunday - 10 * 60_000 },
          limits: { ...failing, lastSuccessAt: sunday - 12 * 60_000 },
        },
      }
      const snapshot = snapshotOf([
        quoteOf('TSLAon', { price: '402.1199', stale: true }),
        ...Array.from({ length: 11 }, (_, i) =>
          quoteOf(`T${i}on`, { price: '1.5', tradableSessions: ['regular', 'offhours'] }),
        ),
      ])
      const whole = trayTooltip(snapshot, status, sunday)
      const fitted = trayTooltip(snapshot, status, sunday, { maxLength: trayTooltipLimit('win32') })
      expect(whole.length).toBeGreaterThan(127)
      expect(fitted.length).toBeLessThanOrEqual(127)
      expect(fitted).toContain('Market data 10m old, limits 12m old; prices live.')
      expect(fitted.startsWith('Tokenwatch (demo) · Connecting\n')).toBe(true)
      // Any quote that shows is whole, with its mark as in the full text.
      const quoteLine = fitted.split('\n').at(-1) ?? ''
      expect(quoteLine).toBe('TSLAon 402.1199 (stale)')
      for (const quote of quoteLine.split('  ·  ').filter((text) => /^\S+on /.test(text)))
        expect(whole).toContain(quote)
    },
  )

  it(
    "shows the holdings total beside the service's state and the " +
      'zone, and drops it before a stale quote',
    () => {
      const holdings = (stale: boolean) => ({
        portfolio: {
          update: {
            positions: [{ symbol: 'AAPLon', stale }],
            totals: { value: '12345.675', dayChange: '-20.5' },
          } as unknown as PortfolioUpdate,
          hidden: false,
        },
      })
      const maxLength = trayTooltipLimit('win32')
      // All of it fits: the service's market state, "Last data" in the chosen zone, the total, the quotes.
      const service = statusOf(
        {
          service: {
            ...calendarOnlyState(TUESDAY_MORNING),
            market: { ...calendarOnlyReading(TUESDAY_MORNING), source: 'service', calendarAgrees: true },
          },
        },
        AT_14_03_12_UTC,
      )
      const short = snapshotOf([quoteOf('AAPLon', { price: '190.25' }), quoteOf('Fon', { price: '11.02' })])
      expect(
        trayTooltip(short, service, TUESDAY_MORNING, { ...UTC_CLOCK, maxLength, ...holdings(false) }),
      ).toBe(
        'Tokenwatch · Online\nRegular (service)\nLast data 14:03:12 UTC\n' +
          'Holdings 12,345.68 · 24h -20.50\nAAPLon 190.25  ·  Fon 11.02',
      )

      // Too long for the total and a long quote: a live quote gives way to the total...
      const offline = statusOf({ connection: 'offline' }, AT_14_03_12_UTC)
      const long = `190.${'1'.repeat(30)}`
      const head = 'Tokenwatch · Offline\nRegular\nLast data 14:03:12 UTC'
      const live = snapshotOf([quoteOf('AAPLon', { price: `${long}${'1'.repeat(10)}` })])
      expect(
        trayTooltip(live, offline, TUESDAY_MORNING, { ...UTC_CLOCK, maxLength, ...holdings(false) }),
      ).toBe(`${head}\nHoldings 12,345.68 · 24h -20.50`)
      // ...but the total gives way to a quote marked stale, whole with its mark.
      const stale = snapshotOf([quoteOf('AAPLon', { price: long, stale: true })])
      const whole = trayTooltip(stale, offline, TUESDAY_MORNING, { ...UTC_CLOCK, ...holdings(true) })
      expect(whole).toContain('Holdings 12,345.68 · 24h -20.50 (stale)')
      expect(
        trayTooltip(stale, offline, TUESDAY_MORNING, { ...UTC_CLOCK, maxLength, ...holdings(true) }),
      ).toBe(`${head}\nAAPLon ${long} (stale)`)
    },
  )
})
