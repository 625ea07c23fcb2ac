import type { Transaction } from '../../../shared/holdings'
import { screenTimeText } from '../screen-time'
import { BIG_ZERO, BigDecimal } from './big-decimal'
import { type PriceMark, type PriceTrack, tradeMark } from './price-track'
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
 */

export interface LedgerEntry {
  transaction: Transaction
  instant: number
  /** The symbol's holding just after the transaction (ledger-replay.ts). */
  quantity: BigDecimal
  cost: BigDecimal
}

export interface PositionWalk {
  symbol: string
  values: BigDecimal[]
  /** null at a point where tokens were held and their stock or multiplier was unknown. */
  fairValues: (BigDecimal | null)[]
  costs: BigDecimal[]
  flows: BigDecimal[]
  inflows: BigDecimal[]
  /** The stock's close at each point (null where unknown), and a split's ratio since the point before. */
  stockPrices: (BigDecimal | null)[]
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

const ZERO = BIG_ZERO

const isTrade = (side: string) => side === 'buy' || side === 'sell'
/** Tokens moved between wallets (issue 48): counted in or out at the market's price, with no P&L. */
const isTransfer = (side: string) => side === 'transfer-in' || side === 'transfer-out'

export function walkPosition(
  track: PriceTrack,
  entries: readonly LedgerEntry[],
  times: readonly number[],
  closes: readonly number[],
  splitBetween: SplitReader,
  say: (note: string) => void,
): PositionWalk {
  const n = times.length
  const walk: PositionWalk = {
    symbol: track.symbol,
    values: new Array(n),
    fairValues: new Array(n),
    costs: new Array(n),
    flows: new Array(n).fill(ZERO),
    inflows: new Array(n).fill(ZERO),
    stockPrices: new Array(n),
    splits: new Array(n).fill(null),
    stock: ZERO,
    multiplier: ZERO,
    premium: ZERO,
    fees: ZERO,
    openedInRange: false,
    closedInRange: false,
    involved: false,
  }
  let e = 0
  let quantity = ZERO
  let cost = ZERO
  while (e < entries.length && (entries[e] as LedgerEntry).instant <= (closes[0] as number)) {
    quantity = (entries[e] as LedgerEntry).quantity
    cost = (entries[e] as LedgerEntry).cost
    e++
  }
  const heldAtStart = !quantity.isZero()
  let tradedInRange = false
  let unknownStock = false
  let noPriceYet = false
  let carried = 0
  let mark: PriceMark | null = null
  let previous: PriceMark | null = null

  const segment = (a: PriceMark, b: PriceMark) => {
    const total = quantity.times(b.price.minus(a.price))
    if (a.fair === null || b.fair === null || a.stock === null || b.stock === null) {
      // Without the stock's price the move cannot be split: all of it is counted as the stock's, and said.
      walk.stock = walk.stock.plus(total)
      unknownStock = true
      return
    }
    const split = splitBetween(a.multiplierText, b.multiplierText)
    const restated = split === null ? (a.multiplier as BigDecimal) : (a.multiplier as BigDecimal).times(split)
    const stock = quantity.times(b.stock.times(restated).minus(a.fair))
    const premium = quantity.times(b.price.minus(b.fair).minus(a.price.minus(a.fair)))
    walk.stock = walk.stock.plus(stock)
    walk.premium = walk.premium.plus(premium)
    walk.multiplier = walk.multiplier.plus(total.minus(stock).minus(premium))
  }

  /** The bucket a trade falls in, or the nearest earlier one (said). */
  const bucketOf = (entry: LedgerEntry): PriceMark => {
    const index = track.indexAt(entry.instant)
    if (index < 0 || !track.covers(index, entry.instant))
      say(
        `${track.symbol}: no candle at ${screenTimeText(entry.instant, { year: true })} (transaction ` +
          `${entry.transaction.id}); the nearest ${index < 0 ? 'later' : 'earlier'} price was used.`,
      )
    return track.mark(Math.max(index, 0))
  }

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
        const price = known ? BigDecimal.parse(transaction.price) : bucket.price
        const trade = tradeMark(price, bucket)
        if (mark !== null && !quantity.isZero()) segment(mark, trade)
        const fee = BigDecimal.parse(transaction.fee)
        const change = entry.quantity.minus(quantity)
        const flow = change.times(price).plus(fee)
        walk.flows[i] = (walk.flows[i] as BigDecimal).plus(flow)
        if (change.isPositive()) walk.inflows[i] = (walk.inflows[i] as BigDecimal).plus(flow)
        walk.fees = walk.fees.minus(fee)
        quantity = entry.quantity
        cost = entry.cost
        mark = trade
        tradedInRange = true
        e++
      }
    }
    const index = track.indexAt(times[i] as number)
    if (index < 0 && !quantity.isZero() && !noPriceYet) {
      noPriceYet = true
      say(`${track.symbol}: no price before ${screenTimeText(track.points[0]?.t ?? 0)}; its first was used.`)
    }
    const point = index < 0 && quantity.isZero() ? null : track.mark(Math.max(index, 0))
    walk.values[i] = point === null || quantity.isZero() ? ZERO : quantity.times(point.price)
    walk.fairValues[i] =
      point === null || quantity.isZero() ? ZERO : point.fair === null ? null : quantity.times(point.fair)
    walk.costs[i] = cost
    walk.stockPrices[i] = point?.stock ?? null
    if (point !== null && previous !== null && point.multiplierText !== previous.multiplierText)
      walk.splits[i] = splitBetween(previous.multiplierText, point.multiplierText)
    if (point !== null) previous = point
    if (!quantity.isZero()) {
      walk.involved = true
      if (track.points[Math.max(index, 0)]?.underlyingCarried) carried++
    }
    if (point === null) continue
    if (mark === null || quantity.isZero()) mark = point
    else if (
      i === n - 1 ||
      point.multiplierText !== mark.multiplierText ||
      (mark.fair === null && point.fair !== null)
    ) {
      segment(mark, point)
      mark = point
    }
  }
  walk.involved ||= tradedInRange
  walk.openedInRange = !heldAtStart && walk.involved
  walk.closedInRange = quantity.isZero() && walk.involved
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
  return walk
}
