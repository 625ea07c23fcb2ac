/**
 * A series of all-assets bodies as successive polls would bring them: every record carries the
 * new poll's timestamp (the service stamps each answer), and about a tenth of the records have
 * new prices since the poll before. Record i changes at poll k when (i + k) is a multiple of 10,
 * so each poll changes a different tenth, and every record's content depends only on how often it
 * has changed, never on the poll, apart from the timestamp.
 *
 * Bodies are assembled from pre-serialised records (two versions of each: as sent, and with its
 * prices moved), so a new body costs a string join, not a JSON.stringify of every record.
 */

export type PollKind = 'prices' | 'market'

export const CHANGED_SHARE = 0.1
const CHANGE_PERIOD = Math.round(1 / CHANGED_SHARE)

type Json = Record<string, unknown>

/** The same decimal string with its last digit moved by one: a different, still valid price. */
function moved(decimal: unknown): unknown {
  if (typeof decimal !== 'string' || decimal.length === 0) return decimal
  const last = decimal.charCodeAt(decimal.length - 1) - 48
  if (last < 0 || last > 9) return decimal
  return decimal.slice(0, -1) + String((last + 1) % 10)
}

/** A record whose token and underlying prices moved (market records: with their 24 h figures). */
function withMovedPrices(record: Json, kind: PollKind): Json {
  const primary = { ...(record.primaryMarket as Json) }
  const underlying = record.underlyingMarket === null ? null : { ...(record.underlyingMarket as Json) }
  primary.price = moved(primary.price)
  if (underlying) underlying.price = moved(underlying.price)
  if (kind === 'market') {
    primary.priceChange24h = moved(primary.priceChange24h)
    primary.priceChangePct24h = moved(primary.priceChangePct24h)
    const history = [...((primary.priceHistory24h as Json[] | undefined) ?? [])]
    const lastPoint = history[history.length - 1]
    if (lastPoint) history[history.length - 1] = { ...lastPoint, price: primary.price }
    primary.priceHistory24h = history
  }
  return { ...record, primaryMarket: primary, underlyingMarket: underlying }
}

/** The record's JSON up to its timestamp's value: `{...,"timestamp":` */
function prefixOf(record: Json): string {
  // The timestamp goes last whatever the simulator's key order (constituentTokens follows it there).
  const { timestamp: _sent, ...fields } = record
  const json = JSON.stringify({ ...fields, timestamp: 0 })
  const ending = '"timestamp":0}'
  if (!json.endsWith(ending)) throw new Error('a record must end with its timestamp')
  return json.slice(0, -2)
}

export class PollSeries {
  /** Per record: its JSON prefix as sent, and with moved prices. */
  private readonly prefixes: (readonly [string, string])[]
  readonly symbols: string[]

  constructor(
    templateBody: string,
    kind: PollKind,
    private readonly firstPollAt: number,
    private readonly cadenceMs: number,
  ) {
    const records = JSON.parse(templateBody) as Json[]
    this.symbols = records.map((record) => (record.primaryMarket as Json).symbol as string)
    this.prefixes = records.map(
      (record) => [prefixOf(record), prefixOf(withMovedPrices(record, kind))] as const,
    )
  }

  get size(): number {
    return this.prefixes.length
  }

  /** When poll k was answered. */
  timeOf(poll: number): number {
    return this.firstPollAt + poll * this.cadenceMs
  }

  /** The body of poll k (k >= 0). */
  body(poll: number): string {
    const ending = `${this.timeOf(poll)}}`
    const parts = this.prefixes.map((versions, index) => {
      const changes = Math.floor((poll + (index % CHANGE_PERIOD)) / CHANGE_PERIOD)
      return versions[changes % 2] + ending
    })
    return `[${parts.join(',')}]`
  }
}
