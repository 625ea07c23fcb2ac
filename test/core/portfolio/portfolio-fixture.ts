import type { HistoryPoint } from '../../../src/shared/history'
import type { Transaction } from '../../../src/shared/holdings'
import type { PortfolioInput, TokenHistory } from '../../../src/main/core/portfolio/portfolio-compute'

/**
 * A small portfolio written out by hand (issue #49's "Done when"): three tokens over ten weekdays
 * of March 2026, eight transactions (one before the first point's close, a sale, a position opened
 * and closed inside the range), NVDAon's stock split 10:1 on Monday 9 March (its multiplier 1 ->
 * 10, its token price unmoved), a dividend reinvested into AAPLon's multiplier on 10 March, and
 * TSLAon's premium flipping from about +1 % to about -1 % on 6 March. Daily buckets at 00:00 UTC.
 */

export const DAY_MS = 86_400_000
export const DAYS = [
  '2026-03-02',
  '2026-03-03',
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-09',
  '2026-03-10',
  '2026-03-11',
  '2026-03-12',
  '2026-03-13',
].map((day) => Date.parse(`${day}T00:00:00Z`))
/** Friday 13 March 2026, 16:00 ET: the last bucket closes here. */
export const AS_OF = Date.parse('2026-03-13T21:00:00Z')

export interface Row {
  close: string
  stock: string
  multiplier: string
}

function rows(closes: string[], stocks: string[], multipliers: string[]): Row[] {
  return closes.map((close, i) => ({
    close,
    stock: stocks[i] as string,
    multiplier: multipliers[i] as string,
  }))
}

export const PRICES: Record<string, Row[]> = {
  AAPLon: rows(
    ['100.02', '100.48', '101.13', '101.40', '100.93', '102.27', '102.95', '103.44', '103.20', '103.76'],
    ['99.80', '100.25', '100.90', '101.15', '100.70', '102.05', '102.60', '103.10', '102.85', '103.40'],
    [...Array(6).fill('1.0021'), ...Array(4).fill('1.0034')],
  ),
  NVDAon: rows(
    ['178.40', '180.35', '181.50', '180.05', '182.70', '183.20', '181.30', '184.05', '185.60', '184.75'],
    ['178.20', '180.10', '181.35', '179.90', '182.45', '18.31', '18.12', '18.40', '18.55', '18.48'],
    [...Array(5).fill('1'), ...Array(5).fill('10')],
  ),
  TSLAon: rows(
    ['250.58', '250.08', '250.78', '252.40', '244.23', '243.34', '243.94', '244.63', '243.74', '243.05'],
    ['248.10', '247.60', '248.30', '249.90', '246.70', '245.80', '246.40', '247.10', '246.20', '245.50'],
    Array(10).fill('1'),
  ),
}

/** The day index of NVDAon's split and its ratio, as the test's own reference knows them. */
export const SPLIT = { symbol: 'NVDAon', day: 5, ratio: '10' }

export function historyOf(symbol: string, from = 0, to = DAYS.length): TokenHistory {
  const points: HistoryPoint[] = (PRICES[symbol] as Row[]).slice(from, to).map((row, i) => ({
    t: DAYS[from + i] as number,
    open: row.close,
    high: row.close,
    low: row.close,
    close: row.close,
    underlyingClose: row.stock,
    underlyingCarried: false,
    multiplier: row.multiplier,
    premium: null,
  }))
  return { points, bucketMs: DAY_MS, source: 'service', note: null }
}

/** [id, time, symbol, side, quantity, price, fee] */
type Line = [string, string, string, 'buy' | 'sell', string, string, string]
const tx = ([id, time, symbol, side, quantity, price, fee]: Line): Transaction => ({
  ...{ id, time, symbol, side },
  ...{ quantity, price, fee, note: null },
})

export const LEDGER: Transaction[] = [
  tx(['t1', '2026-03-02T10:00:00-05:00', 'AAPLon', 'buy', '3.5', '100.10', '0.35']),
  tx(['t2', '2026-03-03T10:30:00-05:00', 'NVDAon', 'buy', '12', '180.40', '1.20']),
  tx(['t3', '2026-03-04T11:00:00-05:00', 'TSLAon', 'buy', '20', '250.75', '0.99']),
  tx(['t4', '2026-03-05T09:45:00-05:00', 'AAPLon', 'buy', '1.5', '101.20', '0.15']),
  tx(['t5', '2026-03-09T11:00:00-04:00', 'AAPLon', 'sell', '2', '103.35', '0.21']),
  tx(['t6', '2026-03-10T11:00:00-04:00', 'NVDAon', 'buy', '2.25', '181.05', '0.25']),
  tx(['t7', '2026-03-11T11:00:00-04:00', 'TSLAon', 'sell', '20', '244.10', '0.99']),
  tx(['t8', '2026-03-12T11:00:00-04:00', 'AAPLon', 'buy', '1', '104.00', '0.10']),
]

/** The fixture's portfolio as computePortfolio takes it, with any field changed. */
export function fixtureInput(changes: Partial<PortfolioInput> = {}): PortfolioInput {
  return {
    range: '1m',
    method: 'average',
    transactions: LEDGER,
    histories: new Map(Object.keys(PRICES).map((s) => [s, historyOf(s)])),
    benchmarkSymbol: 'SPYon',
    benchmark: null,
    asOf: AS_OF,
    ...changes,
  }
}
