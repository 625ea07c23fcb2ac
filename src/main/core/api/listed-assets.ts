import { z } from 'zod'
import type { ListedAsset } from '../../../shared/domain'
import { wirePrimaryMarket, wireUnderlyingMarket } from './wire/wire'

/**
 * What the search and the readings of typed symbols need of an all-assets market answer: each
 * element's symbol, ticker and name, read with the market record's own rules for those three
 * fields and nothing else. The rest of an element (its prices, its 24 h history) is read only for
 * the symbols asked for (wire-parse.ts): an asset is listed even where the rest of its record is
 * not what the market record expects, as the search only names it.
 */
const listedElement = z.object({
  primaryMarket: wirePrimaryMarket.pick({ symbol: true }),
  underlyingMarket: wireUnderlyingMarket.pick({ ticker: true, name: true }).nullable(),
})

export function listedAssetsOf(raws: readonly unknown[]): ListedAsset[] {
  const listed: ListedAsset[] = []
  for (const raw of raws) {
    const element = listedElement.safeParse(raw)
    if (!element.success) continue
    const { primaryMarket, underlyingMarket } = element.data
    listed.push({
      symbol: primaryMarket.symbol,
      ticker: underlyingMarket?.ticker ?? null,
      name: underlyingMarket?.name ?? null,
    })
  }
  return listed
}
