import type { DatabaseSync } from 'node:sqlite'
import { beforeEach, describe, expect, it } from 'vitest'
import { openHistoryDb } from '../../../src/main/core/history/history-db'
import { minutesOf, pollsOf, storeMinutes } from '../../../src/main/core/history/history-blocks'
import {
  FULL_RESOLUTION_MS,
  MINUTES_KEPT_MS,
  applyRetention,
} from '../../../src/main/core/history/history-retention'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * The retention at its cut-offs, on rows put in place by hand: a poll a second before the
 * whole hour 7 days back becomes a minute, one at that hour stays; a minute a minute before the
 * whole UTC day 90 days back becomes part of a day, one at that day stays; the polls of complete
 * hours are packed, those of the current hour stay plain; every complete day gets its daily
 * candle, also where its minutes and polls are still kept.
 */

const MINUTE = 60_000
const HOUR = 3_600_000
const DAY = 86_400_000
/** Monday 2026-11-16 10:00 ET. */
const NOW = Date.UTC(2026, 10, 16, 15, 0)
/** 7 days back, at the whole hour: Monday 2026-11-09 15:00 UTC. */
const POLL_CUTOFF = Date.UTC(2026, 10, 9, 15, 0)
/** 90 days back, at the whole UTC day: Tuesday 2026-08-18. */
const MINUTE_CUTOFF = Date.UTC(2026, 7, 18)

const { cleanups, tempDir } = cleanupAfterEach('tw-history-retention-')
let db: DatabaseSync
beforeEach(() => {
  db = openHistoryDb(tempDir()).db
  cleanups.push(() => db.close())
})

const poll = (t: number, price: string) =>
  db.prepare("INSERT INTO polls (t, symbol, price, underlying) VALUES (?, 1, ?, '234.80')").run(t, price)
const candle = (t: number, open: string, high: string, low: string, close: string) => ({
  symbol: 1,
  t,
  open,
  high,
  low,
  close,
  underlying: '230.00',
})
const rows = (sql: string) => db.prepare(sql).all()

describe('the retention', () => {
  it('cuts at the whole hour 7 days back and the whole UTC day 90 days back', () => {
    expect([FULL_RESOLUTION_MS, MINUTES_KEPT_MS]).toEqual([7 * DAY, 90 * DAY])
    db.exec("INSERT INTO symbols (symbol, since) VALUES ('AAPLon', 0)")
    storeMinutes(db, [
      candle(MINUTE_CUTOFF - MINUTE, '230.10', '230.50', '229.90', '230.20'),
      candle(MINUTE_CUTOFF, '231.10', '231.50', '230.90', '231.20'),
    ])
    poll(POLL_CUTOFF - 30_000, '235.10')
    poll(POLL_CUTOFF, '235.30')
    poll(NOW - 30 * MINUTE, '236.00')
    poll(NOW, '236.10')

    expect(applyRetention(db, NOW + 59 * MINUTE)).toBe(2)

    // Only the current hour's poll is still a plain row; the hours of polls kept are packed.
    expect(rows('SELECT t, price FROM polls')).toEqual([{ t: NOW, price: '236.10' }])
    expect(rows('SELECT t FROM poll_hours ORDER BY t')).toEqual([{ t: POLL_CUTOFF }, { t: NOW - HOUR }])
    expect(pollsOf(db, 1, 0).map((p) => [p.t, p.price])).toEqual([
      [POLL_CUTOFF, '235.30'],
      [NOW - 30 * MINUTE, '236.00'],
      [NOW, '236.10'],
    ])
    // The aged poll is a minute now; the aged minute is part of a day.
    expect(minutesOf(db, 1, 0).map((m) => [m.t, m.open, m.close])).toEqual([
      [MINUTE_CUTOFF, '231.10', '231.20'],
      [POLL_CUTOFF - MINUTE, '235.10', '235.10'],
    ])
    expect(rows('SELECT t FROM minute_days ORDER BY t')).toEqual([
      { t: MINUTE_CUTOFF },
      { t: Date.UTC(2026, 10, 9) },
    ])
    // A daily candle for every complete day: from the aged minute, from a kept minute, and from
    // a day of a minute and a poll still kept; none for today.
    expect(rows('SELECT t, open, high, low, close FROM days ORDER BY t')).toEqual([
      { t: MINUTE_CUTOFF - DAY, open: '230.10', high: '230.50', low: '229.90', close: '230.20' },
      { t: MINUTE_CUTOFF, open: '231.10', high: '231.50', low: '230.90', close: '231.20' },
      { t: Date.UTC(2026, 10, 9), open: '235.10', high: '235.30', low: '235.10', close: '235.30' },
    ])
  })

  it('days already written are not read again; a run with nothing aged rolls nothing', () => {
    db.exec("INSERT INTO symbols (symbol, since) VALUES ('AAPLon', 0)")
    poll(NOW - 2 * DAY, '235.10')
    expect(applyRetention(db, NOW)).toBe(0)
    expect(rows('SELECT t, close FROM days')).toEqual([{ t: Date.UTC(2026, 10, 14), close: '235.10' }])
    // A poll written later into a day already made is left to the day's next reading, not rewritten.
    poll(NOW - 2 * DAY + MINUTE, '235.90')
    poll(NOW - DAY, '236.20')
    expect(applyRetention(db, NOW)).toBe(0)
    expect(rows('SELECT t, close FROM days ORDER BY t')).toEqual([
      { t: Date.UTC(2026, 10, 14), close: '235.10' },
      { t: Date.UTC(2026, 10, 15), close: '236.20' },
    ])
  })
})
