import type { DatabaseSync } from 'node:sqlite'
import { rollUp } from '../../../src/main/core/history/history-recorded'
import { withMultipliers } from '../../../src/main/core/history/history-recorder'
import type { RecordedHistory, RecordedRow } from '../../../src/main/core/recording-port'

/**
 * How schema version 2 read its plain rows back (HistoryRecorder.read before the packing), kept
 * as the reference the packed storage must match row for row: the daily candles before the first
 * minute or poll, then minutes, then polls; `daily`, the daily candles and one candle a day made
 * in SQL for the rest. (Only the multipliers, whose table did not change, are read by today's code.)
 */

const DAY_MS = 86_400_000
type Row = Omit<RecordedRow, 'multiplier'>

export function readV2(db: DatabaseSync, symbol: string, from: number, daily: boolean): RecordedHistory {
  const found = db.prepare('SELECT id, since FROM symbols WHERE symbol = ?').get(symbol) as
    { id: number; since: number } | undefined
  if (!found) return { rows: [], since: null }
  const rows = daily ? dailyRows(db, found.id, from) : fineRows(db, found.id, from)
  // The multipliers' table is the same in both versions.
  return { since: found.since, rows: withMultipliers(db, found.id, rows) }
}

function fineRows(db: DatabaseSync, id: number, from: number): Row[] {
  const firstFine = db
    .prepare(
      'SELECT MIN(t) AS t FROM (SELECT MIN(t) AS t FROM minutes WHERE ' +
        'symbol = ? UNION ALL SELECT MIN(t) FROM polls WHERE symbol = ?)',
    )
    .get(id, id) as { t: number | null }
  const daysBefore =
    firstFine.t === null ? Number.MAX_SAFE_INTEGER : Math.floor(firstFine.t / DAY_MS) * DAY_MS
  return [
    ...candles(db, 'days', id, from, daysBefore),
    ...candles(db, 'minutes', id, from, Number.MAX_SAFE_INTEGER),
    ...polls(db, id, from),
  ]
}

function dailyRows(db: DatabaseSync, id: number, from: number): Row[] {
  const days = candles(db, 'days', id, Math.floor(from / DAY_MS) * DAY_MS, Number.MAX_SAFE_INTEGER)
  const after = Math.max(from, (days.at(-1)?.t ?? Number.NEGATIVE_INFINITY) + DAY_MS)
  const tail = [...candles(db, 'minutes', id, after, Number.MAX_SAFE_INTEGER), ...pollDays(db, id, after)]
  return [...days, ...rollUp(tail, DAY_MS)]
}

function candles(
  db: DatabaseSync,
  table: 'days' | 'minutes',
  id: number,
  from: number,
  before: number,
): Row[] {
  return db
    .prepare(
      `SELECT t, open, high, low, close, underlying FROM ${table} WHERE ` +
        `symbol = ? AND t >= ? AND t < ? ORDER BY t`,
    )
    .all(id, from, before) as unknown as Row[]
}

function polls(db: DatabaseSync, id: number, from: number): Row[] {
  const rows = db
    .prepare('SELECT t, price, underlying FROM polls WHERE symbol = ? AND ' + 't >= ? ORDER BY t')
    .all(id, from) as unknown as { t: number; price: string; underlying: string | null }[]
  return rows.map((p) => ({
    t: p.t,
    open: p.price,
    high: p.price,
    low: p.price,
    close: p.price,
    underlying: p.underlying,
  }))
}

function pollDays(db: DatabaseSync, id: number, from: number): Row[] {
  const pick = (aggregate: string, column: string) =>
    new Map(
      (
        db
          .prepare(
            `SELECT t / ${DAY_MS} AS d, ${aggregate}, ${column} AS v FROM ` +
              `polls WHERE symbol = ? AND t >= ? GROUP BY d`,
          )
          .all(id, from) as unknown as { d: number; v: string | null }[]
      ).map((row) => [row.d, row.v]),
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
