import { mkdtempSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { beforeEach, describe, expect, it } from 'vitest'
import { packPlainPolls } from '../../../src/main/core/history/history-blocks'
import {
  HISTORY_DB_FILE,
  SCHEMA_V1,
  inTransaction,
  migrate,
  openHistoryDb,
} from '../../../src/main/core/history/history-db'
import type { PackedCandle } from '../../../src/main/core/history/history-pack'
import { HistoryRecorder } from '../../../src/main/core/history/history-recorder'
import { writeCandles } from '../../../src/main/core/history/history-retention'
import type { Delta } from '../../../src/shared/domain'
import type { RecordedHistory } from '../../../src/main/core/recording-port'
import { readV2 } from './v2-reference-read'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * The packed storage (schema 3) reads back exactly what the plain one (schema 2) did, for every
 * range start, fine and daily: the same history put into a v2 file and read the v2 way is the
 * reference; the v2 file migrated to 3, and a new file written by the recorder and the
 * retention's writer (with its polls plain, partly packed, all packed) must give the same
 * RecordedRow lists: exact decimal text, multipliers, null stock prices, a symbol that stops
 * and restarts, a token trading at night and on weekends.
 */

const DAY = 86_400_000
const MINUTE = 60_000
/** Monday 2026-11-16 10:00 ET. */
const NOW = Date.UTC(2026, 10, 16, 15, 0)
const TODAY = Math.floor(NOW / DAY) * DAY

interface Poll {
  symbol: string
  t: number
  price: string
  underlying: string | null
  multiplier: string
}
interface History {
  since: Map<string, number>
  days: Map<string, PackedCandle[]>
  minutes: Map<string, PackedCandle[]>
  polls: Poll[]
}

/** Each symbol's prices: consecutive ones always differ, so the recorder writes every poll. */
const SYMBOLS: Record<
  string,
  {
    price: (n: number) => string
    underlying: (n: number, t: number) => string | null
    active: (day: number) => boolean
    multiplier: (day: number) => string
  }
> = {
  // Trailing zeros to keep, a stock price of two decimals, a multiplier change two days ago.
  AAPLon: {
    price: (n) => (235.1876 + ((n * 37) % 101) * 0.0001).toFixed(8),
    underlying: (n) => (234.8 + ((n * 7) % 11) * 0.01).toFixed(2),
    active: () => true,
    multiplier: (day) => (day < -2 ? '1.000000000000000000' : '1.000700000000000000'),
  },
  // Stops 60 days ago and starts again 3 days ago; a 4:1 split the day after.
  LLYon: {
    price: (n) => ['760.10', '761', '759.95', '760.5', '762.25'][n % 5] as string,
    underlying: (n) => ['760.00', '760.10', '761.00'][n % 3] as string,
    active: (day) => day < -60 || day >= -3,
    multiplier: (day) => (day < -2 ? '1.0' : '4.0'),
  },
  // Trades at night and on weekends; no stock price while its market is shut.
  XOFFon: {
    price: (n) => ['1000', '999.5', '1000.25', '1001', '998.75'][n % 5] as string,
    underlying: (n, t) =>
      [0, 6].includes(new Date(t).getUTCDay()) || new Date(t).getUTCHours() < 12
        ? null
        : (['1000.10', '999.90'][n % 2] as string),
    active: () => true,
    multiplier: () => '1',
  },
  // New this week: polls and daily candles, no minutes yet.
  NEWon: {
    price: (n) => (12.5 + (n % 7) * 0.25).toFixed(2),
    underlying: (n) => (12.5 + (n % 3) * 0.01).toFixed(2),
    active: (day) => day >= -5,
    multiplier: () => '1.000000000000000000',
  },
  // Texts that do not fit the scaled form: leading zeros, 21 digits.
  ODDon: {
    price: (n) => ['007.50', '0.00000001', '123456789012345678.5', '42', '7.2500'][n % 5] as string,
    underlying: (n) => (n % 4 === 0 ? null : '0.10'),
    active: (day) => day !== -30 && day !== -5,
    multiplier: () => '1.000000000000000000',
  },
}

/** Days, minutes from 97 days ago until 7 days ago, polls since: what the retention leaves. */
function history(): History {
  const since = new Map<string, number>()
  const days = new Map<string, PackedCandle[]>()
  const minutes = new Map<string, PackedCandle[]>()
  const polls: Poll[] = []
  for (const [symbol, shape] of Object.entries(SYMBOLS)) {
    // Polls count on their own, so that one poll never repeats the one before.
    let n = 0
    let m = 0
    const candle = (t: number): PackedCandle => {
      m += 4
      return {
        t,
        open: shape.price(m),
        high: shape.price(m + 1),
        low: shape.price(m + 2),
        close: shape.price(m + 3),
        underlying: shape.underlying(m, t),
      }
    }
    since.set(symbol, TODAY - 120 * DAY)
    days.set(symbol, [])
    minutes.set(symbol, [])
    for (let day = -120; day <= 0; day++) {
      if (!shape.active(day)) continue
      const start = TODAY + day * DAY
      // The retention keeps a daily candle for every complete day, also where finer rows are kept.
      if (day < 0) days.get(symbol)?.push(candle(start))
      if (day < -97) continue
      if (day < -7)
        for (const at of [3 * 60, 14 * 60 + 30, 14 * 60 + 31, 14 * 60 + 35, 20 * 60])
          minutes.get(symbol)?.push(candle(start + at * MINUTE))
      else
        for (const hour of [2, 14, 20])
          for (let i = 0; i < 6; i++) {
            const t = start + hour * 3_600_000 + i * 5_000 + (symbol.length % 3)
            if (t >= NOW) continue
            n++
            polls.push({
              symbol,
              t,
              price: shape.price(n),
              underlying: shape.underlying(n, t),
              multiplier: shape.multiplier(day),
            })
          }
    }
  }
  polls.sort((a, b) => a.t - b.t)
  return { since, days, minutes, polls }
}

/** The history as schema 2 stored it: a plain row each. */
function writeV2(db: DatabaseSync, h: History): void {
  db.exec(SCHEMA_V1)
  migrate(db, 2)
  const ids = new Map<string, number>()
  for (const [symbol, since] of h.since)
    ids.set(
      symbol,
      Number(
        db.prepare('INSERT INTO symbols (symbol, since) VALUES (?, ?)').run(symbol, since).lastInsertRowid,
      ),
    )
  for (const table of ['days', 'minutes'] as const) {
    const insert = db.prepare(
      `INSERT INTO ${table} (symbol, t, open, high, low, close, underlying) ` +
        `VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    for (const [symbol, candles] of h[table])
      for (const c of candles)
        insert.run(ids.get(symbol) as number, c.t, c.open, c.high, c.low, c.close, c.underlying)
  }
  const poll = db.prepare('INSERT INTO polls (symbol, t, price, underlying) VALUES (?, ?, ?, ?)')
  const multiplier = db.prepare('INSERT INTO multipliers (symbol, t, value) VALUES (?, ?, ?)')
  const lastMultiplier = new Map<string, string>()
  for (const p of h.polls) {
    const id = ids.get(p.symbol) as number
    poll.run(id, p.t, p.price, p.underlying)
    if (lastMultiplier.get(p.symbol) !== p.multiplier) multiplier.run(id, p.t, p.multiplier)
    lastMultiplier.set(p.symbol, p.multiplier)
  }
}

/** The same history written by today's code: candles by the retention's writer, polls by the recorder. */
function writeV3(db: DatabaseSync, recorder: HistoryRecorder, h: History): void {
  for (const [symbol, since] of h.since) {
    const id = Number(
      db.prepare('INSERT INTO symbols (symbol, since) VALUES (?, ?)').run(symbol, since).lastInsertRowid,
    )
    inTransaction(db, () => {
      writeCandles(db, 'days', id, h.days.get(symbol) ?? [])
      writeCandles(db, 'minutes', id, h.minutes.get(symbol) ?? [])
    })
  }
  for (const p of h.polls) {
    const delta: Delta = {
      asOf: p.t,
      added: [],
      removed: [],
      changed: [
        {
          symbol: p.symbol,
          fields: {
            price: p.price,
            sharesMultiplier: p.multiplier,
            underlying:
              p.underlying === null
                ? null
                : {
                    ticker: p.symbol,
                    name: null,
                    price: p.underlying,
                    high52w: null,
                    low52w: null,
                    volume: null,
                    averageVolume: null,
                    sharesOutstanding: null,
                    marketCap: null,
                  },
          },
        },
      ],
    }
    recorder.recordDelta(delta)
  }
  recorder.flush()
}

/**
 * Day boundaries (every day of the last week), the first and last row of each kind, some polls, and next to
 * them.
 */
function rangeStarts(h: History): number[] {
  const starts = [0, NOW - 365 * DAY, NOW - 7 * DAY, NOW - DAY, NOW, NOW + DAY]
  for (let day = -125; day <= 1; day += day < -8 ? 9 : 1)
    starts.push(TODAY + day * DAY, TODAY + day * DAY + 14 * 3_600_000 + 30 * MINUTE)
  const edges = [...h.days.values(), ...h.minutes.values()].flatMap((candles) => [
    candles[0]?.t ?? 0,
    candles.at(-1)?.t ?? 0,
  ])
  edges.push(...h.polls.filter((_, i) => i % 97 === 0).map((p) => p.t))
  return [...new Set([...starts, ...edges.flatMap((t) => [t - 1, t, t + 1])])].sort((a, b) => a - b)
}

/**
 * Each read against the reference; the first that differs shown whole (a deep compare of thousands is slow).
 */
function expectSameReads(actual: readonly RecordedHistory[], expected: readonly RecordedHistory[]): void {
  expect(actual).toHaveLength(expected.length)
  const differs = actual.findIndex((read, i) => JSON.stringify(read) !== JSON.stringify(expected[i]))
  if (differs >= 0)
    expect({ read: differs, ...actual[differs] }).toEqual({ read: differs, ...expected[differs] })
}

const { tempDir } = cleanupAfterEach('tw-history-equivalence-')
let folder: string
beforeEach(() => {
  folder = tempDir()
})

describe('packed storage reads as the plain one did', () => {
  it(
    'the same history in a v2 file, that file migrated, and a new ' +
      'file written plain, partly packed, packed',
    () => {
      const h = history()
      const symbols = [...Object.keys(SYMBOLS), 'NONEon']
      const starts = rangeStarts(h)
      const v2 = new DatabaseSync(path.join(folder, HISTORY_DB_FILE))
      writeV2(v2, h)
      const expected = symbols.flatMap((symbol) =>
        starts.flatMap((from) => [false, true].map((daily) => readV2(v2, symbol, from, daily))),
      )
      v2.close()
      // The reference is not empty where it matters: every kind of row, nulls, text kept as sent.
      const all = expected.flatMap((read) => read.rows)
      expect(all.some((row) => row.close === '235.18760000')).toBe(true)
      expect(all.some((row) => row.close === '007.50')).toBe(true)
      expect(all.some((row) => row.high === '123456789012345678.5')).toBe(true)
      expect(all.some((row) => row.underlying === null && row.multiplier === '1')).toBe(true)
      expect(new Set(all.map((row) => row.multiplier))).toEqual(
        new Set([null, '1.000000000000000000', '1.000700000000000000', '1.0', '4.0', '1']),
      )

      const readAll = (recorder: HistoryRecorder) =>
        symbols.flatMap((symbol) =>
          starts.flatMap((from) => [false, true].map((daily) => recorder.read(symbol, from, daily))),
        )

      const migrated = openHistoryDb(folder).db
      expect(migrated.prepare('SELECT COUNT(*) AS n FROM polls').get()).toEqual({ n: 0 })
      expectSameReads(readAll(new HistoryRecorder(migrated, { onProblem: () => undefined })), expected)
      migrated.close()

      const fresh = openHistoryDb(mkdtempSync(path.join(folder, 'v3-'))).db
      const recorder = new HistoryRecorder(fresh, { onProblem: () => undefined })
      writeV3(fresh, recorder, h)
      expect(fresh.prepare('SELECT COUNT(*) AS n FROM polls').get()).toEqual({ n: h.polls.length })
      expectSameReads(readAll(recorder), expected)
      expect(packPlainPolls(fresh, TODAY - 2 * DAY + 14 * 3_600_000)).toBeGreaterThan(0)
      expectSameReads(readAll(recorder), expected)
      packPlainPolls(fresh, NOW + DAY)
      expect(fresh.prepare('SELECT COUNT(*) AS n FROM polls').get()).toEqual({ n: 0 })
      expectSameReads(readAll(recorder), expected)

      // A poll written again at a time already packed: the later one is read, once.
      const last = h.polls.at(-1) as Poll
      recorder.recordDelta({
        asOf: last.t,
        added: [],
        removed: [],
        changed: [{ symbol: last.symbol, fields: { price: '1.5' } }],
      })
      recorder.flush()
      const rows = recorder.read(last.symbol, last.t - 1).rows
      expect(rows.map((row) => [row.t, row.close])).toEqual([[last.t, '1.5']])
      fresh.close()
    },
  )
})
