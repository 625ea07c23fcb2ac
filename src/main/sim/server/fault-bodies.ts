import type { RandomSequence } from '../market/random'
import type { SimEndpoint } from './routes'
import { withBadWalletRecords } from './wallet-routes'

/**
 * The broken bodies of fault injection. Each returns a new value and never touches its input:
 * the market hands the same objects to every request of a step.
 */

/** About one record in ten is broken, and always at least one. */
const BROKEN_SHARE = 0.1

/** The real front end's page when something behind it fails: HTML where JSON was expected. */
export const HTML_ERROR_PAGE =
  '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>' +
  '<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n'

/** The first half of a JSON body: one that ends mid-value. */
export function truncateJson(json: Buffer): Buffer {
  return json.subarray(0, Math.max(1, Math.floor(json.length / 2)))
}

type JsonObject = Record<string, unknown>

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null

/** Every `timestamp` (records and history points) in whole seconds, as one published sample shows. */
export function withSecondsTimestamps(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withSecondsTimestamps)
  if (!isObject(body)) return body
  const copy: JsonObject = {}
  for (const [key, value] of Object.entries(body)) {
    copy[key] =
      key === 'timestamp' && typeof value === 'number'
        ? Math.floor(value / 1000)
        : withSecondsTimestamps(value)
  }
  return copy
}

/**
 * A market or price record with a schema break: its price is not a number, or its symbol is gone.
 * A limits entry: a cap that is not a number, or its symbol is gone.
 */
function breakRecord(record: unknown, random: RandomSequence): unknown {
  const copy: unknown = structuredClone(record)
  if (!isObject(copy)) return copy
  const target = isObject(copy.primaryMarket) ? copy.primaryMarket : copy
  if (random.next() < 0.5) {
    delete target.symbol
  } else if (target === copy && isObject(copy.premarket)) {
    copy.premarket.maxAttestationCount = 'abc'
  } else {
    target.price = 'abc'
  }
  return copy
}

function breakSomeOf(records: readonly unknown[], random: RandomSequence): unknown[] {
  const out = [...records]
  const count = Math.max(1, Math.round(records.length * BROKEN_SHARE))
  for (let i = 0; i < count && records.length > 0; i++) {
    const index = random.below(records.length)
    out[index] = breakRecord(records[index], random)
  }
  return out
}

/**
 * A record of the endpoints beyond the spec, broken the way their ISO times invite: a `start`
 * without its zone (a pause), or no `timestamp` at all (the single-record answers).
 */
function breakStatusRecord(record: unknown): unknown {
  if (!isObject(record)) return record
  const copy: JsonObject = { ...record }
  if (typeof copy.start === 'string') copy.start = copy.start.replace(/Z$/, '')
  else delete copy.timestamp
  return copy
}

/** The body with some records breaking the schema; the rest stay as they were. */
export function withBadRecords(endpoint: SimEndpoint, body: unknown, random: RandomSequence): unknown {
  switch (endpoint) {
    case 'market':
    case 'price':
      return breakRecord(body, random)
    case 'allMarket':
    case 'allPrices':
      return breakSomeOf(body as unknown[], random)
    case 'marketStatus':
    case 'tradingCapacity':
    case 'dividends':
      return breakStatusRecord(body)
    case 'assetPauses': {
      const pauses = body as unknown[]
      const index = pauses.length > 0 ? random.below(pauses.length) : -1
      return pauses.map((pause, i) => (i === index ? breakStatusRecord(pause) : pause))
    }
    case 'candles': {
      // One candle of each side's data gets a close that is not a number.
      const candles = structuredClone(body) as JsonObject
      for (const side of [candles.primaryMarket, candles.underlyingMarket]) {
        const data = isObject(side) && Array.isArray(side.data) ? (side.data as JsonObject[]) : []
        const broken = data.length > 0 ? data[random.below(data.length)] : undefined
        if (broken) broken.close = 'abc'
      }
      return candles
    }
    case 'multiplierHistory': {
      // A change to zero, which no multiplier can be.
      const history = structuredClone(body) as JsonObject
      const changes = Array.isArray(history.history) ? (history.history as JsonObject[]) : []
      const broken = changes.length > 0 ? changes[random.below(changes.length)] : undefined
      if (broken) broken.sharesMultiplier = '0'
      return history
    }
    case 'tokenAddresses':
    case 'walletBalances':
      return withBadWalletRecords(endpoint, body)
    case 'limits':
      return (body as JsonObject[]).map((envelope) => ({
        ...envelope,
        limits: breakSomeOf(envelope.limits as unknown[], random),
      }))
  }
}
