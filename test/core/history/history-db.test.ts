import { spawn } from 'node:child_process'
import { chmodSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  HISTORY_DB_FILE,
  SCHEMA_V1,
  SCHEMA_VERSION,
  migrate,
  openHistoryDb,
} from '../../../src/main/core/history/history-db'
import { minutesOf, pollsOf } from '../../../src/main/core/history/history-blocks'
import { HistoryRecorder } from '../../../src/main/core/history/history-recorder'
import { applyRetention } from '../../../src/main/core/history/history-retention'
import { type AssetQuote, type Delta, emptyAsset } from '../../../src/shared/domain'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * history.sqlite: the schema migrated from its first version, a damaged file set aside, a writer
 * killed inside a transaction, recording from deltas (only what changed), a full disk pausing
 * recording, and the retention rolling polls into minutes and minutes into days.
 */

const PROJECT_ROOT = path.resolve(__dirname, '../../..')
/** Monday 2026-11-16 10:00 ET. */
const MONDAY_10_00_ET = Date.UTC(2026, 10, 16, 15, 0)
const DAY = 86_400_000

const { tempDir } = cleanupAfterEach('tw-historydb-')
let folder: string
beforeEach(() => {
  folder = tempDir()
})

const file = () => path.join(folder, HISTORY_DB_FILE)

function quote(
  symbol: string,
  price: string,
  underlying: string,
  multiplier = '1.000000000000000000',
): AssetQuote {
  const base = emptyAsset(symbol)
  return {
    ...base,
    price,
    sharesMultiplier: multiplier,
    underlying: {
      ticker: symbol.replace(/on$/, ''),
      name: null,
      price: underlying,
      high52w: null,
      low52w: null,
      volume: null,
      averageVolume: null,
      sharesOutstanding: null,
      marketCap: null,
    },
  }
}
const deltaOf = (asOf: number, quotes: AssetQuote[]): Delta => ({
  asOf,
  added: quotes,
  changed: [],
  removed: [],
})

describe('the file', () => {
  it(
    'migrates a version-1 file: polls kept (packed), the multiplier ' +
      'moved to its own table, only where it changed',
    () => {
      const v1 = new DatabaseSync(file())
      v1.exec(SCHEMA_V1)
      v1.exec("INSERT INTO symbols (symbol, since) VALUES ('LLYon', 1000)")
      v1.exec(
        "INSERT INTO polls VALUES (1, 1000, '760.10', '760.00', '1.0'), " +
          "(1, 2000, '760.20', '760.10', '1.0'), (1, 3000, '761.00', '190.25', '4.0')",
      )
      v1.close()
      const { db, setAside } = openHistoryDb(folder)
      expect(setAside).toBeNull()
      expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION })
      expect(db.prepare('SELECT t, value FROM multipliers ORDER BY t').all()).toEqual([
        { t: 1000, value: '1.0' },
        { t: 3000, value: '4.0' },
      ])
      expect(db.prepare('SELECT symbol, t FROM poll_hours').all()).toEqual([{ symbol: 1, t: 0 }])
      expect(pollsOf(db, 1, 0).map((p) => p.t)).toEqual([1000, 2000, 3000])
      const read = new HistoryRecorder(db, { onProblem: () => undefined }).read('LLYon', 0)
      expect(read.rows.map((r) => [r.close, r.underlying, r.multiplier])).toEqual([
        ['760.10', '760.00', '1.0'],
        ['760.20', '760.10', '1.0'],
        ['761.00', '190.25', '4.0'],
      ])
      expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' })
      db.close()
    },
  )

  it('migrating a version-2 file packs its polls and minutes and gives the freed pages back', () => {
    const v2 = new DatabaseSync(file())
    v2.exec(SCHEMA_V1)
    migrate(v2, 2)
    v2.exec("INSERT INTO symbols (symbol, since) VALUES ('AAPLon', 0)")
    const poll = v2.prepare('INSERT INTO polls (symbol, t, price, underlying) VALUES (1, ?, ?, ?)')
    const minute = v2.prepare(
      'INSERT INTO minutes (symbol, t, open, high, low, close, underlying) ' +
        "VALUES (1, ?, ?, ?, ?, ?, '234.80')",
    )
    v2.exec('BEGIN')
    for (let i = 0; i < 20_000; i++)
      poll.run(MONDAY_10_00_ET + i * 5_000, `235.${String(1876 + (i % 50)).padStart(4, '0')}0000`, '234.80')
    for (let i = 0; i < 20_000; i++)
      minute.run(MONDAY_10_00_ET - DAY * 30 + i * 60_000, '235.10', '235.20', '235.00', '235.15')
    v2.exec('COMMIT')
    v2.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    v2.close()
    const before = statSync(file()).size
    const { db } = openHistoryDb(folder)
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION })
    expect(pollsOf(db, 1, 0)).toHaveLength(20_000)
    expect(pollsOf(db, 1, 0)[49]).toEqual({
      t: MONDAY_10_00_ET + 49 * 5_000,
      price: '235.19250000',
      underlying: '234.80',
    })
    expect(minutesOf(db, 1, 0)).toHaveLength(20_000)
    expect(statSync(file()).size).toBeLessThan(before / 5)
    db.close()
  })

  it('a damaged file is set aside as history.sqlite.corrupt-<time> and a new one started', () => {
    writeFileSync(file(), 'this is not a database, it is a text file of some length '.repeat(100))
    const { db, setAside } = openHistoryDb(folder, () => MONDAY_10_00_ET)
    expect(setAside).toBe(`${file()}.corrupt-2026-11-16T15-00-00-000Z`)
    expect(existsSync(setAside as string)).toBe(true)
    expect(db.prepare('SELECT COUNT(*) AS n FROM polls').get()).toEqual({ n: 0 })
    db.close()
  })

  it(
    'a writer killed inside a transaction: the file opens clean with ' +
      'what was committed, none of the rest',
    async () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(__dirname, 'history-db.writer.child.ts'), folder],
        {
          cwd: PROJECT_ROOT,
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      )
      // Waits for the writer's word, bounded by the test's own timeout: compiling the writer with
      // tsx took over 20 s on two loaded cores (a mutation run's initial test run). A writer that
      // ends first fails the test at once.
      await new Promise<void>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`the writer exited (${code}) before its transaction`)))
        child.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('mid')) resolve()
        })
      })
      child.kill('SIGKILL')
      await new Promise((resolve) => child.once('exit', resolve))
      const { db, setAside } = openHistoryDb(folder)
      expect(setAside).toBeNull()
      expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
      expect(db.prepare('SELECT COUNT(*) AS n, MAX(t) AS last FROM polls').get()).toEqual({
        n: 1_000,
        last: 999,
      })
      db.close()
    },
    30_000,
  )
})

describe('opened by two processes at once, and its mode (issue #45)', () => {
  /** Starts an opener, resolves once it is waiting for the word to open. */
  function opener() {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'history-db.opener.child.ts'), folder],
      {
        cwd: PROJECT_ROOT,
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    )
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()))
    // Bounded by the test's timeout, not 20 s: see the killed writer above.
    const ready = new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the opener exited (${code}) before it got ready`)))
      child.stdout?.on('data', () => {
        if (out.includes('ready')) resolve()
      })
    })
    const done = new Promise<string>((resolve) =>
      child.once('exit', () => resolve(out.replace('ready\n', '').trim())),
    )
    return { child, ready, done }
  }

  it('two processes migrating one old file at once: both open it, the migration done once', async () => {
    // A version-1 file big enough that its migration takes a while: the second opener reads the
    // version while the first is still migrating.
    const v1 = new DatabaseSync(file())
    v1.exec('PRAGMA journal_mode = WAL')
    v1.exec(SCHEMA_V1)
    v1.exec("INSERT INTO symbols (symbol, since) VALUES ('LLYon', 1000)")
    const insert = v1.prepare("INSERT INTO polls VALUES (1, ?, '760.10', '760.00', '1.0')")
    v1.exec('BEGIN')
    for (let t = 0; t < 200_000; t++) insert.run(t * 1_000)
    v1.exec('COMMIT')
    v1.close()
    const openers = [opener(), opener()]
    await Promise.all(openers.map((o) => o.ready))
    for (const o of openers) o.child.stdin?.write('go\n')
    expect(await Promise.all(openers.map((o) => o.done))).toEqual(['opened', 'opened'])
    const { db } = openHistoryDb(folder)
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION })
    expect(pollsOf(db, 1, 0)).toHaveLength(200_000)
    db.close()
    // The configured timeout (60 s; a mutation run's 5 minutes, where the children migrate through
    // instrumented code), not one of its own.
  })

  it('an opener waits for another process holding the write lock longer than 5 s (a migration)', async () => {
    // This process holds the lock for 7 s, as a migration of a long history does; the child opener
    // must wait and open the file, not give up with SQLITE_BUSY after the 5 s later writes wait.
    openHistoryDb(folder).db.close()
    const holder = new DatabaseSync(file())
    holder.exec('BEGIN IMMEDIATE')
    const child = opener()
    await child.ready
    child.child.stdin?.write('go\n')
    await new Promise((resolve) => setTimeout(resolve, 7_000))
    holder.exec('COMMIT')
    holder.close()
    expect(await child.done).toBe('opened')
  })

  it("once open, a write waits 5 s for another process's lock, not the opening's two minutes", () => {
    // The opening's long wait is for a migration in another process; a write that waited as long
    // would hold the recording (and the poll worker's thread) two minutes behind a stuck writer.
    const { db } = openHistoryDb(folder)
    expect(db.prepare('PRAGMA busy_timeout').get()).toEqual({ timeout: 5_000 })
    db.close()
  })

  it('is created 0600, its -wal and -shm too; one an older version left 0644 is narrowed', () => {
    const { db } = openHistoryDb(folder)
    db.exec("INSERT INTO symbols (symbol, since) VALUES ('AAPLon', 1000)")
    for (const name of [HISTORY_DB_FILE, `${HISTORY_DB_FILE}-wal`, `${HISTORY_DB_FILE}-shm`])
      expect([name, (statSync(path.join(folder, name)).mode & 0o777).toString(8)]).toEqual([name, '600'])
    db.close()
    chmodSync(file(), 0o644)
    openHistoryDb(folder).db.close()
    expect((statSync(file()).mode & 0o777).toString(8)).toBe('600')
  })
})

describe('recording', () => {
  it(
    'writes a row per asset whose price moved, the multiplier only ' +
      'as it changes, together every 30 s, and reads them back in order',
    () => {
      const { db } = openHistoryDb(folder)
      const recorder = new HistoryRecorder(db, { onProblem: () => undefined })
      recorder.recordDelta(
        deltaOf(MONDAY_10_00_ET, [quote('AAPLon', '235.10', '234.80'), quote('NVDAon', '180.5', '180.1')]),
      )
      recorder.recordDelta({
        asOf: MONDAY_10_00_ET + 5_000,
        added: [],
        removed: [],
        changed: [{ symbol: 'AAPLon', fields: { price: '235.20' } }],
      })
      recorder.recordDelta({
        asOf: MONDAY_10_00_ET + 10_000,
        added: [],
        removed: [],
        changed: [{ symbol: 'AAPLon', fields: { holders: 5 } }],
      })
      // The same price again is no new row.
      recorder.recordDelta({
        asOf: MONDAY_10_00_ET + 15_000,
        added: [],
        removed: [],
        changed: [{ symbol: 'AAPLon', fields: { price: '235.20' } }],
      })
      expect(db.prepare('SELECT COUNT(*) AS n FROM polls').get()).toEqual({ n: 2 })
      recorder.recordDelta({
        asOf: MONDAY_10_00_ET + 30_000,
        added: [],
        removed: [],
        changed: [{ symbol: 'NVDAon', fields: { price: '180.6' } }],
      })
      expect(db.prepare('SELECT COUNT(*) AS n FROM polls').get()).toEqual({ n: 4 })
      const read = recorder.read('AAPLon', 0)
      expect(read.since).toBe(MONDAY_10_00_ET)
      expect(read.rows.map((r) => [r.t - MONDAY_10_00_ET, r.close, r.underlying, r.multiplier])).toEqual([
        [0, '235.10', '234.80', '1.000000000000000000'],
        [5_000, '235.20', '234.80', '1.000000000000000000'],
      ])
      expect(db.prepare('SELECT COUNT(*) AS n FROM multipliers').get()).toEqual({ n: 2 })
      db.close()
    },
  )

  it('a flush of many rows (written a hundred to a statement) keeps every one, the remainder too', () => {
    const { db } = openHistoryDb(folder)
    const recorder = new HistoryRecorder(db, { onProblem: () => undefined })
    const many = Array.from({ length: 253 }, (_, i) =>
      quote(`S${i}on`, `${100 + i}.1234567800`, i % 3 === 0 ? '' : `${100 + i}.12`),
    )
    recorder.recordDelta(
      deltaOf(
        MONDAY_10_00_ET,
        many.map((q) => (q.underlying?.price === '' ? { ...q, underlying: null } : q)),
      ),
    )
    recorder.flush()
    expect(db.prepare('SELECT COUNT(*) AS n FROM polls').get()).toEqual({ n: 253 })
    for (const i of [0, 1, 99, 100, 199, 200, 252])
      expect(recorder.read(`S${i}on`, 0).rows.map((r) => [r.t, r.close, r.underlying])).toEqual([
        [MONDAY_10_00_ET, `${100 + i}.1234567800`, i % 3 === 0 ? null : `${100 + i}.12`],
      ])
    db.close()
  })

  it(
    'a full disk pauses recording with a sentence for the status ' + 'bar; a minute later it records again',
    () => {
      const { db } = openHistoryDb(folder)
      const problems: (string | null)[] = []
      const recorder = new HistoryRecorder(db, { onProblem: (message) => problems.push(message) })
      recorder.recordDelta(deltaOf(MONDAY_10_00_ET, [quote('AAPLon', '235.10', '234.80')]))
      const pages = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count
      db.exec(`PRAGMA max_page_count = ${pages}`)
      const many = Array.from({ length: 3_000 }, (_, i) =>
        quote(`S${i}on`, `${100 + i}.123456789`, `${100 + i}.12`),
      )
      recorder.recordDelta(deltaOf(MONDAY_10_00_ET + 5_000, many))
      recorder.flush(MONDAY_10_00_ET + 5_000)
      expect(problems).toEqual(['The disk is full: recording of price history is paused; live prices go on.'])
      db.exec('PRAGMA max_page_count = 1073741823')
      // Paused: a row taken in now is not kept.
      recorder.recordDelta(deltaOf(MONDAY_10_00_ET + 30_000, [quote('AAPLon', '235.30', '234.90')]))
      expect(recorder.read('AAPLon', 0).rows).toHaveLength(1)
      // A flush with nothing waiting (the retention's, each hour) neither ends the pause nor says so.
      recorder.flush(MONDAY_10_00_ET + 35_000)
      expect(problems).toHaveLength(1)
      // A minute after the failed write, to the millisecond, it records again.
      recorder.recordDelta(deltaOf(MONDAY_10_00_ET + 65_000, [quote('AAPLon', '235.40', '234.90')]))
      expect(problems).toEqual([
        'The disk is full: recording of price history is paused; live ' + 'prices go on.',
        null,
      ])
      expect(recorder.read('AAPLon', 0).rows.map((r) => r.close)).toEqual(['235.10', '235.40'])
      // A row lost in the failed write leaves its values known: a later change of the stock's price
      // alone is a row at the token price it had.
      const stockOnly = quote('S7on', '107.123456789', '107.15').underlying
      recorder.recordDelta({
        asOf: MONDAY_10_00_ET + 100_000,
        added: [],
        changed: [{ symbol: 'S7on', fields: { underlying: stockOnly } }],
        removed: [],
      })
      recorder.flush(MONDAY_10_00_ET + 100_000)
      expect(recorder.read('S7on', 0).rows.map((r) => [r.t, r.close, r.underlying])).toEqual([
        [MONDAY_10_00_ET + 100_000, '107.123456789', '107.15'],
      ])
      // The symbols the failed write met were rolled back with it: one met since is a symbol of its
      // own, not given the id a lost one held (whose rows would then read as its).
      recorder.recordDelta(deltaOf(MONDAY_10_00_ET + 130_000, [quote('NEWon', '12.34', '12.30')]))
      recorder.flush(MONDAY_10_00_ET + 130_000)
      expect(recorder.read('NEWon', 0).rows.map((r) => [r.t, r.close])).toEqual([
        [MONDAY_10_00_ET + 130_000, '12.34'],
      ])
      expect(db.prepare('SELECT symbol FROM symbols ORDER BY id').all()).toEqual([
        { symbol: 'AAPLon' },
        { symbol: 'S7on' },
        { symbol: 'NEWon' },
      ])
      db.close()
    },
  )

  it(
    'retention: polls older than 7 days become 1-minute candles, ' + 'minutes older than 90 days daily ones',
    () => {
      const { db } = openHistoryDb(folder)
      const recorder = new HistoryRecorder(db, { onProblem: () => undefined })
      const start = MONDAY_10_00_ET - 100 * DAY
      const prices = ['100.00', '101.50', '99.75', '100.25']
      prices.forEach((price, i) =>
        recorder.recordDelta(deltaOf(start + i * 5_000, [quote('AAPLon', price, price)])),
      )
      recorder.flush()
      applyRetention(db, MONDAY_10_00_ET - 50 * DAY)
      expect(minutesOf(db, 1, 0)).toEqual([
        { t: start, open: '100.00', high: '101.50', low: '99.75', close: '100.25', underlying: '100.25' },
      ])
      expect(pollsOf(db, 1, 0)).toEqual([])
      expect(db.prepare('SELECT COUNT(*) AS n FROM poll_hours').get()).toEqual({ n: 0 })
      applyRetention(db, MONDAY_10_00_ET)
      expect(db.prepare('SELECT t, open, high, low, close FROM days').all()).toEqual([
        { t: Math.floor(start / DAY) * DAY, open: '100.00', high: '101.50', low: '99.75', close: '100.25' },
      ])
      expect(recorder.read('AAPLon', 0).rows.map((r) => r.close)).toEqual(['100.25'])
      // Today's polls, read for a daily range: one candle made in SQL, high and low by value, not as text.
      const today = Math.floor(MONDAY_10_00_ET / DAY) * DAY
      const todays = ['9.50', '10.25', '9.75', '10.00']
      todays.forEach((price, i) =>
        recorder.recordDelta(deltaOf(today + 3_600_000 + i * 5_000, [quote('AAPLon', price, price)])),
      )
      expect(
        recorder
          .read('AAPLon', 0, true)
          .rows.map(({ t, open, high, low, close }) => ({ t, open, high, low, close })),
      ).toEqual([
        { t: Math.floor(start / DAY) * DAY, open: '100.00', high: '101.50', low: '99.75', close: '100.25' },
        { t: today, open: '9.50', high: '10.25', low: '9.50', close: '10.00' },
      ])
      expect(readdirSync(folder).some((name) => name.includes('corrupt'))).toBe(false)
      db.close()
    },
  )
})
