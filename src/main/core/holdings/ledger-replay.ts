import type { Dec } from '../../../shared/decimal'
import {
  type CostMethod,
  isInflow,
  type LedgerPosition,
  sideWords,
  type Transaction,
} from '../../../shared/holdings'
import { transactionInstant } from '../../../shared/holdings-schema'
import { screenTimeText } from '../screen-time'
import { decimalText, dividedHalfEven, quotientText, units } from './fixed-point'

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
 * Transfers (holdings.ts, LEDGER_SIDES): a transfer in is a buy at the cost basis given (a lot of
 * its own under FIFO); a transfer out takes its tokens' cost as a sell does but realizes nothing for
 * them, only its fee as a loss.
 */

/**
 * A sell or transfer out larger than the holding at its time: the ledger refuses it, naming the
 * holding then.
 */
export interface OversoldSell {
  transaction: Transaction
  /** What was held just before the sell, as a decimal string. */
  held: string
  /**
   * "The sell of 5 AAPLon at Jan 5, 2026, 10:00:00 ET is more than the 3 AAPLon held then."
   * ("The transfer out of ..." for a transfer out.)
   */
  message: string
}

export type ReplayResult = { ok: true; positions: LedgerPosition[] } | { ok: false; oversold: OversoldSell }

/**
 * Its symbol's holding just after a transaction, for the portfolio's history (portfolio/), as the
 * replay counts it: whole units of 10^-QUANTITY_PLACES token and 10^-MONEY_PLACES dollar (written
 * out, 20,000 of them were a tenth of the portfolio's time).
 */
export type ReplayObserver = (transaction: Transaction, held: { quantity: bigint; cost: bigint }) => void

/**
 * The replay counts in whole units of 10^-18 token and 10^-80 dollar (BigInt): exact decimal fixed
 * point. Every token amount has at most 18 decimals and every price and fee at most 40
 * (holdings-schema.ts), so each sum and product is exact, and the one division (a sale's cost at
 * the average, or the part of a FIFO lot taken) is rounded half to even at the 80th decimal, far
 * past any figure shown. Against decimal.js on the bench's 20,000 transactions it is over twice
 * as fast from a cold start (no operation parses, allocates digit arrays or rounds to a
 * precision: BENCHMARKS.md); the strings that come out are the same wherever the inputs make them
 * exact, and the average's quotient is written digit for digit as divided() writes it.
 * decimal.js stays for everything after (valuation.ts).
 */
export const QUANTITY_PLACES = 18
export const MONEY_PLACES = 80
const PRICE_PLACES = MONEY_PLACES - QUANTITY_PLACES

interface Lot {
  quantity: bigint
  cost: bigint
}

interface Book {
  /** In QUANTITY_PLACES units. */
  quantity: bigint
  /** In MONEY_PLACES units, as are `realized` and each lot's cost. */
  cost: bigint
  realized: bigint
  /** FIFO only: the lots bought, oldest first from `firstLot` (those before it are used up). */
  lots: Lot[]
  firstLot: number
}

/**
 * Quotients are shown to this many significant digits (the issue asks at least 18): enough to be
 * exact for any real price, and short enough that 80-digit rounding noise never shows.
 */
export const QUOTIENT_DIGITS = 30

export function divided(dividend: Dec, divisor: Dec): string {
  return dividend.dividedBy(divisor).toSignificantDigits(QUOTIENT_DIGITS).toString()
}

/**
 * Time order; at one instant tokens in (buys, transfers in) before tokens out (a buy and its sale
 * in the same second both stand), then by id, so the same transactions replay alike in whatever
 * order they were entered.
 * A ledger is nearly always kept in that order already: it is checked in one pass and sorted only
 * when it is not.
 */
export function inTimeOrder(transactions: readonly Transaction[]): Transaction[] {
  const instants = transactions.map(transactionInstant)
  const before = (a: number, b: number) =>
    (instants[a] as number) - (instants[b] as number) ||
    compareAtOneInstant(transactions[a] as Transaction, transactions[b] as Transaction)
  let ordered = true
  for (let i = 1; i < transactions.length && ordered; i++) ordered = before(i - 1, i) <= 0
  if (ordered) return [...transactions]
  return transactions
    .map((_, index) => index)
    .sort(before)
    .map((index) => transactions[index] as Transaction)
}

function compareAtOneInstant(a: Transaction, b: Transaction): number {
  const aIn = isInflow(a.side)
  return (aIn === isInflow(b.side) ? 0 : aIn ? -1 : 1) || compareIds(a.id, b.id)
}

function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)
}

function buy(book: Book, quantity: bigint, cost: bigint, method: CostMethod): void {
  book.quantity += quantity
  book.cost += cost
  if (method === 'fifo') book.lots.push({ quantity, cost })
}

/** The cost of `quantity` tokens taken from the oldest lots; a lot taken whole gives its exact cost. */
function takeFromLots(book: Book, quantity: bigint): bigint {
  let left = quantity
  let taken = 0n
  while (left > 0n) {
    const lot = book.lots[book.firstLot] as Lot
    if (lot.quantity <= left) {
      taken += lot.cost
      left -= lot.quantity
      book.firstLot++
    } else {
      const part = dividedHalfEven(lot.cost * left, lot.quantity)
      book.lots[book.firstLot] = { quantity: lot.quantity - left, cost: lot.cost - part }
      taken += part
      left = 0n
    }
  }
  return taken
}

/** Takes `quantity` tokens out of the book; answers the cost they take with them. */
function takeOut(book: Book, quantity: bigint, method: CostMethod): bigint {
  const remaining = book.quantity - quantity
  const costTaken =
    remaining === 0n
      ? book.cost
      : method === 'fifo'
        ? takeFromLots(book, quantity)
        : // At the average, cost x quantity / held; divided once per sell, not once per buy.
          dividedHalfEven(book.cost * quantity, book.quantity)
  book.quantity = remaining
  book.cost = remaining === 0n ? 0n : book.cost - costTaken
  if (remaining === 0n) {
    book.lots = []
    book.firstLot = 0
  }
  return costTaken
}

/** Replays the whole ledger; the first sell larger than its holding stops it and is returned. */
export function replayLedger(
  transactions: readonly Transaction[],
  method: CostMethod,
  observe?: ReplayObserver,
): ReplayResult {
  const books = new Map<string, Book>()
  for (const transaction of inTimeOrder(transactions)) {
    let book = books.get(transaction.symbol)
    if (!book) {
      book = { quantity: 0n, cost: 0n, realized: 0n, lots: [], firstLot: 0 }
      books.set(transaction.symbol, book)
    }
    const quantity = units(transaction.quantity, QUANTITY_PLACES)
    // Tokens x dollars per token: QUANTITY_PLACES + PRICE_PLACES = MONEY_PLACES, exact.
    const amount = quantity * units(transaction.price, PRICE_PLACES)
    const fee = transaction.fee === '0' ? 0n : units(transaction.fee, MONEY_PLACES)
    if (isInflow(transaction.side)) {
      buy(book, quantity, amount + fee, method)
    } else if (quantity > book.quantity) {
      const held = decimalText(book.quantity, QUANTITY_PLACES)
      return {
        ok: false,
        oversold: {
          transaction,
          held,
          message:
            `The ${sideWords(transaction.side)} of ${transaction.quantity} ${transaction.symbol} at ` +
            `${tradeTime(transaction)} is more than the ${held} ${transaction.symbol} held then`,
        },
      }
    } else {
      const costTaken = takeOut(book, quantity, method)
      // A transfer out's tokens leave at their cost (its price is 0): only its fee is spent.
      book.realized += transaction.side === 'transfer-out' ? -fee : amount - fee - costTaken
    }
    observe?.(transaction, { quantity: book.quantity, cost: book.cost })
  }
  const positions = [...books].map(([symbol, book]) => ({
    symbol,
    quantity: decimalText(book.quantity, QUANTITY_PLACES),
    cost: decimalText(book.cost, MONEY_PLACES),
    // What divided() writes, without decimal.js reading the two long strings back.
    averageCost:
      book.quantity === 0n
        ? null
        : quotientText(book.cost, MONEY_PLACES, book.quantity, QUANTITY_PLACES, QUOTIENT_DIGITS),
    realized: decimalText(book.realized, MONEY_PLACES),
  }))
  return {
    ok: true,
    positions: positions.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0)),
  }
}

/**
 * A trade's time as the ledger's lines say it (display-time.ts's one format, with the year), in
 * the zone Settings chose: the refusal reaches the command line and the window alike, and says its zone.
 */
function tradeTime(transaction: Transaction): string {
  return screenTimeText(transactionInstant(transaction), { year: true })
}
