import type { DatabaseSync } from 'node:sqlite'
import { beforeEach, describe, expect, it } from 'vitest'
import { openHistoryDb } from '../../../src/main/core/history/history-db'
import { FLUSH_EVERY_MS, HistoryRecorder } from '../../../src/main/core/history/history-recorder'
import { writeCandles } from '../../../src/main/core/history/history-retention'
import type { AssetChange, AssetQuote, Delta } from '../../../src/shared/domain'
import { emptyAsset } from '../../../src/shared/domain'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * What the recorder writes of each change, field by field: the price, the stock's price (gone
 * when the answer has none), the multiplier alone; when it writes (every 30 s of feed time); and
 * how it reads back: the multiplier in force at each row, and a daily range from the days
 * written and a candle a day made of what is finer after them.
 */

const MINUTE = 60_000
const DAY = 86_400_000
/** Monday 2026-11-16 10:00 ET. */
const NOW = Date.UTC(2026, 10, 16, 15, 0)

const { cleanups, tempDir } = cleanupAfterEach('tw-history-recorder-')
let db: DatabaseSync
let recorder: HistoryRecorder
beforeEach(() => {
  db = openHistoryDb(tempDir()).db
  cleanups.push(() => db.close())
  recorder = new HistoryRecorder(db, { onProblem: () => undefined })
})

const stock = (price: string) => ({
  ticker: 'AAPL',
  name: null,
  price,
  high52w: null,
  low52w: null,
  volume: null,
  averageVolume: null,
  sharesOutstanding: null,
  marketCap: null,
})
const quote = (price: string | null, underlying: string | null, multiplier: string | null): AssetQuote => ({
  ...emptyAsset('AAPLon'),
  price,
  underlying: underlying === null ? null : stock(underlying),
  sharesMultiplier: multiplier,
})
const added = (asOf: number, q: AssetQuote): Delta => ({ asOf, added: [q], changed: [], removed: [] })
const changed = (asOf: number, fields: AssetChange['fields']): Delta => ({
  asOf,
  added: [],
  changed: [{ symbol: 'AAPLon', fields }],
  removed: [],
})
const table = (sql: string) => db.prepare(sql).all()

describe('the recorder', () => {
  it('records each change field by field, against the values before it', () => {
    recorder.recordDelta(added(NOW, quote('235.10', '234.80', '1.000000000000000000')))
    // The stock's price alone moved: a row, at the same token price.
    recorder.recordDelta(changed(NOW + 5_000, { underlying: stock('234.90') }))
    // The answer has no stock price any more.
    recorder.recordDelta(changed(NOW + 10_000, { underlying: null }))
    // The multiplier alone: its own row, no poll.
    recorder.recordDelta(changed(NOW + 15_000, { sharesMultiplier: '1.000700000000000000' }))
    // The price, the stock's price still absent, the multiplier as it was.
    recorder.recordDelta(changed(NOW + 20_000, { price: '235.20' }))
    // The multiplier it already had is no change.
    recorder.recordDelta(changed(NOW + 25_000, { sharesMultiplier: '1.000700000000000000' }))
    recorder.flush()
    expect(table('SELECT t, price, underlying FROM polls ORDER BY t')).toEqual([
      { t: NOW, price: '235.10', underlying: '234.80' },
      { t: NOW + 5_000, price: '235.10', underlying: '234.90' },
      { t: NOW + 10_000, price: '235.10', underlying: null },
      { t: NOW + 20_000, price: '235.20', underlying: null },
    ])
    expect(table('SELECT t, value FROM multipliers ORDER BY t')).toEqual([
      { t: NOW, value: '1.000000000000000000' },
      { t: NOW + 15_000, value: '1.000700000000000000' },
    ])
    expect(recorder.read('AAPLon', 0).rows.map((r) => [r.t - NOW, r.close, r.multiplier])).toEqual([
      [0, '235.10', '1.000000000000000000'],
      [5_000, '235.10', '1.000000000000000000'],
      [10_000, '235.10', '1.000000000000000000'],
      [20_000, '235.20', '1.000700000000000000'],
    ])
  })

  it('an asset without a price yet is not a row; its multiplier is', () => {
    recorder.recordDelta(added(NOW, quote(null, '234.80', '1.000000000000000000')))
    recorder.recordDelta(changed(NOW + 5_000, { holders: 12 }))
    recorder.recordDelta(changed(NOW + 10_000, { price: '235.10' }))
    recorder.flush()
    expect(table('SELECT t, price, underlying FROM polls')).toEqual([
      { t: NOW + 10_000, price: '235.10', underlying: '234.80' },
    ])
    expect(table('SELECT t FROM multipliers')).toEqual([{ t: NOW }])
    // Recording of it began at its first row of either kind.
    expect(recorder.read('AAPLon', 0).since).toBe(NOW)
  })

  it('an asset with neither a price nor a multiplier leaves no trace, not even its symbol', () => {
    // Its recording has not begun: a symbol row would date "recorded since" before any price.
    recorder.recordDelta(added(NOW, quote(null, '234.80', null)))
    recorder.flush(NOW + 30_000)
    expect(table('SELECT symbol FROM symbols')).toEqual([])
    expect(recorder.read('AAPLon', 0)).toEqual({ rows: [], since: null })
  })

  it('a change of a symbol it never saw is taken from nothing', () => {
    recorder.recordDelta(changed(NOW, { price: '235.10' }))
    recorder.recordDelta(changed(NOW + 30_000, { sharesMultiplier: '1.000000000000000000' }))
    expect(recorder.read('AAPLon', 0).rows.map((r) => [r.close, r.underlying, r.multiplier])).toEqual([
      ['235.10', null, null],
    ])
    expect(table('SELECT t FROM multipliers')).toEqual([{ t: NOW + 30_000 }])
  })

  it('writes every 30 s of feed time, at the first delta and from exactly 30 s after the last write', () => {
    expect(FLUSH_EVERY_MS).toBe(30_000)
    const count = () => (db.prepare('SELECT COUNT(*) AS n FROM polls').get() as { n: number }).n
    recorder.recordDelta(added(NOW, quote('235.10', '234.80', null)))
    expect(count()).toBe(1)
    recorder.recordDelta(changed(NOW + 29_999, { price: '235.20' }))
    expect(count()).toBe(1)
    recorder.recordDelta(changed(NOW + 30_000, { price: '235.30' }))
    expect(count()).toBe(3)
    recorder.recordDelta(changed(NOW + 59_999, { price: '235.40' }))
    expect(count()).toBe(3)
  })

  it('writes sooner when 50,000 rows wait, not before', () => {
    // A poll of every listed asset (10,000 and more) must not hold hundreds of thousands of rows
    // for 30 s: at 50,000 waiting they are written at once, whatever the time.
    const count = () => (db.prepare('SELECT COUNT(*) AS n FROM polls').get() as { n: number }).n
    const many = (asOf: number, from: number, n: number): Delta => ({
      asOf,
      added: Array.from({ length: n }, (_, i) => ({
        ...quote('12.34', null, null),
        symbol: `S${from + i}on`,
      })),
      changed: [],
      removed: [],
    })
    recorder.recordDelta(added(NOW, quote('235.10', '234.80', null)))
    expect(count()).toBe(1)
    recorder.recordDelta(many(NOW + 1_000, 0, 49_999))
    expect(count()).toBe(1)
    recorder.recordDelta(many(NOW + 2_000, 49_999, 1))
    expect(count()).toBe(50_001)
  })

  it('a daily range: the days written, then a candle a day of the finer rows after the last of them', () => {
    recorder.recordDelta(added(NOW - 3 * DAY, quote('230.10', '229.80', '1.000000000000000000')))
    recorder.flush()
    const id = 1
    const day = Math.floor(NOW / DAY) * DAY
    writeCandles(db, 'days', id, [
      { t: day - 3 * DAY, open: '230.10', high: '231.00', low: '229.00', close: '230.50', underlying: null },
    ])
    writeCandles(db, 'minutes', id, [
      {
        t: day - 2 * DAY + MINUTE,
        open: '232.10',
        high: '232.90',
        low: '231.90',
        close: '232.50',
        underlying: null,
      },
    ])
    recorder.recordDelta(added(NOW - DAY, quote('233.10', '232.80', null)))
    recorder.recordDelta(changed(NOW - DAY + MINUTE, { price: '233.90' }))
    recorder.recordDelta(changed(NOW - DAY + 2 * MINUTE, { price: '232.95' }))
    const rows = recorder.read('AAPLon', day - 2 * DAY - 1, true).rows
    expect(rows.map(({ t, open, high, low, close }) => [t - day, open, high, low, close])).toEqual([
      [-3 * DAY, '230.10', '231.00', '229.00', '230.50'],
      [-2 * DAY, '232.10', '232.90', '231.90', '232.50'],
      [-DAY, '233.10', '233.90', '232.95', '232.95'],
    ])
    // From the start: the first poll's day is read from the days, not made again from the poll.
    expect(recorder.read('AAPLon', 0, true).rows.map((r) => r.t - day)).toEqual([-3 * DAY, -2 * DAY, -DAY])
    // From a later start the days before it are left out, and so are the finer rows before it.
    expect(recorder.read('AAPLon', day - DAY, true).rows.map((r) => r.t - day)).toEqual([-DAY])
  })
})
