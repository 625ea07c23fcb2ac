import type { DatabaseSync } from 'node:sqlite'
import {
  type PackedCandle,
  type PackedPoll,
  packCandles,
  packPolls,
  unpackCandles,
  unpackPolls,
} from './history-pack'

/**
 * The fine rows of history.sqlite and where they live: the polls of the last hour or two in
 * `polls`, a plain row each, in time order (a flush appends at the end of the table instead of
 * touching a page per symbol); older polls packed a blob per symbol and hour in `poll_hours`,
 * and the 1-minute candles a blob per symbol and UTC day in `minute_days` (history-pack.ts).
 * Readers see one list in time order whatever the mix; where a plain poll and a packed one have
 * the same time, the plain one (written later) is the one kept.
 */

export const MINUTE_MS = 60_000
export const HOUR_MS = 3_600_000
export const DAY_MS = 86_400_000
const NEVER = Number.MAX_SAFE_INTEGER

export type PollRow = PackedPoll & { symbol: number }
export type CandleRow = PackedCandle & { symbol: number }

interface BlockKind<T extends { t: number }> {
  table: 'poll_hours' | 'minute_days'
  bucketMs: number
  pack: (bucketStart: number, rows: readonly T[]) => Uint8Array
  unpack: (bucketStart: number, blob: Uint8Array) => T[]
}

const POLL_HOURS: BlockKind<PackedPoll> = {
  table: 'poll_hours',
  bucketMs: HOUR_MS,
  pack: packPolls,
  unpack: unpackPolls,
}
const MINUTE_DAYS: BlockKind<PackedCandle> = {
  table: 'minute_days',
  bucketMs: DAY_MS,
  pack: packCandles,
  unpack: unpackCandles,
}

/** The tables of this file, for the schema (history-db.ts). */
export const BLOCK_TABLES = `
  CREATE TABLE poll_hours (symbol INTEGER NOT NULL, t INTEGER NOT NULL, body BLOB NOT NULL, PRIMARY KEY (symbol, t));
  CREATE TABLE minute_days (symbol INTEGER NOT NULL, t INTEGER NOT NULL, body BLOB NOT NULL, PRIMARY KEY (symbol, t));`
export const POLLS_TABLE = `
  CREATE TABLE polls (t INTEGER NOT NULL, symbol INTEGER NOT NULL, price TEXT NOT NULL, underlying TEXT,
    PRIMARY KEY (t, symbol)) WITHOUT ROWID;`

/** A poll as a candle of one price. */
export const asCandle = ({ t, price, underlying }: PackedPoll): PackedCandle => ({
  t,
  open: price,
  high: price,
  low: price,
  close: price,
  underlying,
})

/** Adds polls (sorted by symbol, then time) to their hour blobs. */
export function storePolls(db: DatabaseSync, polls: Iterable<PollRow>): void {
  storeBlocks(db, POLL_HOURS, polls, ({ t, price, underlying }) => ({ t, price, underlying }))
}

/**
 * Adds 1-minute candles (sorted by symbol, then time) to their day blobs; one at the time of a stored one
 * replaces it.
 */
export function storeMinutes(db: DatabaseSync, candles: Iterable<CandleRow>): void {
  storeBlocks(db, MINUTE_DAYS, candles, ({ t, open, high, low, close, underlying }) => ({
    t,
    open,
    high,
    low,
    close,
    underlying,
  }))
}

/** Packs the plain polls from before `before` into their hour blobs. Returns how many it moved. */
export function packPlainPolls(db: DatabaseSync, before: number): number {
  const polls = db
    .prepare('SELECT symbol, t, price, underlying FROM polls WHERE t < ? ORDER ' + 'BY symbol, t')
    .iterate(before) as Iterable<PollRow>
  storePolls(db, polls)
  return Number(db.prepare('DELETE FROM polls WHERE t < ?').run(before).changes)
}

/** One symbol's polls with from <= t < before, in time order. */
export function pollsOf(db: DatabaseSync, symbol: number, from: number, before = NEVER): PackedPoll[] {
  const packed = readBlocks(db, POLL_HOURS, symbol, from, before)
  const plain = db
    .prepare('SELECT t, price, underlying FROM polls WHERE t >= ? AND t < ? AND symbol = ? ORDER BY t')
    .all(from, before, symbol) as unknown as PackedPoll[]
  return plain.length === 0 ? packed : mergedByTime(packed, plain)
}

/** One symbol's 1-minute candles with from <= t < before, in time order. */
export function minutesOf(db: DatabaseSync, symbol: number, from: number, before = NEVER): PackedCandle[] {
  return readBlocks(db, MINUTE_DAYS, symbol, from, before)
}

/** The time of one symbol's first minute candle or poll, or null when it has none. */
export function firstFineTime(db: DatabaseSync, symbol: number): number | null {
  const plain = (
    db.prepare('SELECT MIN(t) AS t FROM polls WHERE symbol = ?').get(symbol) as { t: number | null }
  ).t
  const times = [plain, firstInBlocks(db, MINUTE_DAYS, symbol), firstInBlocks(db, POLL_HOURS, symbol)].filter(
    (t): t is number => t !== null,
  )
  return times.length === 0 ? null : Math.min(...times)
}

/** Deletes the blobs of buckets that start before `before` (callers cut at bucket boundaries). */
export function dropBlocks(db: DatabaseSync, table: 'poll_hours' | 'minute_days', before: number): void {
  db.prepare(`DELETE FROM ${table} WHERE t < ?`).run(before)
}

function storeBlocks<T extends { t: number }, R extends T & { symbol: number }>(
  db: DatabaseSync,
  kind: BlockKind<T>,
  rows: Iterable<R>,
  strip: (row: R) => T,
): void {
  const existing = db.prepare(`SELECT body FROM ${kind.table} WHERE symbol = ? AND t = ?`)
  const write = db.prepare(`INSERT OR REPLACE INTO ${kind.table} (symbol, t, body) VALUES (?, ?, ?)`)
  let symbol = -1
  let bucket = Number.NaN
  let pending: T[] = []
  const flush = () => {
    if (pending.length === 0) return
    pending.sort((a, b) => a.t - b.t)
    const stored = existing.get(symbol, bucket) as { body: Uint8Array } | undefined
    const all = stored ? mergedByTime(kind.unpack(bucket, stored.body), pending) : pending
    write.run(symbol, bucket, kind.pack(bucket, all))
    pending = []
  }
  for (const row of rows) {
    const start = Math.floor(row.t / kind.bucketMs) * kind.bucketMs
    if (row.symbol !== symbol || start !== bucket) {
      flush()
      symbol = row.symbol
      bucket = start
    }
    pending.push(strip(row))
  }
  flush()
}

function readBlocks<T extends { t: number }>(
  db: DatabaseSync,
  kind: BlockKind<T>,
  symbol: number,
  from: number,
  before: number,
): T[] {
  const blocks = db
    .prepare(`SELECT t, body FROM ${kind.table} WHERE symbol = ? AND t >= ? AND t < ? ORDER BY t`)
    .all(symbol, Math.floor(from / kind.bucketMs) * kind.bucketMs, before) as unknown as {
    t: number
    body: Uint8Array
  }[]
  const rows: T[] = []
  for (const block of blocks)
    for (const row of kind.unpack(block.t, block.body)) if (row.t >= from && row.t < before) rows.push(row)
  return rows
}

function firstInBlocks<T extends { t: number }>(
  db: DatabaseSync,
  kind: BlockKind<T>,
  symbol: number,
): number | null {
  const first = db
    .prepare(`SELECT t, body FROM ${kind.table} WHERE symbol = ? ORDER BY t LIMIT 1`)
    .get(symbol) as { t: number; body: Uint8Array } | undefined
  return first ? (kind.unpack(first.t, first.body)[0]?.t ?? null) : null
}

/** Two lists in time order as one; at the same time, the one from `later` is kept. */
function mergedByTime<T extends { t: number }>(earlier: readonly T[], later: readonly T[]): T[] {
  const out: T[] = []
  let i = 0
  let j = 0
  while (i < earlier.length || j < later.length) {
    const a = earlier[i]
    const b = later[j]
    if (b === undefined || (a !== undefined && a.t < b.t)) {
      out.push(a as T)
      i++
    } else {
      if (a !== undefined && a.t === b.t) i++
      out.push(b)
      j++
    }
  }
  return out
}
