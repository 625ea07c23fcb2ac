import type { AssetKind, StockSplit } from './asset-profile'

/**
 * The real US stocks and ETFs the simulator lists first, so demo mode and screenshots look like
 * the service they stand in for. Levels are rough, from late 2025, and only set where each walk
 * starts: this is not market data and is never refreshed.
 */

/** Which sessions a token trades in. Most trade in all four; the real service lists exceptions. */
export type SessionCoverage = 'all' | 'no-overnight' | 'regular-only'

/**
 * Odd records the real service sends and every client must tolerate (real-service-notes.md):
 * - 'omits-sessions': its entry in the all-assets market response has no `tradableSessions`.
 */
export type AssetQuirk = 'omits-sessions'

export interface RealAsset {
  ticker: string
  name: string
  kind: AssetKind
  price: number
  /** In millions. */
  sharesOutstandingM: number
  /** Average daily volume, in millions of shares. */
  averageVolumeM: number
  /** Typical daily move, in percent (one standard deviation). */
  dailyVolatilityPct: number
  sessions: SessionCoverage
  quirk?: AssetQuirk
  /**
   * Trades in the fifth session, `offhours` (weekends, holidays, after an early close), as the
   * service's launch set does: SPYon, QQQon, NVDAon, TSLAon, GOOGLon, CRCLon.
   */
  offhours?: boolean
  /** For baskets: the tokens the basket holds (`constituentTokens`). */
  constituents?: readonly string[]
  /** A stock split the simulated market goes through (made up, for the tests and demo). */
  split?: StockSplit
}

type Extras = Partial<Pick<RealAsset, 'sessions' | 'quirk' | 'offhours' | 'constituents' | 'split'>>

/**
 * LLY's made-up 4-for-1 split: effective Monday 2026-11-16 at 04:00 ET (09:00 UTC), before that
 * day's premarket, so a market clock set on either side of it sees the multiplier step.
 */
export const LLY_SPLIT: StockSplit = { at: Date.UTC(2026, 10, 16, 9, 0), ratio: 4 }

/** One row of the table below: the figures in the order of RealAsset's fields. */
type Row = [
  ticker: string,
  name: string,
  price: number,
  sharesOutstandingM: number,
  averageVolumeM: number,
  dailyVolatilityPct: number,
  extras?: Extras,
]

const listing =
  (kind: AssetKind) =>
  (
    ...[ticker, name, price, sharesOutstandingM, averageVolumeM, dailyVolatilityPct, extras]: Row
  ): RealAsset => ({
    ticker,
    name,
    kind,
    price,
    sharesOutstandingM,
    averageVolumeM,
    dailyVolatilityPct,
    sessions: 'all',
    ...extras,
  })

const stock = listing('stock')
const etf = listing('etf')

export const REAL_ASSETS: readonly RealAsset[] = [
  stock('AAPL', 'Apple Inc.', 230, 14_840, 50, 1.5),
  stock('NVDA', 'NVIDIA Corporation', 180, 24_300, 180, 2.8, { offhours: true }),
  stock('TSLA', 'Tesla, Inc.', 420, 3_220, 90, 3.8, { offhours: true }),
  stock('MSFT', 'Microsoft Corporation', 510, 7_430, 20, 1.3),
  stock('AMZN', 'Amazon.com, Inc.', 225, 10_670, 40, 1.9),
  stock('GOOGL', 'Alphabet Inc. Class A', 250, 5_800, 35, 1.9, { offhours: true }),
  stock('META', 'Meta Platforms, Inc.', 740, 2_510, 12, 2.2),
  etf('SPY', 'SPDR S&P 500 ETF Trust', 660, 920, 70, 0.9, {
    offhours: true,
    constituents: [
      'NVDAon',
      'MSFTon',
      'AAPLon',
      'AMZNon',
      'METAon',
      'AVGOon',
      'GOOGLon',
      'BRK.Bon',
      'TSLAon',
      'JPMon',
    ],
  }),
  etf('QQQ', 'Invesco QQQ Trust, Series 1', 595, 630, 45, 1.2, {
    offhours: true,
    constituents: ['NVDAon', 'MSFTon', 'AAPLon', 'AMZNon', 'GOOGLon', 'METAon', 'AVGOon', 'TSLAon'],
  }),
  stock('F', 'Ford Motor Company', 11.5, 3_980, 60, 2.0),
  stock('AVGO', 'Broadcom Inc.', 340, 4_700, 20, 2.7),
  stock('BRK.B', 'Berkshire Hathaway Inc. Class B', 490, 1_380, 4, 0.9, { sessions: 'regular-only' }),
  stock('JPM', 'JPMorgan Chase & Co.', 300, 2_750, 9, 1.3),
  stock('V', 'Visa Inc.', 340, 1_930, 6, 1.1),
  stock('MA', 'Mastercard Incorporated', 570, 910, 3, 1.2, { quirk: 'omits-sessions' }),
  stock('UNH', 'UnitedHealth Group Incorporated', 330, 905, 10, 2.4),
  stock('XOM', 'Exxon Mobil Corporation', 115, 4_300, 15, 1.4),
  stock('JNJ', 'Johnson & Johnson', 180, 2_410, 8, 1.0),
  stock('WMT', 'Walmart Inc.', 100, 7_980, 18, 1.2),
  stock('PG', 'The Procter & Gamble Company', 155, 2_340, 7, 1.0),
  stock('HD', 'The Home Depot, Inc.', 400, 995, 3.5, 1.4),
  stock('COST', 'Costco Wholesale Corporation', 940, 443, 2, 1.3),
  stock('NFLX', 'Netflix, Inc.', 1_200, 425, 3, 2.3),
  stock('AMD', 'Advanced Micro Devices, Inc.', 160, 1_620, 50, 3.2),
  stock('INTC', 'Intel Corporation', 30, 4_370, 100, 3.0),
  stock('ORCL', 'Oracle Corporation', 290, 2_810, 20, 2.5),
  stock('CRM', 'Salesforce, Inc.', 250, 955, 7, 2.0),
  stock('ADBE', 'Adobe Inc.', 350, 424, 3.5, 2.0),
  stock('CSCO', 'Cisco Systems, Inc.', 68, 3_960, 20, 1.3),
  stock('PEP', 'PepsiCo, Inc.', 145, 1_370, 6, 1.1),
  stock('KO', 'The Coca-Cola Company', 68, 4_300, 14, 0.9),
  stock('DIS', 'The Walt Disney Company', 115, 1_800, 9, 1.6, { quirk: 'omits-sessions' }),
  stock('NKE', 'NIKE, Inc.', 70, 1_480, 12, 2.1),
  stock('BA', 'The Boeing Company', 215, 756, 8, 2.2),
  stock('GM', 'General Motors Company', 58, 950, 10, 2.0),
  stock('T', 'AT&T Inc.', 28, 7_150, 35, 1.2),
  stock('VZ', 'Verizon Communications Inc.', 43, 4_210, 18, 1.1),
  stock('PFE', 'Pfizer Inc.', 25, 5_680, 40, 1.5),
  stock('MRK', 'Merck & Co., Inc.', 85, 2_500, 12, 1.5),
  stock('LLY', 'Eli Lilly and Company', 760, 897, 4, 2.2, { split: LLY_SPLIT }),
  stock('ABBV', 'AbbVie Inc.', 220, 1_770, 6, 1.4),
  stock('BAC', 'Bank of America Corporation', 50, 7_500, 35, 1.6),
  stock('WFC', 'Wells Fargo & Company', 80, 3_200, 15, 1.7),
  stock('GS', 'The Goldman Sachs Group, Inc.', 760, 306, 2, 1.8),
  stock('C', 'Citigroup Inc.', 98, 1_840, 14, 1.8),
  stock('PLTR', 'Palantir Technologies Inc.', 180, 2_370, 60, 4.0),
  stock('COIN', 'Coinbase Global, Inc.', 330, 257, 10, 4.5),
  stock('HOOD', 'Robinhood Markets, Inc.', 120, 884, 40, 4.5),
  stock('MSTR', 'Strategy Inc', 350, 270, 12, 4.8),
  stock('UBER', 'Uber Technologies, Inc.', 95, 2_080, 18, 2.2),
  stock('SHOP', 'Shopify Inc.', 150, 1_300, 8, 3.0),
  stock('SBUX', 'Starbucks Corporation', 85, 1_140, 10, 1.8),
  stock('MCD', "McDonald's Corporation", 305, 714, 3.5, 1.0),
  stock('CVX', 'Chevron Corporation', 155, 2_000, 8, 1.4),
  stock('QCOM', 'QUALCOMM Incorporated', 165, 1_080, 8, 2.1),
  stock('TSM', 'Taiwan Semiconductor Manufacturing Company Limited', 280, 5_190, 12, 2.3),
  stock('BABA', 'Alibaba Group Holding Limited', 160, 2_300, 15, 3.0, { sessions: 'regular-only' }),
  etf('IWM', 'iShares Russell 2000 ETF', 240, 290, 35, 1.4),
  etf('DIA', 'SPDR Dow Jones Industrial Average ETF Trust', 460, 83, 4, 0.9, { sessions: 'no-overnight' }),
  etf('VOO', 'Vanguard S&P 500 ETF', 605, 1_160, 7, 0.9),
  etf('VTI', 'Vanguard Total Stock Market ETF', 325, 1_540, 4, 0.9, { quirk: 'omits-sessions' }),
  etf('GLD', 'SPDR Gold Shares', 370, 324, 10, 1.1),
  etf('SLV', 'iShares Silver Trust', 42, 550, 25, 2.0, { sessions: 'regular-only' }),
  etf('TLT', 'iShares 20+ Year Treasury Bond ETF', 90, 560, 35, 0.8, { sessions: 'no-overnight' }),
  stock('CRCL', 'Circle Internet Group, Inc.', 85, 230, 15, 6.0, { offhours: true }),
  etf('ARKK', 'ARK Innovation ETF', 80, 94, 8, 2.8, { sessions: 'no-overnight' }),
  etf('XLF', 'Financial Select Sector SPDR Fund', 53, 1_000, 40, 1.2, { sessions: 'no-overnight' }),
  etf('XLK', 'Technology Select Sector SPDR Fund', 280, 270, 7, 1.5, { sessions: 'no-overnight' }),
  etf('EEM', 'iShares MSCI Emerging Markets ETF', 52, 370, 25, 1.1, { sessions: 'no-overnight' }),
  etf('SMH', 'VanEck Semiconductor ETF', 320, 90, 8, 2.4),
]
