import type { DatabaseSync } from 'node:sqlite'
import { inTransaction } from './history-db'
import { nonNegativeAtMost } from '../../../shared/decimal'

/**
 * How long history.sqlite keeps each resolution: every poll for 7 days, then 1-minute candles
 * for 90 days, then one candle a day for as long as the symbol is recorded. Aged rows are rolled
 * up and deleted in one transaction, at boundaries of whole minutes and whole UTC days so no
 * candle is ever cut in two.
 */

export const FULL_RESOLUTION_MS = 7 * 86_400_000
export const MINUTES_KEPT_MS = 90 * 86_400_000
const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

type CandleRow = { symbol: number; t: number; open: string; high: string; low: string; close: string; underlying: string | null }

/** Rolls aged polls into minutes and aged minutes into days. Returns how many rows it removed. */
export function applyRetention(db: DatabaseSync, now: number): number {
  const pollCutoff = Math.floor((now - FULL_RESOLUTION_MS) / MINUTE_MS) * MINUTE_MS
  const minuteCutoff = Math.floor((now - MINUTES_KEPT_MS) / DAY_MS) * DAY_MS
  return inTransaction(db, () => {
    const polls = db
      .prepare('SELECT symbol, t, price AS open, price AS high, price AS low, price AS close, underlying FROM polls WHERE t < ? ORDER BY symbol, t')
      .iterate(pollCutoff) as Iterable<CandleRow>
    mergeInto(db, 'minutes', polls, MINUTE_MS)
    const removedPolls = Number(db.prepare('DELETE FROM polls WHERE t < ?').run(pollCutoff).changes)
    const minutes = db
      .prepare('SELECT symbol, t, open, high, low, close, underlying FROM minutes WHERE t < ? ORDER BY symbol, t')
      .iterate(minuteCutoff) as Iterable<CandleRow>
    mergeInto(db, 'days', minutes, DAY_MS)
    const removed = removedPolls + Number(db.prepare('DELETE FROM minutes WHERE t < ?').run(minuteCutoff).changes)
    keepDaysCurrent(db, now)
    return removed
  })
}

/**
 * Daily candles for every complete UTC day, also where the minutes and polls of it are still
 * kept: a year's query then reads a few hundred rows (history-recorder.ts, `daily`).
 */
function keepDaysCurrent(db: DatabaseSync, now: number): void {
  const today = Math.floor(now / DAY_MS) * DAY_MS
  const last = (db.prepare('SELECT MAX(t) AS t FROM days').get() as { t: number | null }).t
  const from = last === null ? 0 : last
  const fine = db
    .prepare(
      `SELECT symbol, t, open, high, low, close, underlying FROM (
         SELECT symbol, t, open, high, low, close, underlying FROM minutes WHERE t >= ? AND t < ?
         UNION ALL SELECT symbol, t, price, price, price, price, underlying FROM polls WHERE t >= ? AND t < ?)
       ORDER BY symbol, t`,
    )
    .iterate(from, today, from, today) as Iterable<CandleRow>
  mergeInto(db, 'days', fine, DAY_MS)
}

/**
 * Candles of `bucketMs` per symbol written into `table`, from rows sorted by symbol, then time,
 * read one at a time: a year of a hundred symbols is tens of millions of rows, never all in memory.
 */
function mergeInto(db: DatabaseSync, table: 'minutes' | 'days', rows: Iterable<CandleRow>, bucketMs: number): void {
  const insert = db.prepare(`INSERT OR REPLACE INTO ${table} (symbol, t, open, high, low, close, underlying) VALUES (?, ?, ?, ?, ?, ?, ?)`)
  let open: CandleRow | null = null
  const write = (c: CandleRow) => insert.run(c.symbol, c.t, c.open, c.high, c.low, c.close, c.underlying)
  for (const row of rows) {
    const t = Math.floor(row.t / bucketMs) * bucketMs
    if (open === null || open.symbol !== row.symbol || open.t !== t) {
      if (open) write(open)
      open = { ...row, t }
      continue
    }
    if (!nonNegativeAtMost(row.high, open.high)) open.high = row.high
    if (!nonNegativeAtMost(open.low, row.low)) open.low = row.low
    open.close = row.close
    if (row.underlying !== null) open.underlying = row.underlying
  }
  if (open) write(open)
}
