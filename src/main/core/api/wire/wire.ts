import { z } from 'zod'
import { isDecimalString, isNonNegativeDecimalString } from '../../../../shared/decimal'
import { normalizeTimestampMs } from './timestamps'

/**
 * Wire schemas of the five endpoints (spec part 2), tolerant where the real service varies
 * (real-service-notes.md): unknown fields are ignored (zod strips them), `tradableSessions` is
 * optional and may hold session names we do not know, `underlyingMarket` may be null, limits come
 * as an array or a single object, timestamps may be in seconds. Decimals are checked and kept as
 * the exact strings sent.
 *
 * Validation is per record: a response is first read as an array of unknown values, then each
 * record is parsed on its own, so one bad record is dropped and reported, never the response.
 */

export const decimal = z.string().refine(isDecimalString, { message: 'not a decimal string' })
export const nonNegativeDecimal = z
  .string()
  .refine(isNonNegativeDecimalString, { message: 'not a non-negative decimal string' })

/** A Unix time, in ms or (seen once) seconds; normalised to ms. */
export const timestamp = z.number().transform((value, ctx) => {
  const ms = normalizeTimestampMs(value)
  if (ms === null) {
    ctx.addIssue({ code: 'custom', message: `not a usable timestamp: ${value}` })
    return z.NEVER
  }
  return ms
})

export const symbol = z.string().min(1).max(64)

export const wireHistoryPoint = z.object({ timestamp, price: nonNegativeDecimal })

export const wirePrimaryMarket = z.object({
  symbol,
  price: nonNegativeDecimal,
  priceChange24h: decimal.optional(),
  priceChangePct24h: decimal.optional(),
  priceHistory24h: z.array(wireHistoryPoint).optional(),
  totalHolders: z.number().int().nonnegative().optional(),
  sharesMultiplier: nonNegativeDecimal.optional(),
  /** Kept as raw strings here; the normaliser splits known sessions from unknown ones. */
  tradableSessions: z.array(z.string().max(64)).max(32).optional(),
})

export const wireUnderlyingMarket = z.object({
  ticker: z.string().max(64),
  name: z.string().max(512).optional(),
  price: nonNegativeDecimal,
  priceHigh52w: nonNegativeDecimal.optional(),
  priceLow52w: nonNegativeDecimal.optional(),
  volume: nonNegativeDecimal.optional(),
  averageVolume: nonNegativeDecimal.optional(),
  sharesOutstanding: nonNegativeDecimal.optional(),
  marketCap: nonNegativeDecimal.optional(),
})

/** The tokens a basket holds (real-service-notes.md: top level, `[]` for single stocks). */
export const wireConstituentTokens = z.array(symbol).max(256)

/** 2.1: one market data record (endpoints 1 and 2). */
export const wireMarketRecord = z.object({
  primaryMarket: wirePrimaryMarket,
  underlyingMarket: wireUnderlyingMarket.nullable(),
  timestamp,
  constituentTokens: wireConstituentTokens.optional(),
})

/** 2.4: one latest-price record (endpoints 3 and 4). */
export const wirePriceRecord = z.object({
  primaryMarket: z.object({ symbol, price: nonNegativeDecimal }),
  underlyingMarket: z.object({ ticker: z.string().max(64), price: nonNegativeDecimal }).nullable(),
  timestamp,
})

export const wireSessionLimit = z.object({
  tradable: z.boolean(),
  maxAttestationCount: nonNegativeDecimal,
  maxActiveNotionalValue: nonNegativeDecimal,
})

/**
 * One per-symbol entry of 2.5, with the service's fifth block, `offhours`. Sessions we do not know are
 * stripped.
 */
export const wireSymbolLimits = z.object({
  symbol,
  premarket: wireSessionLimit.optional(),
  regular: wireSessionLimit.optional(),
  postmarket: wireSessionLimit.optional(),
  overnight: wireSessionLimit.optional(),
  offhours: wireSessionLimit.optional(),
})

/** The envelope of 2.5 (`limits` is read per entry, see parseLimitsResponse). */
export const wireLimitsEnvelope = z.object({ limits: z.array(z.unknown()), timestamp })

export type WireMarketRecord = z.output<typeof wireMarketRecord>
export type WirePriceRecord = z.output<typeof wirePriceRecord>
export type WireSymbolLimits = z.output<typeof wireSymbolLimits>
export type WireSessionLimit = z.output<typeof wireSessionLimit>

/** The documented error body `{code, message, documentation}`, read only when it parses. */
export const wireErrorBody = z.object({
  code: z.string().max(200),
  message: z.string().max(2000).optional(),
  documentation: z.string().max(2000).optional(),
})
export type WireErrorBody = z.output<typeof wireErrorBody>
