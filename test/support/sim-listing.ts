import { buildCatalog } from '../../src/main/sim/market/catalog'
import type { ListedAsset } from '../../src/shared/domain'

/**
 * The listing demo mode serves (400 assets, seed 1: the real names first, then made-up ones), as
 * the search and the import receive it, plus one name with an accent, which the simulator does not
 * list.
 */
export const NESTLE: ListedAsset = { symbol: 'NSRGYon', ticker: 'NSRGY', name: 'Nestlé S.A.' }

export const SIM_LISTING: readonly ListedAsset[] = [
  ...buildCatalog(400, 1).map(({ symbol, ticker, name }) => ({ symbol, ticker, name })),
  NESTLE,
]
