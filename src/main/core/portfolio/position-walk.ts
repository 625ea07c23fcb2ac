import type { Transaction } from '../../../shared/holdings'
import { units } from '../holdings/fixed-point'
import { QUANTITY_PLACES } from '../holdings/ledger-replay'
import { screenTimeText } from '../screen-time'
import { BigDecimal } from './big-decimal'
import type { PriceTrack } from './price-track'
import { ScaledSums, rescaled, rounded80 } from './scaled'
import type { SplitReader } from './split-step'

/**
 * One position walked over the series' points (issue #49): the tokens held at each point's close
 * (the ledger's replay), their value at the token's close and at fair value, their cost, the money
 * put in at each point, and where the P&L came from.
 *
 * Where it came from: between two marks (a point's close, or a trade at its own price) the
 * quantity held is constant and the P&L is quantity x the price's change. With the token's price
 * P = stock x multiplier + (P - fair value), the change splits exactly into
 *
 *   stock      = quantity x (stock_b x multiplier_a' - fair_a)
 *   premium    = quantity x ((P_b - fair_b) - (P_a - fair_a))
 *   multiplier = the rest: quantity x stock_b x (multiplier_b - multiplier_a')
 *
 * where multiplier_a' is the earlier multiplier restated by any split between the marks
 * (split-step.ts): a split moves the stock's price and the multiplier inversely and leaves the
 * fair value and the token's price where they were, so it changes nothing. Between marks with the
 * same multiplier both sums telescope, so a segment is closed only at a trade, a multiplier step
 * and the last point. Fees are their own part. A trade is marked against the fair value of the
 * bucket it falls in: what it paid over that (or sold under it) is premium.
 *
 * Every amount is a BigInt count (scaled.ts): tokens of 10^-QUANTITY_PLACES, prices and fair
 * values at the track's price decimals, money (values, flows, fees, the P&L's parts) at their sum,
 * the walk's `exponent`; each operation rounded as decimal.js would round it, so that the strings
 * written at the end are decimal.js's. A point costs two BigInt products and no object.
 */

export interface LedgerEntry {
  transaction: Transaction
  instant: number
  /** The symbol's holding just after the transaction, as the replay counts it (ledger-replay.ts). */
  quantity: bigint
  cost: bigint
}

export interface PositionWalk {
  symbol: string
  /** The power of ten the money counts below are of. */
  exponent: number
  values: bigint[]
  /** null at a point where tokens were held and their stock or multiplier was unknown. */
  fairValues: (bigint | null)[]
  /** The cost at each point, in the replay's units (10^-MONEY_PLACES dollar). */
  costs: bigint[]
  /** 1 at a point after the first where a transaction was replayed (the cost was set anew). */
  traded: Uint8Array
  flows: bigint[]
  inflows: bigint[]
  /** The stock's close at each point (null where unknown), of 10^-stockPlaces. */
  stockPrices: (bigint | null)[]
  stockPlaces: number
  /** A split's ratio since the point before, or null. */
  splits: (BigDecimal | null)[]
  stock: BigDecimal
  multiplier: BigDecimal
  premium: BigDecimal
  fees: BigDecimal
  openedInRange: boolean
  closedInRange: boolean
  /** Held at some point of the range, or traded inside it. */
  involved: boolean
}

const isTrade = (side: string) => side === 'buy' || side === 'sell'
/** Tokens moved between wallets (issue 48): counted in or out at the market's price, with no P&L. */
const isTransfer = (side: string) => side === 'transfer-in' || side === 'transfer-out'

/** The P&L's parts, summed as decimal.js sums them; a split's restated multiplier has its own exponent. */
const STOCK = 0
const MULTIPLIER = 1
const PREMIUM = 2

export function walkPosition(
  track: PriceTrack,
  entries: readonly LedgerEntry[],
  times: readonly number[],
  closes: readonly number[],
  splitBetween: SplitReader,
  say: (note: string) => void,
): PositionWalk {
  const n = times.length
  const { scale } = track
  // Tokens x a price: money's exponent.
  const exponent = -QUANTITY_PLACES - scale.price
  const values = new Array<bigint>(n)
  const fairValues = new Array<bigint | null>(n)
  const costs = new Array<bigint>(n)
  const traded = new Uint8Array(n)
  const flows = new Array<bigint>(n).fill(0n)
  const inflows = new Array<bigint>(n).fill(0n)
  const stockPrices = new Array<bigint | null>(n)
  const splits = new Array<BigDecimal | null>(n).fill(null)
  const parts = new ScaledSums(3)
  let fees = 0n
  let e = 0
  let quantity = 0n
  let cost = 0n
  while (e < entries.length && (entries[e] as LedgerEntry).instant <= (closes[0] as number)) {
    quantity = (entries[e] as LedgerEntry).quantity
    cost = (entries[e] as LedgerEntry).cost
    e++
  }
  const heldAtStart = quantity !== 0n
  let involved = false
  let tradedInRange = false
  let unknownStock = false
  let noPriceYet = false
  let carried = 0
  // The last mark: a point of the track (read), at its own price or at a trade's; -1: none yet.
  let markIndex = -1
  let markPrice = 0n
  let previous = -1
  const { prices, stocks, multipliers, fairs } = track

  /** From mark a to mark b (each a point of the track and a price), `quantity` held throughout. */
  const segment = (a: number, aPrice: bigint, b: number, bPrice: bigint) => {
    const total = rounded80(quantity * rounded80(bPrice - aPrice))
    const aFair = fairs[a] as bigint | null
    const bFair = fairs[b] as bigint | null
    const bStock = stocks[b] as bigint | null
    if (aFair === null || bFair === null || bStock === null) {
      // Without the stock's price the move cannot be split: all of it is counted as the stock's, and said.
      parts.add(STOCK, total, exponent)
      unknownStock = true
      return
    }
    const split = splitBetween(track.multiplierText(a), track.multiplierText(b))
    let restated = multipliers[a] as bigint
    let restatedExponent = -scale.multiplier
    if (split !== null) {
      restated = rounded80(restated * split.coefficient)
      restatedExponent += split.exponent
    }
    // stock_b x multiplier_a' - fair_a, at the lower of the two exponents.
    const product = rounded80(bStock * restated)
    const productExponent = restatedExponent - scale.stock
    const lower = Math.min(productExponent, -scale.price)
    const stockMove = rounded80(
      rescaled(product, productExponent, lower) - rescaled(aFair, -scale.price, lower),
    )
    const stock = rounded80(quantity * stockMove)
    const stockExponent = lower - QUANTITY_PLACES
    const premium = rounded80(quantity * rounded80(rounded80(bPrice - bFair) - rounded80(aPrice - aFair)))
    const rest = rounded80(rescaled(total, exponent, stockExponent) - stock)
    parts.add(STOCK, stock, stockExponent)
    parts.add(PREMIUM, premium, exponent)
    parts.add(MULTIPLIER, rounded80(rest - rescaled(premium, exponent, stockExponent)), stockExponent)
  }

  /** The bucket a trade falls in, or the nearest earlier one (said). */
  const bucketOf = (entry: LedgerEntry): number => {
    const index = track.indexAt(entry.instant)
    if (!track.pricedByTrades && (index < 0 || !track.covers(index, entry.instant)))
      say(
        `${track.symbol}: no candle at ${screenTimeText(entry.instant, { year: true })} (transaction ` +
          `${entry.transaction.id}); the nearest ${index < 0 ? 'later' : 'earlier'} price was used.`,
      )
    return track.at(Math.max(index, 0))
  }

  let cursor = -1
  for (let i = 0; i < n; i++) {
    const close = closes[i] as number
    if (i > 0) {
      while (e < entries.length && (entries[e] as LedgerEntry).instant <= close) {
        const entry = entries[e] as LedgerEntry
        const { transaction } = entry
        const bucket = bucketOf(entry)
        const known = isTrade(transaction.side)
        if (!known && !isTransfer(transaction.side))
          say(
            `${track.symbol}: transaction ${transaction.id} is a "${transaction.side.slice(0, 20)}": ` +
              `its tokens are counted as moved in or out at the market's price, with no P&L.`,
          )
        const price = known ? units(transaction.price, scale.price) : (prices[bucket] as bigint)
        if (markIndex >= 0 && quantity !== 0n) segment(markIndex, markPrice, bucket, price)
        const fee = units(transaction.fee, -exponent)
        const change = rounded80(entry.quantity - quantity)
        const flow = rounded80(rounded80(change * price) + fee)
        flows[i] = rounded80((flows[i] as bigint) + flow)
        if (change > 0n) inflows[i] = rounded80((inflows[i] as bigint) + flow)
        fees = rounded80(fees - fee)
        quantity = entry.quantity
        cost = entry.cost
        markIndex = bucket
        markPrice = price
        traded[i] = 1
        tradedInRange = true
        e++
      }
    }
    // Until a first point is found, each time is looked up; after, the walk steps forward. A
    // bucket's point holds the whole bucket; a trade's price holds from its instant, so a token
    // priced by its trades is valued at the last one by the point's close.
    const at = (track.pricedByTrades ? closes[i] : times[i]) as number
    const index = cursor < 0 ? track.indexAt(at) : track.indexAfter(at, cursor)
    cursor = index
    if (index < 0 && quantity !== 0n && !noPriceYet) {
      noPriceYet = true
      say(`${track.symbol}: no price before ${screenTimeText(track.points[0]?.t ?? 0)}; its first was used.`)
    }
    const point = index < 0 && quantity === 0n ? -1 : track.at(Math.max(index, 0))
    if (point < 0 || quantity === 0n) {
      values[i] = 0n
      fairValues[i] = 0n
    } else {
      values[i] = rounded80(quantity * (prices[point] as bigint))
      const fair = fairs[point] as bigint | null
      fairValues[i] = fair === null ? null : rounded80(quantity * fair)
    }
    costs[i] = cost
    stockPrices[i] = point < 0 ? null : (stocks[point] as bigint | null)
    if (point >= 0 && previous >= 0 && track.multiplierText(point) !== track.multiplierText(previous))
      splits[i] = splitBetween(track.multiplierText(previous), track.multiplierText(point))
    if (point >= 0) previous = point
    if (quantity !== 0n) {
      involved = true
      if (track.points[Math.max(index, 0)]?.underlyingCarried) carried++
    }
    if (point < 0) continue
    if (markIndex < 0 || quantity === 0n) {
      markIndex = point
      markPrice = prices[point] as bigint
    } else if (
      i === n - 1 ||
      track.multiplierText(point) !== track.multiplierText(markIndex) ||
      (fairs[markIndex] === null && fairs[point] !== null)
    ) {
      segment(markIndex, markPrice, point, prices[point] as bigint)
      markIndex = point
      markPrice = prices[point] as bigint
    }
  }
  involved ||= tradedInRange
  if (carried > 0)
    say(
      `${track.symbol}: the stock had no candle at ${carried} point${carried === 1 ? '' : 's'} held ` +
        `(a weekend, a holiday): its last close was carried.`,
    )
  if (unknownStock)
    say(
      `${track.symbol}: the stock's price is not known at every step: ` +
        `its unexplained moves count as the stock's.`,
    )
  return {
    symbol: track.symbol,
    exponent,
    values,
    fairValues,
    costs,
    traded,
    flows,
    inflows,
    stockPrices,
    stockPlaces: scale.stock,
    splits,
    stock: parts.decimal(STOCK),
    multiplier: parts.decimal(MULTIPLIER),
    premium: parts.decimal(PREMIUM),
    fees: new BigDecimal(fees, exponent),
    openedInRange: !heldAtStart && involved,
    closedInRange: quantity === 0n && involved,
    involved,
  }
}
