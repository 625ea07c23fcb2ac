import { Dec } from '../../../shared/decimal'
import type { CostMethod, LedgerPosition, Transaction } from '../../../shared/holdings'
import { transactionInstant } from '../../../shared/holdings-schema'

/**
 * Replays a ledger in time order into one position per symbol, by average cost or FIFO lots, in
 * decimal.js (never floating point). Quantities are never adjusted: a split moves the token's
 * shares multiplier, not the holder's token count, so cost per token stays valid.
 *
 * Average cost: a buy adds quantity x price + fee to the cost (the average is cost / quantity); a
 * sell realizes quantity x price - fee - quantity x average and takes quantity x average from the
 * cost, which leaves the average as it was.
 * FIFO: each buy is a lot costing quantity x price + fee; a sell takes the oldest lots first,
 * each at its own cost per token. A position sold to zero has cost exactly zero either way.
 */

/** A sell larger than the holding at its time: the ledger refuses it, naming the holding then. */
export interface OversoldSell {
  transaction: Transaction
  /** What was held just before the sell, as a decimal string. */
  held: string
  /** "The sell of 5 AAPLon at 2026-01-05T10:00:00-05:00 is more than the 3 AAPLon held then." */
  message: string
}

export type ReplayResult = { ok: true; positions: LedgerPosition[] } | { ok: false; oversold: OversoldSell }

interface Lot {
  quantity: Dec
  cost: Dec
}

interface Book {
  quantity: Dec
  cost: Dec
  realized: Dec
  lots: Lot[]
}

const ZERO = new Dec(0)

/**
 * Quotients are shown to this many significant digits (the issue asks at least 18): enough to be
 * exact for any real price, and short enough that 80-digit rounding noise never shows.
 */
export const QUOTIENT_DIGITS = 30

export function divided(dividend: Dec, divisor: Dec): string {
  return dividend.dividedBy(divisor).toSignificantDigits(QUOTIENT_DIGITS).toString()
}

/**
 * Time order; at one instant buys before sells (a buy and its sale in the same second both
 * stand), then by id, so the same transactions replay alike in whatever order they were entered.
 */
export function inTimeOrder(transactions: readonly Transaction[]): Transaction[] {
  return transactions
    .map((transaction) => ({ transaction, at: transactionInstant(transaction) }))
    .sort(
      (a, b) =>
        a.at - b.at ||
        (a.transaction.side === b.transaction.side ? 0 : a.transaction.side === 'buy' ? -1 : 1) ||
        compareIds(a.transaction.id, b.transaction.id),
    )
    .map(({ transaction }) => transaction)
}

function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)
}

function buy(book: Book, quantity: Dec, cost: Dec, method: CostMethod): void {
  book.quantity = book.quantity.plus(quantity)
  book.cost = book.cost.plus(cost)
  if (method === 'fifo') book.lots.push({ quantity, cost })
}

/** The cost of `quantity` tokens taken from the oldest lots; a lot taken whole gives its exact cost. */
function takeFromLots(lots: Lot[], quantity: Dec): Dec {
  let left = quantity
  let taken = ZERO
  while (left.greaterThan(0)) {
    const lot = lots[0] as Lot
    if (lot.quantity.lessThanOrEqualTo(left)) {
      taken = taken.plus(lot.cost)
      left = left.minus(lot.quantity)
      lots.shift()
    } else {
      const part = lot.cost.times(left).dividedBy(lot.quantity)
      lots[0] = { quantity: lot.quantity.minus(left), cost: lot.cost.minus(part) }
      taken = taken.plus(part)
      left = ZERO
    }
  }
  return taken
}

function sell(book: Book, quantity: Dec, proceeds: Dec, method: CostMethod): void {
  const remaining = book.quantity.minus(quantity)
  const costTaken = remaining.isZero()
    ? book.cost
    : method === 'fifo'
      ? takeFromLots(book.lots, quantity)
      : // At the average, cost x quantity / held; divided once per sell, not once per buy.
        book.cost.times(quantity).dividedBy(book.quantity)
  book.realized = book.realized.plus(proceeds.minus(costTaken))
  book.quantity = remaining
  book.cost = remaining.isZero() ? ZERO : book.cost.minus(costTaken)
  if (remaining.isZero()) book.lots = []
}

/** Replays the whole ledger; the first sell larger than its holding stops it and is returned. */
export function replayLedger(transactions: readonly Transaction[], method: CostMethod): ReplayResult {
  const books = new Map<string, Book>()
  for (const transaction of inTimeOrder(transactions)) {
    let book = books.get(transaction.symbol)
    if (!book) {
      book = { quantity: ZERO, cost: ZERO, realized: ZERO, lots: [] }
      books.set(transaction.symbol, book)
    }
    const quantity = new Dec(transaction.quantity)
    const amount = quantity.times(transaction.price)
    if (transaction.side === 'buy') {
      buy(book, quantity, amount.plus(transaction.fee), method)
    } else if (quantity.greaterThan(book.quantity)) {
      const held = book.quantity.toString()
      return {
        ok: false,
        oversold: {
          transaction,
          held,
          message: `The sell of ${transaction.quantity} ${transaction.symbol} at ${transaction.time} is more than the ${held} ${transaction.symbol} held then`,
        },
      }
    } else {
      sell(book, quantity, amount.minus(transaction.fee), method)
    }
  }
  const positions = [...books].map(([symbol, book]) => ({
    symbol,
    quantity: book.quantity.toString(),
    cost: book.cost.toString(),
    averageCost: book.quantity.isZero() ? null : divided(book.cost, book.quantity),
    realized: book.realized.toString(),
  }))
  return { ok: true, positions: positions.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0)) }
}
