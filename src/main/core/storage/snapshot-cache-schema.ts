import { z } from 'zod'
import { isDecimalString } from '../../../shared/decimal'
import type { Snapshot } from '../../../shared/domain'
import { SESSION_NAMES } from '../../../shared/sessions'

/**
 * The cached last snapshot (last-snapshot.json) as read back from disk. We wrote it ourselves, so
 * this is lenient where that is harmless: unknown fields are dropped and fields a newer or older
 * version did not write get their empty value. It stays strict where a wrong value would reach
 * the screen: decimals must be decimal strings and timestamps finite numbers.
 */

const decimal = z.string().refine(isDecimalString, { message: 'not a decimal string' })
const optionalDecimal = decimal.nullable().default(null)
const timestampMs = z.number().finite()
const optionalTimestamp = timestampMs.nullable().default(null)
const optionalText = z.string().nullable().default(null)

const historyPointSchema = z.object({ t: timestampMs, price: decimal })

const underlyingMarketSchema = z.object({
  ticker: z.string(),
  name: optionalText,
  price: decimal,
  high52w: optionalDecimal,
  low52w: optionalDecimal,
  volume: optionalDecimal,
  averageVolume: optionalDecimal,
  sharesOutstanding: optionalDecimal,
  marketCap: optionalDecimal,
})

const sessionLimitSchema = z.object({
  tradable: z.boolean(),
  maxAttestationCount: decimal,
  maxActiveNotionalValue: decimal,
})
const optionalSessionLimit = sessionLimitSchema.nullable().default(null)

const sessionLimitsSchema = z.object({
  premarket: optionalSessionLimit,
  regular: optionalSessionLimit,
  postmarket: optionalSessionLimit,
  overnight: optionalSessionLimit,
  offhours: optionalSessionLimit,
})

const assetQuoteSchema = z.object({
  symbol: z.string().min(1),
  name: optionalText,
  ticker: optionalText,
  price: optionalDecimal,
  priceTimestamp: optionalTimestamp,
  change24h: optionalDecimal,
  changePct24h: optionalDecimal,
  history24h: z.array(historyPointSchema).default([]),
  holders: z.number().int().nonnegative().nullable().default(null),
  sharesMultiplier: optionalDecimal,
  tradableSessions: z.array(z.enum(SESSION_NAMES)).default([]),
  otherSessions: z.array(z.string()).default([]),
  constituentTokens: z.array(z.string()).default([]),
  underlying: underlyingMarketSchema.nullable().default(null),
  fairValue: optionalDecimal,
  premiumPct: optionalDecimal,
  limits: sessionLimitsSchema.nullable().default(null),
  marketTimestamp: optionalTimestamp,
  limitsTimestamp: optionalTimestamp,
  stale: z.boolean().default(false),
})

const snapshotErrorSchema = z.object({ scope: z.string(), code: z.string(), message: z.string() })

export const snapshotSchema: z.ZodType<Snapshot> = z.object({
  asOf: timestampMs,
  source: z.object({ baseUrl: z.string(), demo: z.boolean() }),
  assets: z.array(assetQuoteSchema),
  errors: z.array(snapshotErrorSchema).default([]),
})
