import type { ListedAsset } from '../../shared/domain'
import { ListingIndex } from '../../shared/listing-index'

/**
 * Finds listed assets by symbol, ticker or name (ListingIndex says how). The index is built once
 * per listing the service sent, not at every keystroke: the listing is kept as one array until
 * the next one replaces it, so the array itself is the key.
 */
const indexes = new WeakMap<readonly ListedAsset[], ListingIndex>()

export function listingIndexOf(assets: readonly ListedAsset[]): ListingIndex {
  let index = indexes.get(assets)
  if (!index) {
    index = new ListingIndex(assets)
    indexes.set(assets, index)
  }
  return index
}

export function searchAssets(assets: readonly ListedAsset[], query: string, limit: number): ListedAsset[] {
  return listingIndexOf(assets).search(query, limit)
}
