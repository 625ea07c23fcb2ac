import type { DatabaseSync } from 'node:sqlite'
import { beforeEach, describe, expect, it } from 'vitest'
import { openHistoryDb } from '../../../src/main/core/history/history-db'
import {
  dropBlocks,
  firstFineTime,
  minutesOf,
  packPlainPolls,
  pollsOf,
  storeMinutes,
  storePolls,
} from '../../../src/main/core/history/history-blocks'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * Where the fine rows live, read back as one list: plain polls and packed hours joined in time
 * order (the plain one kept where both have a time), a range starting or ending inside a packed
 * hour or day, a blob added to rather than replaced, and the first fine time of a symbol.
 */

const MINUTE = 60_000
const HOUR = 3_600_000
const DAY = 86_400_000
/** Monday 2026-11-16 10:00 ET, a whole hour. */
const HOUR_START = Date.UTC(2026, 10, 16, 15, 0)
const DAY_START = Date.UTC(2026, 10, 16)

const { cleanups, tempDir } = cleanupAfterEach('tw-history-blocks-')
let db: DatabaseSync
beforeEach(() => {
  db = openHistoryDb(tempDir()).db
  cleanups.push(() => db.close())
})

const plain = (symbol: number, t: number, price: string) =>
  db.prepare('INSERT INTO polls (t, symbol, price, underlying) VALUES (?, ?, ?, NULL)').run(t, symbol, price)
const packed = (symbol: number, t: number, price: string) => ({ symbol, t, price, underlying: null })
const minute = (symbol: number, t: number, close: string) => ({
  symbol,
  t,
  open: close,
  high: close,
  low: close,
  close,
  underlying: '234.80',
})

describe('the fine rows', () => {
  it('plain and packed polls in one time order; at the same time the plain one is kept', () => {
    // A plain poll before a packed one (a row flushed after its hour was packed) passes it over
    // without losing it.
    storePolls(db, [
      packed(1, HOUR_START + 1_000, '235.10'),
      packed(1, HOUR_START + 2_500, '235.25'),
      packed(1, HOUR_START + 3_000, '235.30'),
    ])
    plain(1, HOUR_START + 2_000, '235.20')
    plain(1, HOUR_START + 3_000, '235.35')
    plain(1, HOUR_START + 4_000, '235.40')
    plain(2, HOUR_START + 2_500, '99.90')
    expect(pollsOf(db, 1, 0).map((p) => [p.t - HOUR_START, p.price])).toEqual([
      [1_000, '235.10'],
      [2_000, '235.20'],
      [2_500, '235.25'],
      [3_000, '235.35'],
      [4_000, '235.40'],
    ])
    expect(pollsOf(db, 2, 0).map((p) => p.price)).toEqual(['99.90'])
  })

  it('a range from inside a packed hour to inside another reads from <= t < before', () => {
    storePolls(db, [
      packed(1, HOUR_START + 10 * MINUTE, '235.10'),
      packed(1, HOUR_START + 20 * MINUTE, '235.20'),
      packed(1, HOUR_START + HOUR + 10 * MINUTE, '235.30'),
      packed(1, HOUR_START + HOUR + 20 * MINUTE, '235.40'),
    ])
    const read = (from: number, before?: number) =>
      pollsOf(db, 1, HOUR_START + from, before === undefined ? undefined : HOUR_START + before).map(
        (p) => p.price,
      )
    expect(read(20 * MINUTE, HOUR + 20 * MINUTE)).toEqual(['235.20', '235.30'])
    expect(read(20 * MINUTE + 1, HOUR + 20 * MINUTE + 1)).toEqual(['235.30', '235.40'])
    expect(read(HOUR)).toEqual(['235.30', '235.40'])
    expect(read(0, HOUR)).toEqual(['235.10', '235.20'])
  })

  it('minutes: a range inside a packed day; a day added to, a minute at a stored time replacing it', () => {
    storeMinutes(db, [
      minute(1, DAY_START + 10 * MINUTE, '235.10'),
      minute(1, DAY_START + 20 * MINUTE, '235.20'),
    ])
    storeMinutes(db, [
      minute(1, DAY_START + 15 * MINUTE, '235.15'),
      minute(1, DAY_START + 20 * MINUTE, '235.25'),
    ])
    storeMinutes(db, [minute(1, DAY_START + DAY + 5 * MINUTE, '236.00')])
    expect(db.prepare('SELECT COUNT(*) AS n FROM minute_days').get()).toEqual({ n: 2 })
    expect(minutesOf(db, 1, 0).map((m) => [m.t - DAY_START, m.close])).toEqual([
      [10 * MINUTE, '235.10'],
      [15 * MINUTE, '235.15'],
      [20 * MINUTE, '235.25'],
      [DAY + 5 * MINUTE, '236.00'],
    ])
    expect(
      minutesOf(db, 1, DAY_START + 15 * MINUTE, DAY_START + DAY + 5 * MINUTE).map((m) => m.close),
    ).toEqual(['235.15', '235.25'])
  })

  it('rows of several symbols and hours, in any order within a bucket, each go to their own blob', () => {
    storePolls(db, [
      packed(1, HOUR_START + 3_000, '235.30'),
      packed(1, HOUR_START + 1_000, '235.10'),
      packed(1, HOUR_START + HOUR + 1_000, '236.10'),
      packed(2, HOUR_START + 2_000, '99.90'),
    ])
    expect(db.prepare('SELECT symbol, t FROM poll_hours ORDER BY symbol, t').all()).toEqual([
      { symbol: 1, t: HOUR_START },
      { symbol: 1, t: HOUR_START + HOUR },
      { symbol: 2, t: HOUR_START },
    ])
    expect(pollsOf(db, 1, 0).map((p) => p.price)).toEqual(['235.10', '235.30', '236.10'])
  })

  it('packs the plain polls before a time, saying how many it moved', () => {
    plain(1, HOUR_START + 1_000, '235.10')
    plain(2, HOUR_START + 2_000, '99.90')
    plain(1, HOUR_START + HOUR, '235.20')
    expect(packPlainPolls(db, HOUR_START + HOUR)).toBe(2)
    expect(db.prepare('SELECT t FROM polls').all()).toEqual([{ t: HOUR_START + HOUR }])
    expect(pollsOf(db, 1, 0).map((p) => p.price)).toEqual(['235.10', '235.20'])
    expect(pollsOf(db, 2, 0).map((p) => p.price)).toEqual(['99.90'])
  })

  it('the first fine time is the earliest of plain polls, packed polls and minutes; null with none', () => {
    expect(firstFineTime(db, 1)).toBeNull()
    plain(1, HOUR_START + 5_000, '235.10')
    expect(firstFineTime(db, 1)).toBe(HOUR_START + 5_000)
    storePolls(db, [packed(1, HOUR_START + 4_000, '235.00')])
    expect(firstFineTime(db, 1)).toBe(HOUR_START + 4_000)
    storeMinutes(db, [minute(1, HOUR_START - DAY, '230.00')])
    expect(firstFineTime(db, 1)).toBe(HOUR_START - DAY)
    storePolls(db, [packed(1, HOUR_START - 2 * DAY, '229.00')])
    expect(firstFineTime(db, 1)).toBe(HOUR_START - 2 * DAY)
    expect(firstFineTime(db, 2)).toBeNull()
  })

  it('drops the blobs of buckets before a time, of that table only', () => {
    storePolls(db, [packed(1, HOUR_START, '235.10'), packed(1, HOUR_START + HOUR, '235.20')])
    storeMinutes(db, [minute(1, HOUR_START, '235.10')])
    dropBlocks(db, 'poll_hours', HOUR_START + HOUR)
    expect(pollsOf(db, 1, 0).map((p) => p.price)).toEqual(['235.20'])
    expect(minutesOf(db, 1, 0)).toHaveLength(1)
  })
})
