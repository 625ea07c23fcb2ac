import { applyDelta } from '../../src/shared/delta'
import type { AssetQuote, Delta, Snapshot } from '../../src/shared/domain'
import { fairValueOf } from '../../src/main/core/api/wire/normalize'
import { LIMIT_SESSIONS, type SentValues, UNDERLYING_FIELDS, historyKey, limitKey } from './sent-values'

/**
 * Checks every value of every pushed delta against what the server sent (SentValues), and keeps
 * the snapshot a renderer would hold by applying the deltas, so derived values (fair value,
 * premium) can be checked against the very inputs shown beside them.
 */

export interface CorruptValue {
  symbol: string
  field: string
  value: string
}

/** Only the first few offenders are kept, for the report; all are counted. */
const EXAMPLES_KEPT = 10

export class DeltaChecker {
  private shown: Snapshot
  valuesChecked = 0
  corruptCount = 0
  readonly examples: CorruptValue[] = []

  constructor(
    private readonly sent: SentValues,
    initial: Snapshot,
  ) {
    this.shown = initial
  }

  /** The snapshot as a renderer holds it after every delta so far. */
  snapshot(): Snapshot {
    return this.shown
  }

  asset(symbol: string): AssetQuote | undefined {
    return this.shown.assets.find((asset) => asset.symbol === symbol)
  }

  apply(delta: Delta): void {
    for (const asset of delta.added) this.checkFields(asset.symbol, asset)
    for (const change of delta.changed) {
      this.checkFields(change.symbol, change.fields)
      // A history's tail: its new points must have been sent, as a whole history's are.
      if (change.historyTail) this.checkFields(change.symbol, { history24h: change.historyTail.points })
    }
    this.shown = applyDelta(this.shown, delta)
    const touched = new Set([...delta.added.map((a) => a.symbol), ...delta.changed.map((c) => c.symbol)])
    for (const symbol of touched) {
      const asset = this.asset(symbol)
      if (asset) this.checkDerived(asset)
    }
  }

  /** What the feed holds must be what the deltas built: anything else is a lost or extra update. */
  compareWith(actual: Snapshot): void {
    const shownBySymbol = new Map(this.shown.assets.map((asset) => [asset.symbol, asset]))
    for (const asset of actual.assets) {
      this.valuesChecked += 1
      const shown = shownBySymbol.get(asset.symbol)
      if (JSON.stringify(shown) !== JSON.stringify(asset))
        this.corrupt(asset.symbol, 'snapshot', 'differs from the deltas pushed')
    }
  }

  private corrupt(symbol: string, field: string, value: unknown): void {
    this.corruptCount += 1
    if (this.examples.length < EXAMPLES_KEPT)
      this.examples.push({ symbol, field, value: String(value).slice(0, 120) })
  }

  private expectSent(symbol: string, field: string, value: string): void {
    this.valuesChecked += 1
    if (!this.sent.has(symbol, field, value)) this.corrupt(symbol, field, value)
  }

  private checkFields(symbol: string, fields: Partial<AssetQuote>): void {
    for (const [field, value] of Object.entries(fields)) {
      // null shows no number: "no data yet", or a field the service left out.
      if (value === null) continue
      switch (field) {
        case 'symbol':
          if (value !== symbol) this.corrupt(symbol, field, value)
          break
        case 'price':
        case 'change24h':
        case 'changePct24h':
        case 'sharesMultiplier':
        case 'name':
        case 'ticker':
        case 'priceTimestamp':
        case 'marketTimestamp':
        case 'limitsTimestamp':
        case 'holders':
          this.expectSent(symbol, field, String(value))
          break
        case 'history24h':
          for (const point of value as AssetQuote['history24h'])
            this.expectSent(symbol, 'history', historyKey(point.t, point.price))
          break
        case 'tradableSessions':
        case 'otherSessions':
          for (const name of value as string[]) this.expectSent(symbol, 'session', name)
          break
        case 'constituentTokens':
          for (const token of value as string[]) this.expectSent(symbol, 'constituent', token)
          break
        case 'underlying':
          this.checkUnderlying(symbol, value as NonNullable<AssetQuote['underlying']>)
          break
        case 'limits':
          for (const session of LIMIT_SESSIONS) {
            const limit = (value as NonNullable<AssetQuote['limits']>)[session]
            this.expectSent(
              symbol,
              `limits.${session}`,
              limit === null ? 'absent' : (limitKey(limit) ?? 'invalid'),
            )
          }
          break
        case 'fairValue':
        case 'premiumPct':
          break // derived: checked against the inputs in checkDerived
        case 'stale':
          this.valuesChecked += 1
          if (typeof value !== 'boolean') this.corrupt(symbol, field, value)
          break
        default:
          this.corrupt(symbol, field, 'a field the domain model does not have')
      }
    }
  }

  private checkUnderlying(symbol: string, underlying: NonNullable<AssetQuote['underlying']>): void {
    for (const field of Object.keys(UNDERLYING_FIELDS) as (keyof typeof UNDERLYING_FIELDS)[]) {
      const value = underlying[field]
      if (value !== null) this.expectSent(symbol, `underlying.${field}`, value)
    }
  }

  private checkDerived(asset: AssetQuote): void {
    const expected = fairValueOf(asset.price, asset.underlying?.price ?? null, asset.sharesMultiplier)
    this.valuesChecked += 2
    if (asset.fairValue !== expected.fairValue) this.corrupt(asset.symbol, 'fairValue', asset.fairValue)
    if (asset.premiumPct !== expected.premiumPct) this.corrupt(asset.symbol, 'premiumPct', asset.premiumPct)
  }
}
