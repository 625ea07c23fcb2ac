import { type AssetQuote, emptyAsset, type Snapshot } from '../../src/shared/domain'

/** Quotes with every exported field filled in, for the export tests. */

export const AS_OF = Date.parse('2026-01-13T15:04:05.678Z')

export function fullAsset(symbol: string, fields: Partial<AssetQuote> = {}): AssetQuote {
  const ticker = symbol.slice(0, -2)
  return {
    ...emptyAsset(symbol),
    name: `${ticker} Inc.`,
    ticker,
    price: '201.130000000000000001',
    priceTimestamp: AS_OF,
    change24h: '-0.000000000000000001',
    changePct24h: '-2.480000000000000000',
    holders: 1234,
    sharesMultiplier: '1.003376073740221058',
    tradableSessions: ['premarket', 'regular', 'postmarket', 'overnight'],
    underlying: {
      ticker,
      name: `${ticker} Inc.`,
      price: '200.5',
      high52w: null,
      low52w: null,
      volume: '51234567',
      averageVolume: null,
      sharesOutstanding: null,
      marketCap: '3012345678901.25',
    },
    fairValue: '201.1766',
    premiumPct: '-0.0224',
    ...fields,
  }
}

export function snapshotOf(assets: AssetQuote[]): Snapshot {
  return { asOf: AS_OF, source: { baseUrl: 'https://api.gm.ondo.finance', demo: false }, assets, errors: [] }
}
