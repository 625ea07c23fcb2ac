import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { AssetQuote, Delta } from '../../../shared/domain'
import { nonNegativeAtMost } from '../../../shared/decimal'
import { rollUp } from './history-recorded'
import type { RecordedHistory, RecordedRow } from '../recording-port'
import { DAY_MS, asCandle, firstFineTime, minutesOf, pollsOf } from './history-blocks'
import { inTransaction, isDiskFull } from './history-db'
import type { PackedPoll } from './history-pack'

/**
 * Writes what the poll worker takes in to history.sqlite, and reads it back: a row for every
 * asset whose token or stock price changed, a multiplier row only when the multiplier did,
 * written together every 30 s of polls in one transaction. A full disk pauses recording (the
 * live prices go on, the status says so) and it tries again a minute later.
 */

/** Rows wait at most this long (feed time) before they are written, or until there are this many. */
export const FLUSH_EVERY_MS = 30_000
const MAX_PENDING_ROWS = 50_000
const POLLS_PER_STATEMENT = 100
/** How long recording stays paused after a full disk before it tries again. */
const RETRY_AFTER_FULL_MS = 60_000

/**
 * A row waiting to be written, as PENDING_WIDTH slots of one flat array: symbol, time, price (null
 * where only the multiplier moved), the stock's price, the multiplier (null where it did not
 * move). An object per row would outlive a few polls and be promoted, old garbage at every flush.
 */
const PENDING_WIDTH = 5

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
  private readonly insertPolls: StatementSync
  private readonly insertMultiplier: StatementSync
  private readonly insertSymbol: StatementSync
  private readonly symbolId: StatementSync
  private pausedUntil: number | null = null
  private pending: (string | number | null)[] = []
  private flushedAt = Number.NEGATIVE_INFINITY

  constructor(
    private readonly db: DatabaseSync,
    private readonly events: RecorderEvents,
  ) {
    const insertPolls = (rows: number) =>
      `INSERT OR REPLACE INTO polls (symbol, t, price, underlying) ` +
      `VALUES ${Array(rows).fill('(?, ?, ?, ?)').join(', ')}`
    this.insertPoll = db.prepare(insertPolls(1))
    this.insertPolls = db.prepare(insertPolls(POLLS_PER_STATEMENT))
    this.insertMultiplier = db.prepare(
      'INSERT OR REPLACE INTO multipliers (symbol, t, value) VALUES (?, ?, ?)',
    )
    this.insertSymbol = db.prepare('INSERT OR IGNORE INTO symbols (symbol, since) VALUES (?, ?)')
    this.symbolId = db.prepare('SELECT id FROM symbols WHERE symbol = ?')
  }

  /** What the feed already holds (its snapshot when recording starts): later changes are merged onto it. */
  know(quotes: readonly AssetQuote[]): void {
    for (const quote of quotes)
      if (!this.latest.has(quote.symbol)) this.latest.set(quote.symbol, latestOf(quote))
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
      const f = change.fields
      // Most changes of a poll are of other fields (volume, 24 h change): nothing to record there.
      if (f.price === undefined && f.underlying === undefined && f.sharesMultiplier === undefined) continue
      const before = this.latest.get(change.symbol)
      this.take(
        change.symbol,
        {
          price: f.price !== undefined ? f.price : (before?.price ?? null),
          underlying:
            f.underlying !== undefined ? (f.underlying?.price ?? null) : (before?.underlying ?? null),
          multiplier: f.sharesMultiplier !== undefined ? f.sharesMultiplier : (before?.multiplier ?? null),
        },
        t,
        before,
      )
    }
    for (const symbol of delta.removed) this.latest.delete(symbol)
    if (this.pending.length >= MAX_PENDING_ROWS * PENDING_WIDTH || t - this.flushedAt >= FLUSH_EVERY_MS)
      this.flush(t)
  }

  /** Writes the rows waiting, in one transaction. */
  flush(now = this.flushedAt): void {
    this.flushedAt = now
    const rows = this.pending
    if (rows.length === 0) return
    this.pending = []
    try {
      inTransaction(this.db, () => {
        const polls: (number | string | null)[] = []
        for (let i = 0; i < rows.length; i += PENDING_WIDTH) {
          const t = rows[i + 1] as number
          const id = this.idOf(rows[i] as string, t)
          if (rows[i + 2] !== null) polls.push(id, t, rows[i + 2] ?? null, rows[i + 3] ?? null)
          if (rows[i + 4] !== null) this.insertMultiplier.run(id, t, rows[i + 4] ?? null)
        }
        this.writePolls(polls)
      })
      if (this.pausedUntil !== null) {
        this.pausedUntil = null
        this.events.onProblem(null)
      }
    } catch (error) {
      if (!isDiskFull(error)) throw error
      // The rows not written are lost (a gap, as in an outage); the values they held stay the
      // latest known, so the next change of each is a row against them. (Forgetting them, as
      // before, lost the next change that brought the stock's price alone: its token price was
      // then unknown.)
      this.pausedUntil = now + RETRY_AFTER_FULL_MS
      // The symbols first met in the transaction were rolled back with it: their ids, kept here,
      // would be given again to other symbols, whose rows would then be read as theirs.
      this.ids.clear()
      this.events.onProblem('The disk is full: recording of price history is paused; live prices go on.')
    }
  }

  /**
   * Polls (id, t, price, underlying, one after the other) in statements of POLLS_PER_STATEMENT
   * rows: a statement per row cost a third more, the calls into SQLite more than the writing.
   */
  private writePolls(values: readonly (number | string | null)[]): void {
    const width = 4 * POLLS_PER_STATEMENT
    let i = 0
    for (; i + width <= values.length; i += width) this.insertPolls.run(...values.slice(i, i + width))
    for (; i < values.length; i += 4)
      this.insertPoll.run(
        values[i] ?? null,
        values[i + 1] ?? null,
        values[i + 2] ?? null,
        values[i + 3] ?? null,
      )
  }

  /**
   * Remembers the asset's latest values (in the object kept for it: a new one a change would
   * leave old garbage behind every poll); queues a row where its price or multiplier moved.
   */
  private take(symbol: string, next: Latest, t: number, before = this.latest.get(symbol)): void {
    const priceMoved =
      next.price !== null && (before?.price !== next.price || before.underlying !== next.underlying)
    const multiplierMoved = next.multiplier !== null && before?.multiplier !== next.multiplier
    if (before) Object.assign(before, next)
    else this.latest.set(symbol, next)
    if (priceMoved || multiplierMoved)
      this.pending.push(
        symbol,
        t,
        priceMoved ? next.price : null,
        next.underlying,
        multiplierMoved ? next.multiplier : null,
      )
  }

  /**
   * What was recorded of `symbol` from `from` on, in time order: the daily candles before the
   * finer rows begin, then minutes, then polls. `daily`: the range shows one point a day, so the
   * daily candles (kept current for every complete day by the retention) and one candle for each
   * later day, made from the minutes and polls, are enough; a year reads a few hundred rows, not
   * a quarter million.
   */
  read(symbol: string, from: number, daily = false): RecordedHistory {
    this.flush()
    const found = this.db.prepare('SELECT id, since FROM symbols WHERE symbol = ?').get(symbol) as
      { id: number; since: number } | undefined
    if (!found) return { rows: [], since: null }
    const rows = daily ? this.dailyRows(found.id, from) : this.fineRows(found.id, from)
    return { since: found.since, rows: withMultipliers(this.db, found.id, rows) }
  }

  private fineRows(id: number, from: number): Omit<RecordedRow, 'multiplier'>[] {
    const firstFine = firstFineTime(this.db, id)
    const daysBefore = firstFine === null ? Number.MAX_SAFE_INTEGER : Math.floor(firstFine / DAY_MS) * DAY_MS
    return [
      ...this.days(id, from, daysBefore),
      ...minutesOf(this.db, id, from),
      ...pollsOf(this.db, id, from).map(asCandle),
    ]
  }

  private dailyRows(id: number, from: number): Omit<RecordedRow, 'multiplier'>[] {
    const days = this.days(id, Math.floor(from / DAY_MS) * DAY_MS, Number.MAX_SAFE_INTEGER)
    const after = Math.max(from, (days.at(-1)?.t ?? Number.NEGATIVE_INFINITY) + DAY_MS)
    const tail = [...minutesOf(this.db, id, after), ...pollDays(pollsOf(this.db, id, after))]
    return [...days, ...rollUp(tail, DAY_MS)]
  }

  private days(id: number, from: number, before: number): Omit<RecordedRow, 'multiplier'>[] {
    return this.db
      .prepare(
        'SELECT t, open, high, low, close, underlying FROM days WHERE ' +
          'symbol = ? AND t >= ? AND t < ? ORDER BY t',
      )
      .all(id, from, before) as unknown as Omit<RecordedRow, 'multiplier'>[]
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

/** Each row with the multiplier in force at its time (null before the first one recorded). */
export function withMultipliers(
  db: DatabaseSync,
  symbol: number,
  rows: readonly Omit<RecordedRow, 'multiplier'>[],
): RecordedRow[] {
  const multipliers = db
    .prepare('SELECT t, value FROM multipliers WHERE symbol = ? ORDER BY t')
    .all(symbol) as unknown as { t: number; value: string }[]
  let m = 0
  let multiplier: string | null = null
  return rows.map((row) => {
    while (m < multipliers.length && (multipliers[m] as { t: number }).t <= row.t)
      multiplier = (multipliers[m++] as { value: string }).value
    return { ...row, multiplier }
  })
}

/**
 * One candle a UTC day of polls in time order: the day's first and last price, the high and the
 * low by value (the earliest where two are equal), and the stock's price of its last poll.
 */
function pollDays(polls: readonly PackedPoll[]): Omit<RecordedRow, 'multiplier'>[] {
  const days: Omit<RecordedRow, 'multiplier'>[] = []
  for (const poll of polls) {
    const t = Math.floor(poll.t / DAY_MS) * DAY_MS
    const day = days.at(-1)
    if (day?.t !== t) {
      days.push({
        t,
        open: poll.price,
        high: poll.price,
        low: poll.price,
        close: poll.price,
        underlying: poll.underlying,
      })
      continue
    }
    if (!nonNegativeAtMost(poll.price, day.high)) day.high = poll.price
    if (!nonNegativeAtMost(day.low, poll.price)) day.low = poll.price
    day.close = poll.price
    day.underlying = poll.underlying
  }
  return days
}
