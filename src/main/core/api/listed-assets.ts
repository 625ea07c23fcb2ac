import type { ListedAsset } from '../../../shared/domain'
import type { WireMarketRecord } from './wire/wire'

/** The all-assets market answer as the search and the readings of typed symbols need it. */
export function listedAssetsOf(records: readonly WireMarketRecord[]): ListedAsset[] {
  return records.map((record) => ({
    symbol: record.primaryMarket.symbol,
    ticker: record.underlyingMarket?.ticker ?? null,
    name: record.underlyingMarket?.name ?? null,
  }))
}
