import { emptyAsset, type AssetQuote, type Snapshot } from '../../src/shared/domain'
import { calendarOnlyState } from '../../src/main/core/service-status/market-cross-check'
import type { AppStatus } from '../../src/shared/status'

/** A quote with plausible values; override what a test is about. */
export function quoteOf(symbol: string, overrides: Partial<AssetQuote> = {}): AssetQuote {
  return {
    ...emptyAsset(symbol),
    name: `${symbol.slice(0, -2)} Holdings Inc.`,
    ticker: symbol.slice(0, -2),
    price: '100.25',
    priceTimestamp: 1_700_000_000_000,
    change24h: '1.25',
    changePct24h: '1.2626',
    history24h: [
      { t: 1_699_913_600_000, price: '99.00' },
      { t: 1_699_956_800_000, price: '99.80' },
      { t: 1_700_000_000_000, price: '100.25' },
    ],
    holders: 1234,
    sharesMultiplier: '1.001084338309087472',
    tradableSessions: ['premarket', 'regular', 'postmarket', 'overnight'],
    underlying: {
      ticker: symbol.slice(0, -2),
      name: `${symbol.slice(0, -2)} Holdings Inc.`,
      price: '100.10',
      high52w: '130.00',
      low52w: '80.00',
      volume: '45200000',
      averageVolume: '50000000',
      sharesOutstanding: '15000000000',
      marketCap: '1501500000000',
    },
    fairValue: '100.2085',
    premiumPct: '0.0414',
    ...overrides,
  }
}

/** `count` symbols AAAAon, AAABon, ... (valid token symbols, distinct, sorted). */
export function symbolsOf(count: number): string[] {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
  return Array.from({ length: count }, (_, n) => {
    let ticker = ''
    for (let i = 0, rest = n; i < 4; i++, rest = Math.floor(rest / 26))
      ticker = (letters[rest % 26] as string) + ticker
    return `${ticker}on`
  })
}

export function snapshotOf(assets: AssetQuote[], asOf = 1_700_000_000_000): Snapshot {
  return { asOf, source: { baseUrl: 'http://127.0.0.1:1', demo: true }, assets, errors: [] }
}

/** An app status: every endpoint answered at `lastSuccessAt`; override what a test is about. */
export function statusOf(
  overrides: Partial<AppStatus> = {},
  lastSuccessAt: number | null = 1_700_000_000_000,
): AppStatus {
  const endpoint = { cadenceMs: 5_000, lastSuccessAt, lastError: null, nextPollAt: null, inFlight: false }
  return {
    mode: 'live',
    baseUrl: 'https://api.example.com',
    connection: 'online',
    paused: false,
    pinned: false,
    endpoints: { prices: endpoint, market: endpoint, limits: endpoint },
    lastError: null,
    storageProblem: null,
    keychainProblem: null,
    unreadAlerts: 0,
    service: calendarOnlyState(lastSuccessAt ?? 1_700_000_000_000),
    ...overrides,
  }
}
