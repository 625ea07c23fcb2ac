import { z } from 'zod'
import { isNonNegativeDecimalString, nonNegativeAtMost } from '../../../../shared/decimal'
import { normalizeTimestampMs } from './timestamps'
import { symbol, timestamp } from './wire'
import { isDecimalText } from './wire-fast-path'
import { type RejectedRecord, ResponseShapeError, parseEach } from './wire-parse'

/**
 * The history endpoints beyond the spec (real-service-notes.md, "Beyond the spec"): candles
 * (`/v1/assets/{symbol}/prices/ohlc`) and the shares-multiplier history. Read record by record:
 * a candle that fails is left out and counted, never the answer; a multiplier change of zero or
 * less is rejected with its record (a price divided by it would mean nothing); the changes come
 * back in time order whatever order the service sent.
 */

/** One candle as we keep it: the bucket's start (ms) and its prices exactly as sent. */
export interface Candle {
  t: number
  open: string
  high: string
  low: string
  close: string
}

/** A step of the multiplier: `value` in force from `t`. */
export interface MultiplierStep {
  t: number
  value: string
}

const price = z.string().refine(isNonNegativeDecimalString, { message: 'not a non-negative decimal string' })

/** The schema has the last word; it also says why a candle was refused. */
export const wireCandle = z
  .object({ timestamp, open: price, high: price, low: price, close: price })
  .refine((c) => nonNegativeAtMost(c.low, c.high), { message: 'low above high' })
  .transform((c): Candle => ({ t: c.timestamp, open: c.open, high: c.high, low: c.low, close: c.close }))

export const wireMultiplierChange = z
  .object({
    sharesMultiplier: price.refine((value) => /[1-9]/.test(value), { message: 'a multiplier of zero' }),
    changeTimestamp: timestamp,
  })
  .transform((c): MultiplierStep => ({ t: c.changeTimestamp, value: c.sharesMultiplier }))

const candleSide = z.object({ data: z.array(z.unknown()).max(100_000) })
const wireCandlesEnvelope = z.object({
  interval: z.string().max(16),
  range: z.string().max(16),
  primaryMarket: candleSide.extend({ symbol }),
  underlyingMarket: candleSide.extend({ ticker: symbol }).nullable().optional(),
})

const wireMultiplierEnvelope = z.object({
  history: z.array(z.unknown()).max(100_000),
  timestamp: timestamp.optional(),
})

export interface CandlesAnswer {
  interval: string
  range: string
  symbol: string
  ticker: string | null
  token: Candle[]
  stock: Candle[]
  /** Candles of either side left out, each with why. */
  rejected: RejectedRecord[]
}

export interface MultiplierAnswer {
  /** Oldest first. */
  steps: MultiplierStep[]
  rejected: RejectedRecord[]
}

/**
 * The common case without zod: a plain object with four decimal strings and a usable time. What
 * it is not sure of goes to the schema. A candle answer of 5,000 candles is read in about the
 * time JSON.parse took to build it.
 */
function fastCandle(raw: unknown): Candle | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const c = raw as Record<string, unknown>
  const { open, high, low, close } = c
  if (
    !isDecimalText(open, false) ||
    !isDecimalText(high, false) ||
    !isDecimalText(low, false) ||
    !isDecimalText(close, false) ||
    typeof c.timestamp !== 'number' ||
    !nonNegativeAtMost(low, high)
  )
    return undefined
  const t = normalizeTimestampMs(c.timestamp)
  return t === null ? undefined : { t, open, high, low, close }
}

/** The common multiplier change without zod; a zero, a negative or anything odd goes to the schema. */
function fastMultiplierChange(raw: unknown): MultiplierStep | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const { sharesMultiplier, changeTimestamp } = raw as Record<string, unknown>
  if (
    !isDecimalText(sharesMultiplier, false) ||
    !/[1-9]/.test(sharesMultiplier) ||
    typeof changeTimestamp !== 'number'
  )
    return undefined
  const t = normalizeTimestampMs(changeTimestamp)
  return t === null ? undefined : { t, value: sharesMultiplier }
}

const byTime = (a: { t: number }, b: { t: number }) => a.t - b.t

function inTimeOrder<T extends { t: number }>(items: T[]): T[] {
  for (let i = 1; i < items.length; i++)
    if ((items[i] as T).t < (items[i - 1] as T).t) return items.sort(byTime)
  return items
}

/** `/v1/assets/{symbol}/prices/ohlc`: the envelope must hold; each candle stands or falls alone. */
export function parseCandlesResponse(body: unknown): CandlesAnswer {
  const envelope = wireCandlesEnvelope.safeParse(body)
  if (!envelope.success)
    throw new ResponseShapeError(
      `candles response: ${envelope.error.issues[0]?.message ?? 'not a candles answer'}`,
    )
  const { primaryMarket, underlyingMarket } = envelope.data
  const token = parseEach(wireCandle, primaryMarket.data, fastCandle)
  const stock = parseEach(wireCandle, underlyingMarket?.data ?? [], fastCandle)
  return {
    interval: envelope.data.interval,
    range: envelope.data.range,
    symbol: primaryMarket.symbol,
    ticker: underlyingMarket?.ticker ?? null,
    token: inTimeOrder(token.records),
    stock: inTimeOrder(stock.records),
    rejected: [...token.rejected, ...stock.rejected],
  }
}

/** `/v1/assets/{symbol}/shares-multiplier`: changes sorted oldest first, bad ones rejected. */
export function parseMultiplierHistoryResponse(body: unknown): MultiplierAnswer {
  const envelope = wireMultiplierEnvelope.safeParse(body)
  if (!envelope.success)
    throw new ResponseShapeError(
      `multiplier history response: ${envelope.error.issues[0]?.message ?? 'not a history'}`,
    )
  const parsed = parseEach(wireMultiplierChange, envelope.data.history, fastMultiplierChange)
  return { steps: inTimeOrder(parsed.records), rejected: parsed.rejected }
}
