import { writeFileSync } from 'node:fs'
import { pricePathSample } from './price-path-sample'

/**
 * Writes the golden sample of the price path (`npx tsx test/sim/market/write-price-path-golden.ts`).
 * Run it only on a simulator whose prices are known right: the fixture is what later versions are
 * held to.
 */
writeFileSync(
  new URL('./fixtures/price-path.golden.json', import.meta.url),
  `${JSON.stringify(pricePathSample(), null, 1)}\n`,
)
