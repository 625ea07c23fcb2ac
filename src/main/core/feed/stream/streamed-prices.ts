import { isNonNegativeDecimalString } from '../../../../shared/decimal'
import type { StreamDrops } from '../../../../shared/stream-status'
import type { WirePriceRecord } from '../../api/wire/wire'
import type { PriceUpdateMessage } from './stream-proto'
import { uint64Of } from '../../uint64'

/**
 * Reads the price stream's frames into the records the polled prices are (WirePriceRecord), so a
 * streamed price goes down the same path: one bad record is dropped and counted, never the frame
 * or the stream. Per symbol the newest timestamp wins: an update older than or the same as the one
 * already taken is dropped and counted (the stream may repeat or reorder). Only the symbols subscribed are
 * kept, so what this
 * remembers is bounded by the shown symbols, whatever a frame carries.
 */

const NS_PER_MS = 1_000_000n
/** Before 2000 no timestamp of this service can be true. */
export const EARLIEST_MS = Date.UTC(2000, 0, 1)
/** A clock may run a little ahead; more than a minute is not a time but a fault. */
export const MAX_AHEAD_MS = 60_000
const MAX_SYMBOL_LENGTH = 64
const MAX_TICKER_LENGTH = 64

export class StreamedPrices {
  /** Per subscribed symbol, the newest update's nanoseconds taken (undefined: none yet). */
  private newest = new Map<string, bigint | undefined>()
  readonly drops: StreamDrops = { malformed: 0, unknown: 0, outOfOrder: 0 }

  constructor(symbols: Iterable<string> = []) {
    this.setSymbols(symbols)
  }

  /** The symbols subscribed now; those kept keep their newest instant. */
  setSymbols(symbols: Iterable<string>): void {
    const next = new Map<string, bigint | undefined>()
    for (const symbol of symbols) next.set(symbol, this.newest.get(symbol))
    this.newest = next
  }

  /** The frame's records worth taking, in order; `now` judges a timestamp from the future. */
  read(updates: readonly PriceUpdateMessage[], now: number): WirePriceRecord[] {
    const taken: WirePriceRecord[] = []
    for (const update of updates) {
      const nanos = nanosOf(update, now)
      if (nanos === null) {
        this.drops.malformed++
        continue
      }
      if (!this.newest.has(update.symbol)) {
        this.drops.unknown++
        continue
      }
      const current = this.newest.get(update.symbol)
      if (current !== undefined && nanos <= current) {
        this.drops.outOfOrder++
        continue
      }
      this.newest.set(update.symbol, nanos)
      taken.push({
        primaryMarket: { symbol: update.symbol, price: update.token_price },
        underlyingMarket: update.ticker === '' ? null : { ticker: update.ticker, price: update.stock_price },
        timestamp: msOfNanos(nanos),
      })
    }
    return taken
  }
}

/** The update's instant in nanoseconds, or null when the record is not one to take. */
function nanosOf(update: PriceUpdateMessage, now: number): bigint | null {
  const { symbol, ticker, token_price, stock_price, timestamp } = update
  if (typeof symbol !== 'string' || symbol.length === 0 || symbol.length > MAX_SYMBOL_LENGTH) return null
  if (typeof ticker !== 'string' || ticker.length > MAX_TICKER_LENGTH) return null
  // A decimal beyond 40 digits either side fails the pattern: the record is dropped whole, never rounded.
  if (!isNonNegativeDecimalString(token_price)) return null
  if (ticker !== '' && !isNonNegativeDecimalString(stock_price)) return null
  return streamedInstant(timestamp, now)
}

/**
 * A stream's uint64 nanoseconds (read exactly, never a float), or null when it is not a time this
 * service can have sent: 0, before 2000, more than a minute ahead of `now`.
 */
export function streamedInstant(timestamp: unknown, now: number): bigint | null {
  const nanos = uint64Of(timestamp)
  if (nanos === null) return null
  // Whole milliseconds of a uint64 stay under 2^53: exact as a number.
  const ms = msOfNanos(nanos)
  if (ms < EARLIEST_MS || ms > now + MAX_AHEAD_MS) return null
  return nanos
}

/** Nanoseconds to whole milliseconds, exactly (the instant's own millisecond). */
export const msOfNanos = (nanos: bigint): number => Number(nanos / NS_PER_MS)
