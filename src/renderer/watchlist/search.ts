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

/**
 * A slice of indexing's time: half a frame, so that the window paints and answers keys while a
 * listing is indexed (10,000 listed assets take 50-100 ms in all, most of it before V8 has
 * optimised the code).
 */
const INDEX_SLICE_MS = 8

/** Indexes for one slice; true while assets are left. */
export function indexOneSlice(index: ListingIndex): boolean {
  const endsAt = performance.now() + INDEX_SLICE_MS
  return index.indexWhile(() => performance.now() < endsAt)
}

/**
 * Indexes a listing as soon as it arrives, one slice per task, so that the first keystroke finds
 * it built; a keystroke that comes sooner finishes the rest itself. Returns a stop for a listing
 * replaced before its index is done.
 */
export function indexInSlices(
  assets: readonly ListedAsset[],
  nextTask: (run: () => void) => () => void = inNextTask,
): () => void {
  const index = listingIndexOf(assets)
  let cancel = (): void => undefined
  const slice = (): void => {
    if (indexOneSlice(index)) cancel = nextTask(slice)
  }
  slice()
  return () => cancel()
}

function inNextTask(run: () => void): () => void {
  const timer = setTimeout(run, 0)
  return () => clearTimeout(timer)
}
