import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { inTransaction, openHistoryDb } from '../../src/main/core/history/history-db'
import { HistoryRecorder } from '../../src/main/core/history/history-recorder'
import { RETENTION_EVERY_MS } from '../../src/main/core/history/history-recording'
import type { PackedCandle } from '../../src/main/core/history/history-pack'
import { applyRetention, writeCandles } from '../../src/main/core/history/history-retention'
import { alignHistory } from '../../src/main/core/history/history-align'
import { sessionStateAt } from '../../src/shared/session-clock'
import {
  parseCandlesResponse,
  parseMultiplierHistoryResponse,
} from '../../src/main/core/api/wire/wire-history'
import { type Metric, median, metric, round } from '../report'
import { collectYoungGarbage } from './gc'
import { newCase, nextPoll, runPoll } from './pipeline'
import { BENCH_INSTANT } from './bench-instant'
import { fetchSimBodies } from './sim-bodies'

/**
 * The `history` suite (issue #31): validating and aligning a `1day/all` answer against JSON.parse
 * of the same bytes; the poll pipeline with recording against the same pipeline without it; the
 * size of history.sqlite after a simulated year of 100 symbols at the default cadences and the
 * retention (7 days of polls, 90 days of minutes, days after); a 1Y query of one symbol.
 */

export const HISTORY_BUDGETS = { alignRatio: 3, recordingRatio: 1.15, dbMegabytes: 200, yearQueryMs: 20 }

export interface HistoryBenchOptions {
  recordingSizes: readonly number[]
  rounds: number
  /** Symbols and days of the simulated year (100 and 365 in a full run). */
  dbSymbols: number
  dbDays: number
}

const DAY = 86_400_000
const PRICES_CADENCE_MS = 5_000

/** A deterministic walk: the same decimal strings on every run. */
function walk(count: number, start: number, digits: number, seed: number): string[] {
  const out: string[] = []
  let value = start
  for (let i = 0; i < count; i++) {
    value *= 1 + 0.01 * Math.sin(seed * 7.3 + i * 1.7) * Math.cos(i * 0.31)
    out.push(value.toFixed(digits))
  }
  return out
}

/** A `1day/all` answer of `days` token and stock candles, and a multiplier history of `changes`, as text. */
function dailyAllBodies(days: number, changes: number): { candles: string; multiplier: string } {
  const first = Date.UTC(2019, 0, 1)
  const candles = (closes: string[]) =>
    closes.map((close, i) => ({
      timestamp: first + i * DAY,
      open: closes[Math.max(0, i - 1)],
      high: close,
      low: close,
      close,
    }))
  const token = walk(days, 235.1876, 8, 1)
  const stock = walk(days, 234.81, 2, 1)
  const candlesBody = {
    interval: '1day',
    range: 'all',
    primaryMarket: {
      symbol: 'AAPLon',
      data: candles(token).map((c, i) => ({ ...c, high: token[i], low: token[i] })),
    },
    underlyingMarket: { ticker: 'AAPL', data: candles(stock) },
  }
  let value = 1
  const history = Array.from({ length: changes }, (_, i) => {
    value *= 1.0007
    return {
      sharesMultiplier: value.toFixed(18),
      changeTimestamp: first + Math.floor((i * days * DAY) / changes),
    }
  }).reverse()
  return {
    candles: JSON.stringify(candlesBody),
    multiplier: JSON.stringify({ history, timestamp: first + days * DAY }),
  }
}

/**
 * Alternating timed loops of two tasks; the median of the rounds' ratios. Each loop's figure is
 * its median, or (`mean`) its mean, where some iterations do more than others (recording writes
 * every 30 s of polls, and that poll must count).
 */
function ratioOf(
  rounds: number,
  iterations: number,
  floor: () => unknown,
  task: () => unknown,
  average: 'median' | 'mean' = 'median',
): { floorMs: number; taskMs: number; ratio: number } {
  const time = (run: () => unknown) => {
    const samples: number[] = []
    for (let i = 0; i < iterations; i++) {
      collectYoungGarbage()
      const start = performance.now()
      run()
      samples.push(performance.now() - start)
    }
    return average === 'mean' ? samples.reduce((sum, ms) => sum + ms, 0) / samples.length : median(samples)
  }
  time(floor)
  time(task)
  const floors: number[] = []
  const tasks: number[] = []
  const ratios: number[] = []
  for (let round = 0; round < rounds; round++) {
    const f = time(floor)
    const t = time(task)
    floors.push(f)
    tasks.push(t)
    ratios.push(t / f)
  }
  return { floorMs: median(floors), taskMs: median(tasks), ratio: median(ratios) }
}

function alignMetrics(rounds: number, log: (line: string) => void): Metric[] {
  const bodies = dailyAllBodies(2_500, 300)
  // Validating and aligning, against parsing: the task starts from the parsed bodies.
  const parsed = {
    candles: JSON.parse(bodies.candles) as unknown,
    multiplier: JSON.parse(bodies.multiplier) as unknown,
  }
  const result = ratioOf(
    rounds,
    20,
    () => [JSON.parse(bodies.candles), JSON.parse(bodies.multiplier)],
    () => {
      const candles = parseCandlesResponse(parsed.candles)
      const multiplier = parseMultiplierHistoryResponse(parsed.multiplier)
      return alignHistory({
        token: candles.token,
        stock: candles.stock,
        multiplier: multiplier.steps,
        intervalMs: DAY,
        asOf: Date.UTC(2026, 0, 1),
      })
    },
  )
  log(`align 1day/all: JSON.parse ${round(result.floorMs)} ms, validate + align ${round(result.taskMs)} ms`)
  return [
    metric('history.align.ratio', 2_500, round(result.ratio), 'x JSON.parse', HISTORY_BUDGETS.alignRatio),
    metric('history.align.ms', 2_500, round(result.taskMs), 'ms', null),
  ]
}

async function recordingMetrics(
  sizes: readonly number[],
  rounds: number,
  log: (line: string) => void,
): Promise<Metric[]> {
  const metrics: Metric[] = []
  for (const n of sizes) {
    const bodies = await fetchSimBodies(n)
    const folder = mkdtempSync(path.join(os.tmpdir(), 'tw-bench-history-'))
    const { db } = openHistoryDb(folder)
    try {
      const plain = newCase('prices', bodies)
      const recorded = newCase('prices', bodies)
      const recorder = new HistoryRecorder(db, { onProblem: () => undefined })
      recorder.know(recorded.store.snapshot().assets)
      const poll = (pollCase: typeof plain, record: boolean) => () => {
        nextPoll(pollCase)
        const delta = runPoll(pollCase, pollCase.body, pollCase.series.timeOf(pollCase.poll))
        if (record && delta) recorder.recordDelta(delta)
      }
      // 12 polls a loop at the 5 s cadence: two writes of 30 s each, counted in the mean.
      const result = ratioOf(rounds, 12, poll(plain, false), poll(recorded, true), 'mean')
      log(`recording n=${n}: pipeline ${round(result.floorMs)} ms, with recording ${round(result.taskMs)} ms`)
      metrics.push(
        metric(
          'history.recording.ratio',
          n,
          round(result.ratio),
          'x pipeline',
          HISTORY_BUDGETS.recordingRatio,
        ),
        metric('history.recording.ms', n, round(result.taskMs), 'ms', null),
      )
    } finally {
      db.close()
      rmSync(folder, { recursive: true, force: true })
    }
  }
  return metrics
}

/**
 * A year of `symbols` at the default 5 s prices cadence, as the recorder and the retention leave
 * it: the last 7 days polled through the recorder (a row whenever a price moved: every poll in
 * the token's sessions, none while its market is closed), the 90 days before as 1-minute candles
 * and the rest as days, written by the retention's own writer (so in the app's format), then the
 * retention run once (it packs the week of polls). One in five tokens trades off-hours.
 */
function dbMetrics(options: HistoryBenchOptions, log: (line: string) => void): Metric[] {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'tw-bench-historydb-'))
  const { db } = openHistoryDb(folder)
  try {
    const now = BENCH_INSTANT
    const symbols = Array.from({ length: options.dbSymbols }, (_, i) => `S${i}on`)
    const offhours = (i: number) => i % 5 === 0
    const recorder = new HistoryRecorder(db, { onProblem: () => undefined })
    // The calendar asked once a minute of the year, not once a symbol and poll.
    const firstMinuteOfYear = Math.floor((now - options.dbDays * DAY) / 60_000)
    const minutes = Math.ceil((options.dbDays * DAY) / 60_000) + 1
    const open = new Uint8Array(minutes)
    let state = sessionStateAt(firstMinuteOfYear * 60_000)
    for (let m = 0; m < minutes; m++) {
      const t = (firstMinuteOfYear + m) * 60_000
      if (t >= state.nextChangeAt) state = sessionStateAt(t)
      open[m] = state.phase === 'closed' ? 0 : 1
    }
    const trades = (t: number, i: number) =>
      offhours(i) || open[Math.floor(t / 60_000) - firstMinuteOfYear] === 1
    const started = performance.now()
    // Days and minutes first, then the polls of the last week through the recorder itself.
    const firstPoll = now - 7 * DAY
    const firstMinute = Math.floor((now - 97 * DAY) / DAY) * DAY
    const firstDay = now - options.dbDays * DAY
    const candleAt = (t: number, price: (t: number) => string) => ({
      t,
      open: price(t),
      high: price(t + 1),
      low: price(t + 2),
      close: price(t + 3),
      underlying: price(t + 4).slice(0, -2),
    })
    for (const [i, symbol] of symbols.entries()) {
      const id = Number(
        db.prepare('INSERT INTO symbols (symbol, since) VALUES (?, ?)').run(symbol, firstDay).lastInsertRowid,
      )
      const price = (t: number) => (100 + i + Math.sin(t / 3.7e6 + i)).toFixed(i % 2 === 0 ? 8 : 2)
      const dayCandles: PackedCandle[] = []
      for (let t = Math.floor(firstDay / DAY) * DAY; t < firstMinute; t += DAY)
        dayCandles.push(candleAt(t, price))
      const minuteCandles: PackedCandle[] = []
      for (let t = firstMinute; t < firstPoll; t += 60_000)
        if (trades(t, i)) minuteCandles.push(candleAt(t, price))
      inTransaction(db, () => {
        writeCandles(db, 'days', id, dayCandles)
        writeCandles(db, 'minutes', id, minuteCandles)
      })
    }
    let retentionMs = 0
    // The retention as the app runs it: after a flush, once an hour of feed time, and once at the end.
    const retain = (t: number) => {
      const start = performance.now()
      recorder.flush(t)
      applyRetention(db, t)
      retentionMs += performance.now() - start
    }
    for (let t = firstPoll; t < now; t += PRICES_CADENCE_MS) {
      if ((t - firstPoll) % RETENTION_EVERY_MS < PRICES_CADENCE_MS) retain(t)
      const quotes = symbols.flatMap((symbol, i) => {
        if (!trades(t, i)) return []
        const p = (100 + i + Math.sin(t / 3.7e6 + i)).toFixed(i % 2 === 0 ? 8 : 2)
        return [{ symbol, price: p, underlying: p.slice(0, p.indexOf('.') + 3) }]
      })
      recorder.recordDelta({
        asOf: t,
        added: [],
        removed: [],
        changed: quotes.map((q) => ({
          symbol: q.symbol,
          fields: {
            price: q.price,
            sharesMultiplier: '1.000000000000000000',
            underlying: {
              ticker: q.symbol,
              name: null,
              price: q.underlying,
              high52w: null,
              low52w: null,
              volume: null,
              averageVolume: null,
              sharesOutstanding: null,
              marketCap: null,
            },
          },
        })),
      })
    }
    retain(now)
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    const file = path.join(folder, 'history.sqlite')
    const megabytes = statSync(file).size / 1e6
    log(
      `simulated year of ${options.dbSymbols} symbols written in ` +
        `${round((performance.now() - started) / 1000)}` +
        ` s (the retention's hourly runs ${round(retentionMs / 1000)}` +
        ` s of it): ${round(megabytes)} MB`,
    )
    const queries: number[] = []
    for (let i = 0; i < 21; i++) {
      const start = performance.now()
      recorder.read(symbols[i % symbols.length] as string, now - 365 * DAY, true)
      queries.push(performance.now() - start)
    }
    return [
      metric(
        'history.db.megabytes',
        options.dbSymbols,
        round(megabytes),
        `MB after ${options.dbDays} days`,
        HISTORY_BUDGETS.dbMegabytes,
      ),
      metric('history.query.1y.ms', 1, round(median(queries)), 'ms', HISTORY_BUDGETS.yearQueryMs),
    ]
  } finally {
    db.close()
    rmSync(folder, { recursive: true, force: true })
  }
}

export async function historyMetrics(
  options: HistoryBenchOptions,
  log: (line: string) => void,
): Promise<Metric[]> {
  return [
    ...alignMetrics(options.rounds, log),
    ...(await recordingMetrics(options.recordingSizes, options.rounds, log)),
    ...dbMetrics(options, log),
  ]
}
