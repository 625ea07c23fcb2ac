import { z } from 'zod'
import { TRADE_SIDES } from '../../../../shared/holdings'
import { EARLIEST_RECORD_MS } from './record-dates'
import { nonNegativeDecimal, symbol, timestamp } from './wire'

/**
 * Wire schemas of the service's endpoints beyond the spec's five (real-service-notes.md, "Beyond
 * the spec"): market status, asset pauses, trading capacity now, dividends. Like wire.ts they
 * ignore unknown fields and keep decimals as the exact strings sent; words the service may
 * extend (statuses, reasons, codes, frequencies) are kept as sent, never refused for being new.
 */

/**
 * An ISO-8601 instant WITH its zone (`Z` or `+hh:mm`), normalised to Unix ms. Without a zone the
 * instant is ambiguous (local time of which machine?), so it is refused, with its record.
 */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i

export const isoInstant = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const ms = ISO_WITH_ZONE.test(value) ? Date.parse(value) : Number.NaN
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: `not an ISO-8601 time with a zone: ${value.slice(0, 40)}` })
      return z.NEVER
    }
    if (ms < EARLIEST_RECORD_MS) {
      ctx.addIssue({ code: 'custom', message: `${value.slice(0, 40)} is before 2000` })
      return z.NEVER
    }
    return ms
  })

/** A word the service chose (status, reason, code): bounded, kept as sent. */
const word = z.string().min(1).max(64)

/** `{code, message, documentation}`, the reason block of status, pauses and capacity. */
export const wireReason = z.object({
  code: word,
  message: z.string().max(300).optional(),
  documentation: z.string().max(2000).optional(),
})

/** `GET /v1/status/market`. Every time is an ISO string here, not milliseconds. */
export const wireMarketStatus = z.object({
  timestamp: isoInstant,
  isOpen: z.boolean(),
  marketStatus: word,
  nextOpenSession: word.nullable().optional(),
  nextOpen: isoInstant.nullable().optional(),
  nextClose: isoInstant.nullable().optional(),
  reason: wireReason.nullable().optional(),
  offhours: z
    .object({
      isOpen: z.boolean(),
      nextOpen: isoInstant.nullable().optional(),
      nextClose: isoInstant.nullable().optional(),
    })
    .nullable()
    .optional(),
})

/** One entry of `GET /v1/status/assets`. `start`/`end` may be absent (some unscheduled pauses). */
export const wireAssetPause = z
  .object({
    symbol,
    status: word,
    type: word,
    reason: wireReason.nullable().optional(),
    start: isoInstant.nullable().optional(),
    end: isoInstant.nullable().optional(),
    eventId: z
      .union([z.string().max(200), z.number()])
      .nullable()
      .optional(),
    updateSharesMultiplier: z.boolean().nullable().optional(),
  })
  .refine((pause) => pause.start == null || pause.end == null || pause.end >= pause.start, {
    message: 'the pause ends before it starts',
    path: ['end'],
  })

/** An integer count; the service sends a string ("3"), a number is taken too. */
const countString = z.union([
  z.string().regex(/^\d{1,18}$/, 'not a whole-number string'),
  z.number().int().nonnegative().transform(String),
])

/** `GET /v1/limits/trading?symbol=S&side=buy|sell`. The example's `timestamp` is Unix ms. */
export const wireTradingCapacity = z.object({
  timestamp: z.union([timestamp, isoInstant]),
  symbol,
  side: z.enum(TRADE_SIDES),
  maxTokens: nonNegativeDecimal,
  maxNotionalValue: nonNegativeDecimal,
  remainingAttestations: countString,
  isAssetTradingOpen: z.boolean(),
  reason: wireReason.nullable().optional(),
})

/** `GET /v1/assets/{symbol}/dividends`. `dividendYield` is a fraction ("0.0245" = 2.45%). */
export const wireDividends = z.object({
  ticker: z.string().min(1).max(64),
  dividendYield: nonNegativeDecimal.nullable().optional(),
  payoutFrequency: word.nullable().optional(),
  lastCashAmount: nonNegativeDecimal.nullable().optional(),
  lastPaymentDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'not a YYYY-MM-DD date')
    .nullable()
    .optional(),
  timestamp: z.union([timestamp, isoInstant]),
})

export type WireMarketStatus = z.output<typeof wireMarketStatus>
export type WireAssetPause = z.output<typeof wireAssetPause>
export type WireTradingCapacity = z.output<typeof wireTradingCapacity>
export type WireDividends = z.output<typeof wireDividends>
