import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { AssetChange, AssetQuote, Delta } from '../../../shared/domain'
import { type RecordedRow, extend } from '../../../shared/history-recorded'
import type { Candle } from '../../../shared/wire-history'
import { inTransaction, isDiskFull } from './history-db'
import type { RecordedHistory } from './history-service'

/**
 * Writes what the poll worker takes in to history.sqlite, and reads it back. Each delta is one
 * transaction: a row for every asset whose token or stock price changed, a multiplier row only
 * when the multiplier did. A full disk pauses recording (the live prices go on, the status says
 * so) and it tries again a minute later.
 */

const DAY_MS = 86_400_000
/** Rows wait at most this long (feed time) before they are written, or until there are this many. */
export const FLUSH_EVERY_MS = 30_000
const MAX_PENDING_ROWS = 50_000
/** How long recording stays paused after a full disk before it tries again. */
const RETRY_AFTER_FULL_MS = 60_000

interface PendingRow {
  symbol: string
  t: number
  /** Null where only the multiplier moved. */
  price: string | null
  underlying: string | null
  /** Null where it did not move. */
  multiplier: string | null
}

interface Latest {
  price: string | null
  underlying: string | null
  multiplier: string | null
}

export interface RecorderEvents {
  /** A sentence for the status bar, or null when recording is fine again. */
  onProblem: (message: string | null) => void
}

export class HistoryRecorder {
  private readonly ids = new Map<string, number>()
  private readonly latest = new Map<string, Latest>()
  private readonly insertPoll: StatementSync
  private readonly insertMultiplier: StatementSync
  private readonly insertSymbol: StatementSync
  private readonly symbolId: StatementSync
  private pausedUntil: number | null = null
  private pending: PendingRow[] = []
  private flushedAt = Number.NEGATIVE_INFINITY

  constructor(
    private readonly db: DatabaseSync,
    private readonly events: RecorderEvents,
  ) {
    this.insertPoll = db.prepare('INSERT OR REPLACE INTO polls (symbol, t, price, underlying) VALUES (?, ?, ?, ?)')
    this.insertMultiplier = db.prepare('INSERT OR REPLACE INTO multipliers (symbol, t, value) VALUES (?, ?, ?)')
    this.insertSymbol = db.prepare('INSERT OR IGNORE INTO symbols (symbol, since) VALUES (?, ?)')
    this.symbolId = db.prepare('SELECT id FROM symbols WHERE symbol = ?')
  }

  /** What the feed already holds (its snapshot when recording starts): later changes are merged onto it. */
  know(quotes: readonly AssetQuote[]): void {
    for (const quote of quotes) if (!this.latest.has(quote.symbol)) this.latest.set(quote.symbol, latestOf(quote))
  }

  /**
   * Takes in the answers a delta brought (its added quotes whole, its changes field by field).
   * Rows are written together every FLUSH_EVERY_MS of feed time (or sooner when many wait): one
   * transaction per poll would cost more than the poll itself. A crash loses at most those rows.
   */
  recordDelta(delta: Delta): void {
    const t = delta.asOf
    if (this.pausedUntil !== null && t < this.pausedUntil) return
    for (const quote of delta.added) this.take(quote.symbol, latestOf(quote), t)
    for (const change of delta.changed) {
      const before = this.latest.get(change.symbol)
      if (before || touchesRecorded(change)) this.take(change.symbol, merged(before, change), t)
    }
    for (const symbol of delta.removed) this.latest.delete(symbol)
    if (this.pending.length >= MAX_PENDING_ROWS || t - this.flushedAt >= FLUSH_EVERY_MS) this.flush(t)
  }

  /** Writes the rows waiting, in one transaction. */
  flush(now = this.flushedAt): void {
    this.flushedAt = now
    const rows = this.pending
    if (rows.length === 0) return
    this.pending = []
    try {
      inTransaction(this.db, () => {
        for (const row of rows) {
          const id = this.idOf(row.symbol, row.t)
          if (row.price !== null) this.insertPoll.run(id, row.t, row.price, row.underlying)
          if (row.multiplier !== null) this.insertMultiplier.run(id, row.t, row.multiplier)
        }
      })
      if (this.pausedUntil !== null) {
        this.pausedUntil = null
        this.events.onProblem(null)
      }
    } catch (error) {
      if (!isDiskFull(error)) throw error
      this.pausedUntil = now + RETRY_AFTER_FULL_MS
      // What was not written is written again when it next changes.
      for (const row of rows) this.latest.delete(row.symbol)
      this.events.onProblem('The disk is full: recording of price history is paused; live prices go on.')
    }
  }

  /** Remembers the asset's latest values; queues a row where its price or multiplier moved. */
  private take(symbol: string, next: Latest, t: number): void {
    const before = this.latest.get(symbol)
    this.latest.set(symbol, next)
    const priceMoved = next.price !== null && (before?.price !== next.price || before.underlying !== next.underlying)
    const multiplierMoved = next.multiplier !== null && before?.multiplier !== next.multiplier
    if (priceMoved || multiplierMoved)
      this.pending.push({
        symbol,
        t,
        price: priceMoved ? next.price : null,
        underlying: next.underlying,
        multiplier: multiplierMoved ? next.multiplier : null,
      })
  }

  /**
   * What was recorded of `symbol` from `from` on, in time order: the daily candles before the
   * finer rows begin, then minutes, then polls. `daily`: the range shows one point a day, so the
   * daily candles (kept current for every complete day by the retention) and one candle for each
   * later day, made in SQL, are enough; a year reads a few hundred rows, not a quarter million.
   */
  read(symbol: string, from: number, daily = false): RecordedHistory {
    this.flush()
    const found = this.db.prepare('SELECT id, since FROM symbols WHERE symbol = ?').get(symbol) as { id: number; since: number } | undefined
    if (!found) return { rows: [], since: null }
    const id = found.id
    const rows = daily ? this.dailyRows(id, from) : this.fineRows(id, from)
    const multipliers = this.db.prepare('SELECT t, value FROM multipliers WHERE symbol = ? ORDER BY t').all(id) as unknown as { t: number; value: string }[]
    let m = 0
    let multiplier: string | null = null
    return {
      since: found.since,
      rows: rows.map((row) => {
        while (m < multipliers.length && (multipliers[m] as { t: number }).t <= row.t) multiplier = (multipliers[m++] as { value: string }).value
        return { ...row, multiplier }
      }),
    }
  }

  private fineRows(id: number, from: number): Omit<RecordedRow, 'multiplier'>[] {
    const firstFine = this.db
      .prepare('SELECT MIN(t) AS t FROM (SELECT MIN(t) AS t FROM minutes WHERE symbol = ? UNION ALL SELECT MIN(t) FROM polls WHERE symbol = ?)')
      .get(id, id) as { t: number | null }
    const daysBefore = firstFine.t === null ? Number.MAX_SAFE_INTEGER : Math.floor(firstFine.t / DAY_MS) * DAY_MS
    return [
      ...this.candles('days', id, from, daysBefore),
      ...this.candles('minutes', id, from, Number.MAX_SAFE_INTEGER),
      ...this.polls(id, from),
    ]
  }

  private dailyRows(id: number, from: number): Omit<RecordedRow, 'multiplier'>[] {
    const days = this.candles('days', id, Math.floor(from / DAY_MS) * DAY_MS, Number.MAX_SAFE_INTEGER)
    const after = Math.max(from, (days.at(-1)?.t ?? Number.NEGATIVE_INFINITY) + DAY_MS)
    const tail = [...this.candles('minutes', id, after, Number.MAX_SAFE_INTEGER), ...this.pollDays(id, after)]
    return [...days, ...rollUp(tail, DAY_MS)]
  }

  private candles(table: 'days' | 'minutes', id: number, from: number, before: number): Omit<RecordedRow, 'multiplier'>[] {
    return this.db
      .prepare(`SELECT t, open, high, low, close, underlying FROM ${table} WHERE symbol = ? AND t >= ? AND t < ? ORDER BY t`)
      .all(id, from, before) as unknown as Omit<RecordedRow, 'multiplier'>[]
  }

  private polls(id: number, from: number): Omit<RecordedRow, 'multiplier'>[] {
    const polls = this.db.prepare('SELECT t, price, underlying FROM polls WHERE symbol = ? AND t >= ? ORDER BY t').all(id, from) as unknown as { t: number; price: string; underlying: string | null }[]
    return polls.map((p) => ({ t: p.t, open: p.price, high: p.price, low: p.price, close: p.price, underlying: p.underlying }))
  }

  /**
   * One candle a UTC day of the polls from `from` on, made in SQL: SQLite gives a bare column the
   * value of the row its MIN or MAX picked, so each query names the row of the open, the close,
   * the high and the low. CAST only chooses that row; the price is the text as sent.
   */
  private pollDays(id: number, from: number): Omit<RecordedRow, 'multiplier'>[] {
    const pick = (aggregate: string, column: string) =>
      new Map(
        (this.db
          .prepare(`SELECT t / ${DAY_MS} AS d, ${aggregate}, ${column} AS v FROM polls WHERE symbol = ? AND t >= ? GROUP BY d`)
          .all(id, from) as unknown as { d: number; v: string | null }[]).map((row) => [row.d, row.v]),
      )
    const open = pick('MIN(t)', 'price')
    const close = pick('MAX(t)', 'price')
    const underlying = pick('MAX(t)', 'underlying')
    const high = pick('MAX(CAST(price AS REAL))', 'price')
    const low = pick('MIN(CAST(price AS REAL))', 'price')
    return [...open.keys()].map((d) => ({
      t: d * DAY_MS,
      open: open.get(d) as string,
      high: high.get(d) as string,
      low: low.get(d) as string,
      close: close.get(d) as string,
      underlying: underlying.get(d) ?? null,
    }))
  }

  private idOf(symbol: string, t: number): number {
    let id = this.ids.get(symbol)
    if (id === undefined) {
      this.insertSymbol.run(symbol, t)
      id = (this.symbolId.get(symbol) as { id: number }).id
      this.ids.set(symbol, id)
    }
    return id
  }
}

const latestOf = (quote: AssetQuote): Latest => ({
  price: quote.price,
  underlying: quote.underlying?.price ?? null,
  multiplier: quote.sharesMultiplier,
})

const touchesRecorded = (change: AssetChange): boolean =>
  change.fields.price !== undefined || change.fields.underlying !== undefined || change.fields.sharesMultiplier !== undefined

function merged(before: Latest | undefined, change: AssetChange): Latest {
  const f = change.fields
  return {
    price: f.price !== undefined ? f.price : (before?.price ?? null),
    underlying: f.underlying !== undefined ? (f.underlying?.price ?? null) : (before?.underlying ?? null),
    multiplier: f.sharesMultiplier !== undefined ? f.sharesMultiplier : (before?.multiplier ?? null),
  }
}

/** Candles of `bucketMs` from rows in time order (a poll is a candle of one price). */
export function rollUp(rows: readonly Omit<RecordedRow, 'multiplier'>[], bucketMs: number): (Candle & { underlying: string | null })[] {
  const candles: Candle[] = []
  const underlying: (string | null)[] = []
  for (const row of rows) {
    const t = Math.floor(row.t / bucketMs) * bucketMs
    const count = candles.length
    extend(candles, t, row)
    if (candles.length > count) underlying.push(row.underlying)
    else if (row.underlying !== null) underlying[count - 1] = row.underlying
  }
  return candles.map((candle, i) => ({ ...candle, underlying: underlying[i] ?? null }))
}
