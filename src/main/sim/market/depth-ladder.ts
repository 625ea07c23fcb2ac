import { Dec, toFixedString } from '../../../shared/decimal'
import type { SessionName } from '../../../shared/sessions'
import { liveSessionOf, sessionStateAt } from '../../../shared/session-clock'
import type { SoftQuoteDepthLevelMessage, SoftQuoteDepthMessage } from '../../core/depth/depth-message'
import type { AssetProfile } from './asset-profile'
import { uniformAt } from './random'
import type { PriceRecordBody } from './records'
import type { CapacityRefusal } from './service-bodies'

/**
 * The simulator's depth ladder (StreamSoftQuoteDepth, beyond the spec): bids below and asks above
 * the token's display price of the same instant, so the ladder follows the price path. How tight
 * and how deep it is follows the session, as a real book thins when the stock market it hedges on
 * is shut: tight and deep in regular hours, wider pre- and post-market, widest and thinnest
 * overnight and off-hours. Where trading is refused now (capacityRefusal: the asset paused, the
 * market closed for it, between sessions) the ladder carries the refusal as its error and no levels.
 */

export const DEPTH_LEVELS = 10
/** Token quantities carry this many decimals (the capacity endpoint's maxTokens does too). */
const QUANTITY_DIGITS = 6
const NS_PER_MS = 1_000_000n

interface SessionShape {
  /** Half the spread, basis points from the display price to the best bid and the best ask. */
  halfSpreadBp: number
  /** Basis points between one level and the next. */
  stepBp: number
  /** Dollars at the best level; deeper levels hold more. */
  dollarsAtBest: number
}

export const DEPTH_SHAPES: Readonly<Record<SessionName, SessionShape>> = {
  regular: { halfSpreadBp: 2.5, stepBp: 1.5, dollarsAtBest: 40_000 },
  premarket: { halfSpreadBp: 8, stepBp: 4, dollarsAtBest: 15_000 },
  postmarket: { halfSpreadBp: 10, stepBp: 5, dollarsAtBest: 12_000 },
  overnight: { halfSpreadBp: 25, stepBp: 10, dollarsAtBest: 5_000 },
  offhours: { halfSpreadBp: 40, stepBp: 15, dollarsAtBest: 3_000 },
}

export interface DepthInputs {
  asset: AssetProfile
  /** The prices endpoint's record of this instant (its price is the ladder's middle). */
  record: PriceRecordBody
  /** Why trading is refused now, or null (service-bodies.ts, capacityRefusal). */
  refusal: CapacityRefusal | null
  /** A seed of its own (random.ts, STREAMS.depth), so the quantities never shift another draw. */
  seed: number
}

/** The ladder's error as the simulator words it: the refusal's code and its reason word. */
export const depthErrorOf = (refusal: CapacityRefusal): string => `${refusal.code}: ${refusal.message}`

function side(inputs: DepthInputs, shape: SessionShape, direction: 1 | -1): SoftQuoteDepthLevelMessage[] {
  const { asset, record, seed } = inputs
  const mid = new Dec(record.primaryMarket.price)
  const tick = new Dec(1).dividedBy(new Dec(10).pow(asset.tokenPriceDigits))
  const second = Math.floor(record.timestamp / 1_000)
  const levels: SoftQuoteDepthLevelMessage[] = []
  let last: Dec | null = null
  for (let level = 0; level < DEPTH_LEVELS; level++) {
    const offset = new Dec(shape.halfSpreadBp + level * shape.stepBp).dividedBy(10_000)
    // Bids round down and asks up, so neither ever reaches the display price.
    let price = mid
      .times(new Dec(1).plus(offset.times(direction)))
      .toDecimalPlaces(asset.tokenPriceDigits, direction === 1 ? Dec.ROUND_UP : Dec.ROUND_DOWN)
    // A cheap token's levels may round onto one price: each level is at least a tick beyond the last.
    if (last !== null && (direction === 1 ? !price.greaterThan(last) : !price.lessThan(last)))
      price = last.plus(tick.times(direction))
    if (!price.greaterThan(0)) break
    last = price
    const jitter = 0.6 + 0.8 * uniformAt(seed, asset.index, second, level, direction === 1 ? 1 : 2)
    const dollars = new Dec(shape.dollarsAtBest).times(1 + level / 3).times(jitter.toFixed(6))
    const quantity = dollars.dividedBy(price).toDecimalPlaces(QUANTITY_DIGITS, Dec.ROUND_DOWN)
    levels.push({
      price: toFixedString(price, asset.tokenPriceDigits),
      quantity: toFixedString(quantity, QUANTITY_DIGITS),
    })
  }
  return levels
}

export function depthLadderOf(inputs: DepthInputs): SoftQuoteDepthMessage<string> {
  const state = sessionStateAt(inputs.record.timestamp)
  const live = liveSessionOf(state.phase)
  const base = {
    symbol: inputs.asset.symbol,
    ticker: inputs.asset.ticker,
    // Between sessions: the session about to start.
    session_type: live ?? state.session ?? '',
    timestamp: (BigInt(inputs.record.timestamp) * NS_PER_MS).toString(),
  }
  if (inputs.refusal !== null || live === null)
    return {
      ...base,
      error: depthErrorOf(inputs.refusal ?? { code: 'MARKET_PAUSED', message: 'Between_Sessions' }),
      bids: [],
      asks: [],
    }
  const shape = DEPTH_SHAPES[live]
  return { ...base, error: '', bids: side(inputs, shape, -1), asks: side(inputs, shape, 1) }
}
