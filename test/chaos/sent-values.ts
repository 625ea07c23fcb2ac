import type { SimEndpoint } from '../../src/main/sim/server/server'

/**
 * What the simulator really sent, per symbol and field, so a chaos run can check that every value
 * the app pushes was sent for that symbol and that field (no corrupted, shifted or mixed records).
 *
 * Deliberately independent of the app's parsing: bodies are read here with plain property access
 * and the field names of the domain model (AssetQuote) are mapped by hand. Only plain decimal
 * strings are indexed where the app expects decimals, so a broken record ("abc" as a price) is
 * never taken for a sent value. Values not sent again within `retainMs` are forgotten, which keeps
 * the index (and the run's heap) flat.
 */

type Json = Record<string, unknown>

const DECIMAL = /^-?\d+(?:\.\d+)?$/
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null
const isDecimal = (value: unknown): value is string => typeof value === 'string' && DECIMAL.test(value)

/** Unix ms: the service documents ms, one sample shows seconds (anything below 1e12). */
function toMs(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null
  return Math.round(value < 1e12 ? value * 1000 : value)
}

/** Underlying market fields of the domain model, and where each comes from on the wire. */
export const UNDERLYING_FIELDS = {
  ticker: 'ticker',
  name: 'name',
  price: 'price',
  high52w: 'priceHigh52w',
  low52w: 'priceLow52w',
  volume: 'volume',
  averageVolume: 'averageVolume',
  sharesOutstanding: 'sharesOutstanding',
  marketCap: 'marketCap',
} as const

export const LIMIT_SESSIONS = ['premarket', 'regular', 'postmarket', 'overnight', 'offhours'] as const

/** The key a session limit is indexed under: only the three fields the app keeps, in a fixed order. */
export function limitKey(limit: unknown): string | null {
  if (!isObject(limit)) return null
  const { tradable, maxAttestationCount, maxActiveNotionalValue } = limit
  if (typeof tradable !== 'boolean' || !isDecimal(maxAttestationCount) || !isDecimal(maxActiveNotionalValue))
    return null
  return JSON.stringify([tradable, maxAttestationCount, maxActiveNotionalValue])
}

export const historyKey = (t: number, price: string): string => `${t}@${price}`

export class SentValues {
  /** symbol -> field -> value -> when it was last sent (virtual ms). */
  private readonly bySymbol = new Map<string, Map<string, Map<string, number>>>()
  /** Bodies already read: the simulator hands out the same object for a whole step. */
  private readonly seen = new WeakSet<object>()
  private recordsIndexed = 0
  private lastSweep = 0

  constructor(
    private readonly watched: ReadonlySet<string>,
    private readonly now: () => number,
    private readonly retainMs: number,
  ) {}

  /** For SimServerOptions.onSend. */
  record(endpoint: SimEndpoint, body: unknown): void {
    if (isObject(body)) {
      if (this.seen.has(body)) return
      this.seen.add(body)
    }
    const records = Array.isArray(body) ? body : [body]
    if (endpoint === 'limits') for (const envelope of records) this.indexLimits(envelope)
    else for (const record of records) this.indexRecord(endpoint, record)
    this.sweep()
  }

  /** Whether `value` was sent for `symbol` as `field` within the retention window. */
  has(symbol: string, field: string, value: string): boolean {
    return this.bySymbol.get(symbol)?.get(field)?.has(value) ?? false
  }

  size(): { symbols: number; values: number; recordsIndexed: number } {
    let values = 0
    for (const fields of this.bySymbol.values()) for (const set of fields.values()) values += set.size
    return { symbols: this.bySymbol.size, values, recordsIndexed: this.recordsIndexed }
  }

  private add(symbol: string, field: string, value: string | null | undefined): void {
    if (value === null || value === undefined) return
    let fields = this.bySymbol.get(symbol)
    if (!fields) this.bySymbol.set(symbol, (fields = new Map()))
    let values = fields.get(field)
    if (!values) fields.set(field, (values = new Map()))
    values.set(value, this.now())
  }

  private addDecimal(symbol: string, field: string, value: unknown): void {
    if (isDecimal(value)) this.add(symbol, field, value)
  }

  private indexRecord(endpoint: SimEndpoint, record: unknown): void {
    if (!isObject(record) || !isObject(record.primaryMarket)) return
    const primary = record.primaryMarket
    const symbol = primary.symbol
    if (typeof symbol !== 'string' || !this.watched.has(symbol)) return
    this.recordsIndexed += 1
    const at = toMs(record.timestamp)
    this.addDecimal(symbol, 'price', primary.price)
    if (at !== null) this.add(symbol, 'priceTimestamp', String(at))
    const underlying = record.underlyingMarket
    if (underlying === null) this.add(symbol, 'underlying', 'null')
    if (isObject(underlying)) {
      if (typeof underlying.ticker === 'string') this.add(symbol, 'ticker', underlying.ticker)
      for (const [field, wire] of Object.entries(UNDERLYING_FIELDS)) {
        const value = underlying[wire]
        if (field === 'ticker' || field === 'name') {
          if (typeof value === 'string') this.add(symbol, `underlying.${field}`, value)
        } else this.addDecimal(symbol, `underlying.${field}`, value)
      }
    }
    if (endpoint !== 'market' && endpoint !== 'allMarket') return

    if (at !== null) this.add(symbol, 'marketTimestamp', String(at))
    if (isObject(underlying) && typeof underlying.name === 'string') this.add(symbol, 'name', underlying.name)
    this.addDecimal(symbol, 'change24h', primary.priceChange24h)
    this.addDecimal(symbol, 'changePct24h', primary.priceChangePct24h)
    this.addDecimal(symbol, 'sharesMultiplier', primary.sharesMultiplier)
    if (typeof primary.totalHolders === 'number') this.add(symbol, 'holders', String(primary.totalHolders))
    if (Array.isArray(primary.tradableSessions))
      for (const name of primary.tradableSessions)
        if (typeof name === 'string') this.add(symbol, 'session', name)
    if (Array.isArray(record.constituentTokens))
      for (const token of record.constituentTokens)
        if (typeof token === 'string') this.add(symbol, 'constituent', token)
    if (Array.isArray(primary.priceHistory24h)) {
      for (const point of primary.priceHistory24h) {
        if (!isObject(point)) continue
        const t = toMs(point.timestamp)
        if (t !== null && isDecimal(point.price)) this.add(symbol, 'history', historyKey(t, point.price))
      }
    }
  }

  private indexLimits(envelope: unknown): void {
    if (!isObject(envelope) || !Array.isArray(envelope.limits)) return
    const at = toMs(envelope.timestamp)
    for (const entry of envelope.limits) {
      if (!isObject(entry) || typeof entry.symbol !== 'string' || !this.watched.has(entry.symbol)) continue
      this.recordsIndexed += 1
      if (at !== null) this.add(entry.symbol, 'limitsTimestamp', String(at))
      for (const session of LIMIT_SESSIONS) {
        const key = entry[session] === undefined ? 'absent' : limitKey(entry[session])
        this.add(entry.symbol, `limits.${session}`, key)
      }
    }
  }

  /** Forgets values not sent within the retention window (at most once per window/10). */
  private sweep(): void {
    const now = this.now()
    if (now - this.lastSweep < this.retainMs / 10) return
    this.lastSweep = now
    const cutoff = now - this.retainMs
    for (const fields of this.bySymbol.values()) {
      for (const values of fields.values()) {
        for (const [value, sentAt] of values) if (sentAt < cutoff) values.delete(value)
      }
    }
  }
}
