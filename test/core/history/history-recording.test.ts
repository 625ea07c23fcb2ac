import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { beforeEach, describe, expect, it } from 'vitest'
import { HISTORY_DB_FILE } from '../../../src/main/core/history/history-db'
import { HistoryRecording, RETENTION_EVERY_MS } from '../../../src/main/core/history/history-recording'
import { type AssetQuote, type Delta, emptyAsset } from '../../../src/shared/domain'
import { manualClock } from '../../support/manual-clock'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * The recording's life on the thread that polls, on a clock the test moves: the file opened on
 * start (a damaged one set aside and said, one that cannot be used said with why), the retention
 * at the start and every hour after, a write that fails said and recording stopped, stop writing
 * what waits and ending the retention.
 */

/** Monday 2026-11-16 10:00 ET. */
const MONDAY_10_00_ET = Date.UTC(2026, 10, 16, 15, 0)
const HOUR = 3_600_000

const { tempDir } = cleanupAfterEach('tw-history-recording-')
let folder: string
beforeEach(() => {
  folder = tempDir()
})

const file = () => path.join(folder, HISTORY_DB_FILE)

const quote = (symbol: string, price: string): AssetQuote => ({ ...emptyAsset(symbol), price })
const priced = (asOf: number, price: string): Delta => ({
  asOf,
  added: [quote('AAPLon', price)],
  changed: [],
  removed: [],
})

function setup() {
  const manual = manualClock(MONDAY_10_00_ET)
  const notices: (string | null)[] = []
  const rec: HistoryRecording = new HistoryRecording(manual.scheduler, () => notices.push(rec.notice()))
  return { manual, rec, notices }
}

/** What the file holds, read by another connection. */
function count(table: string): number {
  const db = new DatabaseSync(file(), { readOnly: true })
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
  } finally {
    db.close()
  }
}

describe('the recording', () => {
  it('records on a file it opened, and stop writes what still waits', () => {
    const { rec, notices } = setup()
    rec.start(folder, [])
    rec.recordDelta(priced(MONDAY_10_00_ET, '235.10'))
    // Within 30 s of the first write: this one waits.
    rec.recordDelta(priced(MONDAY_10_00_ET + 5_000, '235.20'))
    expect(count('polls')).toBe(1)
    rec.stop()
    expect(count('polls')).toBe(2)
    expect(rec.read('AAPLon', 0)).toEqual({ rows: [], since: null })
    rec.start(folder, [])
    expect(rec.read('AAPLon', 0).rows.map((row) => row.close)).toEqual(['235.10', '235.20'])
    rec.stop()
    expect(notices).toEqual([])
  })

  it('started again in another folder: what waited goes to the first file, the rest to the second', () => {
    // A start is a stop first: the first file gets the row still waiting, and no later row.
    const { rec } = setup()
    const first = folder
    rec.start(first, [])
    rec.recordDelta(priced(MONDAY_10_00_ET, '235.10'))
    rec.recordDelta(priced(MONDAY_10_00_ET + 5_000, '235.20'))
    folder = tempDir()
    rec.start(folder, [])
    rec.recordDelta(priced(MONDAY_10_00_ET + 40_000, '235.30'))
    rec.stop()
    expect(count('polls')).toBe(1)
    folder = first
    expect(count('polls')).toBe(2)
  })

  it('a damaged file is set aside, said once, and recording starts afresh', () => {
    writeFileSync(file(), 'this is not a database, it is a text file of some length '.repeat(100))
    const { rec, notices } = setup()
    rec.start(folder, [])
    expect(notices).toEqual([
      `The price history file was damaged and was set aside (${file()}.corrupt-2026-11-16T15-00-00-000Z` +
        '); recording started afresh.',
    ])
    rec.recordDelta(priced(MONDAY_10_00_ET, '235.10'))
    expect(rec.read('AAPLon', 0).rows).toHaveLength(1)
    rec.stop()
  })

  it('a file that cannot be used is said with why; nothing is recorded', () => {
    mkdirSync(file())
    const { rec, notices } = setup()
    rec.start(folder, [])
    expect(notices).toEqual([
      'Price history is not being recorded: history.sqlite could not be used (a folder is in its place).',
    ])
    rec.recordDelta(priced(MONDAY_10_00_ET, '235.10'))
    expect(rec.read('AAPLon', 0)).toEqual({ rows: [], since: null })
    rec.stop()
    // The same sentence again is not told again.
    rec.start(folder, [])
    expect(notices).toHaveLength(1)
  })

  it('a write that fails for another reason than a full disk is said, and recording stops', () => {
    const { manual, rec, notices } = setup()
    rec.start(folder, [quote('AAPLon', '235.10')])
    const other = new DatabaseSync(file())
    other.exec('DROP TABLE polls')
    other.close()
    rec.recordDelta(priced(MONDAY_10_00_ET, '235.30'))
    expect(notices).toEqual(['Recording price history failed and is paused: no such table: polls.'])
    // Stopped: the retention's timer is gone, nothing more is taken in or read.
    expect(manual.clock.pending.size).toBe(0)
    rec.recordDelta(priced(MONDAY_10_00_ET + 60_000, '235.40'))
    expect(rec.read('AAPLon', 0)).toEqual({ rows: [], since: null })
    // The failed transaction left nothing behind.
    expect(count('symbols')).toBe(0)
  })

  it('what the feed held already is known: the same price is no new row', () => {
    const { rec } = setup()
    rec.start(folder, [quote('AAPLon', '235.10')])
    rec.recordDelta(priced(MONDAY_10_00_ET, '235.10'))
    rec.recordDelta(priced(MONDAY_10_00_ET + 40_000, '235.15'))
    expect(rec.read('AAPLon', 0).rows.map((row) => row.close)).toEqual(['235.15'])
    rec.stop()
  })

  it('applies the retention at the start and hourly, writing what waits first; stop ends it', () => {
    const { manual, rec } = setup()
    rec.start(folder, [])
    expect(RETENTION_EVERY_MS).toBe(HOUR)
    expect(manual.clock.delays).toEqual([HOUR])
    rec.recordDelta(priced(MONDAY_10_00_ET, '235.10'))
    rec.recordDelta(priced(MONDAY_10_00_ET + 5_000, '235.20'))
    expect([count('polls'), count('poll_hours')]).toEqual([1, 0])
    // An hour later the retention writes the waiting row and packs the polls of the hour before.
    manual.advanceTo(MONDAY_10_00_ET + HOUR)
    expect([count('polls'), count('poll_hours')]).toEqual([0, 1])
    expect(manual.clock.delays).toEqual([HOUR, HOUR])
    expect(rec.read('AAPLon', 0).rows.map((row) => row.close)).toEqual(['235.10', '235.20'])
    rec.stop()
    expect(manual.clock.cleared).toEqual([2])
    expect(manual.clock.pending.size).toBe(0)
  })

  it('a retention that fails is tried again an hour later; recording goes on', () => {
    const { manual, rec, notices } = setup()
    rec.start(folder, [])
    rec.recordDelta(priced(MONDAY_10_00_ET, '235.10'))
    const other = new DatabaseSync(file())
    other.exec("CREATE TRIGGER refuse BEFORE INSERT ON poll_hours BEGIN SELECT RAISE(ABORT, 'refused'); END")
    manual.advanceTo(MONDAY_10_00_ET + HOUR)
    expect([count('polls'), count('poll_hours')]).toEqual([1, 0])
    expect(manual.clock.delays).toEqual([HOUR, HOUR])
    rec.recordDelta(priced(MONDAY_10_00_ET + HOUR, '235.30'))
    expect(rec.read('AAPLon', 0).rows.map((row) => row.close)).toEqual(['235.10', '235.30'])
    other.exec('DROP TRIGGER refuse')
    other.close()
    manual.advanceTo(MONDAY_10_00_ET + 2 * HOUR)
    expect([count('polls'), count('poll_hours')]).toEqual([0, 2])
    expect(notices).toEqual([])
    rec.stop()
  })
})
