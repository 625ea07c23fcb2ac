import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LIVE_SYMBOLS, type PricePathSample, pricePathSample } from './price-path-sample'

/**
 * The assets whose candles are compared in npm test: the six read live and every seventh listed.
 * Every asset's are in the fixture, and all of them matched when the candles were made fast;
 * all of them here would take most of a minute of CPU on the two shared cores.
 */
const CANDLE_SYMBOLS = (symbol: string, listed: readonly string[]) =>
  (LIVE_SYMBOLS as readonly string[]).includes(symbol) || listed.indexOf(symbol) % 7 === 0

/**
 * The simulated market's prices are the ones it served before its candles were made fast (issue
 * 44, item 2): the live prices at every instant of the sample and every candle body, compared
 * with the fixture the earlier code wrote (price-path-sample.ts says how it is taken).
 */
describe('the price path', () => {
  it('is the one the simulator drew before its candles were made fast', () => {
    const file = readFileSync(new URL('./fixtures/price-path.golden.json', import.meta.url), 'utf8')
    const everyAsset = JSON.parse(file) as PricePathSample
    const listed = [...new Set(everyAsset.candles.map((line) => line.split(' ')[1] as string))]
    const picked = (symbol: string) => CANDLE_SYMBOLS(symbol, listed)
    const golden = {
      ...everyAsset,
      candles: everyAsset.candles.filter((line) => picked(line.split(' ')[1]!)),
    }
    const now = pricePathSample(picked)
    // Lines that differ, a few of each: the instant, the asset and the figure to look at.
    const differing = (was: string[], is: string[]) =>
      was.flatMap((line, i) => (line === is[i] ? [] : [`was ${line}, is ${is[i]}`])).slice(0, 6)
    expect(now.live.length).toBe(golden.live.length)
    expect(differing(golden.live, now.live)).toEqual([])
    expect(now.candles.length).toBe(golden.candles.length)
    expect(differing(golden.candles, now.candles)).toEqual([])
  })
})
