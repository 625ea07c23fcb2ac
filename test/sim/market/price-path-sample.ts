import { createHash } from 'node:crypto'
import {
  type CandleInterval,
  type CandleRange,
  CATALOGUE_PAIRS,
  DESCRIBED_PAIRS,
} from '../../../src/main/core/api/wire/candle-pairs'
import { SimMarket } from '../../../src/main/sim/market/market'
import { REAL_ASSETS } from '../../../src/main/sim/market/real-assets'

/**
 * A sample of the simulated market's price path, taken the same way from any version of the
 * simulator: the fixture `price-path.golden.json` holds it as the simulator made it before its
 * candles were made fast, and `price-path.golden.test.ts` takes it again from the code as it is.
 * Equal samples mean the speed-up left every price where it was.
 *
 * Two markets: one run forward minute by odd minute through a split, a weekend and a holiday (the
 * live prices, read where `sample` draws them), one whose clock jumps two weeks (the walk's leap).
 * At the end of each, every listed asset's candles at every interval/range pair, as a digest per
 * body (the bodies are megabytes; a digest that differs names the asset and pair to look at).
 */

const ET = (iso: string) => Date.parse(`${iso}-05:00`)
/** Assets read at every instant: each session coverage, off-hours, the split, a fund. */
export const LIVE_SYMBOLS = ['AAPLon', 'NVDAon', 'LLYon', 'SLVon', 'Fon', 'QQQon'] as const
/** An odd step, so the instants fall at every offset inside the 15-minute chunks. */
const STEP_MS = 97 * 60_000 + 13_000

export const PAIRS = [...new Set([...DESCRIBED_PAIRS, ...CATALOGUE_PAIRS])].map(
  (pair) => pair.split('/') as [CandleInterval, CandleRange],
)

export interface PricePathSample {
  /** `time symbol token stock`, one line per asset and instant. */
  live: string[]
  /** `time symbol interval/range digest`, one line per asset and pair. */
  candles: string[]
}

function candleDigests(market: SimMarket, now: number, symbols: (symbol: string) => boolean): string[] {
  return market
    .symbols()
    .filter(symbols)
    .flatMap((symbol) =>
      PAIRS.map(([interval, range]) => {
        const body = JSON.stringify(market.candles(symbol, interval, range))
        const digest = createHash('sha256').update(body).digest('hex').slice(0, 16)
        return `${new Date(now).toISOString()} ${symbol} ${interval}/${range} ${digest}`
      }),
    )
}

/** The sample; `candleSymbols` picks the assets whose candles are taken (the fixture has every one). */
export function pricePathSample(candleSymbols: (symbol: string) => boolean = () => true): PricePathSample {
  const live: string[] = []
  let now = ET('2026-11-13T09:00:00')
  const running = new SimMarket({ assets: REAL_ASSETS.length, seed: 1, clock: () => now })
  for (; now <= ET('2026-11-30T12:00:00'); now += STEP_MS)
    for (const symbol of LIVE_SYMBOLS) {
      const record = running.priceRecord(symbol)!
      const at = new Date(now).toISOString()
      live.push(`${at} ${symbol} ${record.primaryMarket.price} ${record.underlyingMarket.price}`)
    }
  const candles = candleDigests(running, running.now(), candleSymbols)

  let jumping = ET('2026-11-03T10:15:00')
  const leaping = new SimMarket({ assets: REAL_ASSETS.length, seed: 1, clock: () => jumping })
  jumping = ET('2026-11-17T11:32:00')
  candles.push(...candleDigests(leaping, leaping.now(), candleSymbols))
  return { live, candles }
}
