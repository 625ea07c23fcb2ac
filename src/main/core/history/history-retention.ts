import type { DatabaseSync } from 'node:sqlite'
import { rollUp } from './history-recorded'
import { inTransaction } from './history-db'
import {
  type CandleRow,
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  asCandle,
  dropBlocks,
  minutesOf,
  packPlainPolls,
  pollsOf,
  storeMinutes,
} from './history-blocks'
import type { PackedCandle } from './history-pack'

/**
 * How long history.sqlite keeps each resolution: every poll for 7 days, then 1-minute candles
 * for 90 days, then one candle a day for as long as the symbol is recorded. Each run (hourly,
 * and in one transaction) packs the plain polls of complete hours (history-blocks.ts), rolls
 * the hours of polls older than 7 days into minutes and the days of minutes older than 90 days
 * into daily candles, at whole hours and whole UTC days so no candle is ever cut in two.
 */

export const FULL_RESOLUTION_MS = 7 * DAY_MS
export const MINUTES_KEPT_MS = 90 * DAY_MS

/** Packs, rolls up and deletes what aged. Returns how many polls and minutes it rolled up. */
export function applyRetention(db: DatabaseSync, now: number): number {
  const pollCutoff = Math.floor((now - FULL_RESOLUTION_MS) / HOUR_MS) * HOUR_MS
  const minuteCutoff = Math.floor((now - MINUTES_KEPT_MS) / DAY_MS) * DAY_MS
  return inTransaction(db, () => {
    packPlainPolls(db, Math.floor(now / HOUR_MS) * HOUR_MS)
    let rolled = 0
    for (const symbol of symbolIds(db)) {
      const agedPolls = pollsOf(db, symbol, 0, pollCutoff)
      writeCandles(db, 'minutes', symbol, rollUp(agedPolls.map(asCandle), MINUTE_MS))
      const agedMinutes = minutesOf(db, symbol, 0, minuteCutoff)
      writeCandles(db, 'days', symbol, rollUp(agedMinutes, DAY_MS))
      rolled += agedPolls.length + agedMinutes.length
    }
    dropBlocks(db, 'poll_hours', pollCutoff)
    dropBlocks(db, 'minute_days', minuteCutoff)
    keepDaysCurrent(db, now)
    return rolled
  })
}

/**
 * Writes one symbol's candles (in time order) as the retention stores them: minutes packed a
 * day to a blob, days a row each; a candle at the time of a stored one replaces it.
 */
export function writeCandles(
  db: DatabaseSync,
  table: 'minutes' | 'days',
  symbol: number,
  candles: readonly PackedCandle[],
): void {
  if (table === 'minutes') {
    storeMinutes(
      db,
      candles.map((candle): CandleRow => ({ ...candle, symbol })),
    )
    return
  }
  const insert = db.prepare(
    'INSERT OR REPLACE INTO days (symbol, t, open, high, low, close, ' +
      'underlying) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  for (const c of candles) insert.run(symbol, c.t, c.open, c.high, c.low, c.close, c.underlying)
}

/**
 * Daily candles for every complete UTC day, also where the minutes and polls of it are still
 * kept: a year's query then reads a few hundred rows (history-recorder.ts, `daily`). Days are
 * written once complete (the recorder flushes before each run), so only those after the last
 * one written are read: most hourly runs read nothing here.
 */
function keepDaysCurrent(db: DatabaseSync, now: number): void {
  const today = Math.floor(now / DAY_MS) * DAY_MS
  const last = (db.prepare('SELECT MAX(t) AS t FROM days').get() as { t: number | null }).t
  const from = last === null ? 0 : last + DAY_MS
  if (from >= today) return
  for (const symbol of symbolIds(db)) {
    const minutes = minutesOf(db, symbol, from, today)
    const polls = pollsOf(db, symbol, from, today).map(asCandle)
    const fine = polls.length === 0 ? minutes : [...minutes, ...polls].sort((a, b) => a.t - b.t)
    writeCandles(db, 'days', symbol, rollUp(fine, DAY_MS))
  }
}

const symbolIds = (db: DatabaseSync): number[] =>
  (db.prepare('SELECT id FROM symbols ORDER BY id').all() as { id: number }[]).map((row) => row.id)
