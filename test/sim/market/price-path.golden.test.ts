import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type PricePathSample, pricePathSample } from './price-path-sample'

/**
 * The simulated market's prices are the ones it served before its candles were made fast (issue
 * 44, item 2): the live prices at every instant of the sample and every candle body, compared
 * with the fixture the earlier code wrote (price-path-sample.ts says how it is taken).
 */
describe('the price path', () => {
  it('is the one the simulator drew before its candles were made fast', () => {
    const golden = JSON.parse(
      readFileSync(new URL('./fixtures/price-path.golden.json', import.meta.url), 'utf8'),
    ) as PricePathSample
    const now = pricePathSample()
    // Lines that differ, a few of each: the instant, the asset and the figure to look at.
    const differing = (was: string[], is: string[]) =>
      was.flatMap((line, i) => (line === is[i] ? [] : [`was ${line}, is ${is[i]}`])).slice(0, 6)
    expect(now.live.length).toBe(golden.live.length)
    expect(differing(golden.live, now.live)).toEqual([])
    expect(now.candles.length).toBe(golden.candles.length)
    expect(differing(golden.candles, now.candles)).toEqual([])
  })
})
