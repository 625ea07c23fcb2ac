import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { deflateRawSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  HISTORY_DB_FILE,
  SCHEMA_V1,
  SCHEMA_VERSION,
  historyDbProblem,
  isDiskFull,
  migrate,
  needsUpgrade,
  openHistoryDb,
  openHistoryDbToRead,
} from '../../../src/main/core/history/history-db'
import { HistoryRecorder } from '../../../src/main/core/history/history-recorder'
import { unpackCandles, unpackPolls } from '../../../src/main/core/history/history-pack'
import { type AssetQuote, type Delta, emptyAsset } from '../../../src/shared/domain'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * history.sqlite at its edges: which files ask for a migration elsewhere, a damaged file set
 * aside with its -wal and -shm, another program's database, a schema step that does not exist,
 * a full disk told from other disk errors, no room to compact after an upgrade, a packed blob cut
 * short, and a symbol that leaves and comes back at the same price.
 */

/** Monday 2026-11-16 10:00 ET. */
const MONDAY_10_00_ET = Date.UTC(2026, 10, 16, 15, 0)

const { tempDir } = cleanupAfterEach('tw-historydb-edges-')
let folder: string
beforeEach(() => {
  folder = tempDir()
})

const file = () => path.join(folder, HISTORY_DB_FILE)

function database(setup: string): void {
  const db = new DatabaseSync(file())
  db.exec(setup)
  db.close()
}

/** What opening the file to read threw (undefined: nothing). */
function readerError(): unknown {
  try {
    openHistoryDbToRead(folder).close()
  } catch (caught) {
    return caught
  }
  return undefined
}

/** The reader's error reads as a damaged file, and the writer sets the file aside and starts anew. */
function saidDamagedAndSetAside(error: unknown) {
  expect(historyDbProblem(error, folder)).toBe('it is damaged or is not a Tokenwatch history file')
  const opened = openHistoryDb(folder, () => MONDAY_10_00_ET)
  expect(opened.setAside).toBe(`${file()}.corrupt-2026-11-16T15-00-00-000Z`)
  return opened
}

describe('which file asks for a migration elsewhere', () => {
  it('an older schema only: no missing file, folder, damaged file, current, empty or newer one', () => {
    expect(needsUpgrade(folder)).toBe(false)
    mkdirSync(file())
    expect(needsUpgrade(folder)).toBe(false)
    rmSync(file(), { recursive: true })
    writeFileSync(file(), 'this is not a database, it is a text file of some length '.repeat(100))
    expect(needsUpgrade(folder)).toBe(false)
    rmSync(file())
    database(SCHEMA_V1)
    expect(needsUpgrade(folder)).toBe(true)
    openHistoryDb(folder).db.close()
    expect(needsUpgrade(folder)).toBe(false)
    rmSync(file())
    database('CREATE TABLE other (x)')
    expect(needsUpgrade(folder)).toBe(false)
    rmSync(file())
    database(`CREATE TABLE future (x); PRAGMA user_version = ${SCHEMA_VERSION + 1};`)
    expect(needsUpgrade(folder)).toBe(false)
  })
})

describe('files that are not ours', () => {
  it('a damaged file is set aside with its -wal and -shm, which another connection kept', () => {
    openHistoryDb(folder).db.close()
    // A reader still open keeps the -wal and -shm that SQLite would remove at the last close.
    const reader = new DatabaseSync(file())
    reader.exec("INSERT INTO symbols (symbol, since) VALUES ('AAPLon', 1000)")
    const header = Buffer.from('this is no SQLite header at all')
    const damaged = readFileSync(file())
    header.copy(damaged, 0)
    writeFileSync(file(), damaged)
    const { db, setAside } = openHistoryDb(folder, () => MONDAY_10_00_ET)
    expect(setAside).toBe(`${file()}.corrupt-2026-11-16T15-00-00-000Z`)
    expect([existsSync(`${setAside}-wal`), existsSync(`${setAside}-shm`)]).toEqual([true, true])
    expect(db.prepare('SELECT COUNT(*) AS n FROM symbols').get()).toEqual({ n: 0 })
    db.close()
    reader.close()
  })

  it("another program's database (tables, no version): the reader says so, the writer sets it aside", () => {
    database("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('shopping list')")
    const error = readerError()
    expect(error).toMatchObject({
      name: 'HistoryDbCorrupt',
      message: 'tables without a schema version: not our database',
    })
    const { db, setAside } = saidDamagedAndSetAside(error)
    db.close()
    const aside = new DatabaseSync(setAside as string, { readOnly: true })
    expect(aside.prepare('SELECT body FROM notes').all()).toEqual([{ body: 'shopping list' }])
    aside.close()
  })

  it('a file that opens but fails its check: the reader says what failed, the writer sets it aside', () => {
    const { db: made } = openHistoryDb(folder)
    const insert = made.prepare('INSERT INTO symbols (symbol, since) VALUES (?, ?)')
    for (let i = 0; i < 2_000; i++) insert.run(`S${i}on`, 1_000 + i)
    made.close()
    // The header and the schema's page stay sound, so SQLite opens the file; the last page, one of
    // the table's, is overwritten with bytes no b-tree page starts with.
    const bytes = readFileSync(file())
    const pageSize = bytes.readUInt16BE(16)
    bytes.fill(0xff, bytes.length - pageSize, bytes.length - pageSize + 64)
    writeFileSync(file(), bytes)
    const error = readerError()
    expect(error).toMatchObject({
      name: 'HistoryDbCorrupt',
      message: expect.stringMatching(/^quick_check: \S/),
    })
    expect(String((error as Error).message)).not.toContain('undefined')
    const { db } = saidDamagedAndSetAside(error)
    expect(db.prepare('SELECT COUNT(*) AS n FROM symbols').get()).toEqual({ n: 0 })
    db.close()
  })

  it('a schema step this version does not have is refused as not ours', () => {
    const { db } = openHistoryDb(folder)
    expect(() => migrate(db, SCHEMA_VERSION + 1)).toThrow(
      expect.objectContaining({
        name: 'HistoryDbCorrupt',
        message: `no migration from schema version ${SCHEMA_VERSION}`,
      }),
    )
    expect(db.isTransaction).toBe(false)
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION })
    db.close()
  })
})

describe('a full disk', () => {
  it("SQLite's or the system's words for it; a disk I/O error only where the disk has no free block", () => {
    expect(isDiskFull(new Error('database or disk is full'))).toBe(true)
    expect(isDiskFull(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe(true)
    expect(isDiskFull(Object.assign(new Error('step failed'), { errcode: 13 }))).toBe(true)
    expect(isDiskFull(Object.assign(new Error('step failed'), { errcode: 130 }))).toBe(false)
    expect(isDiskFull('database or disk is full')).toBe(false)
    // This folder's disk has room; a folder that is not there is not a full disk either.
    expect(isDiskFull(new Error('disk I/O error'), folder)).toBe(false)
    expect(isDiskFull(new Error('disk I/O error'), path.join(folder, 'gone'))).toBe(false)
    expect(isDiskFull(new Error('disk I/O error'))).toBe(false)
    expect(existsSync(path.join(folder, 'gone'))).toBe(false)
  })
})

describe('compacting after an upgrade that packs', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /**
   * VACUUM, and only it, throws `failure`, as node:sqlite throws SQLite's errors. A real VACUUM
   * cannot be made to run out of room here: it needs a copy's worth of space in the temporary
   * folder, which a test cannot fill without filling the machine's disk.
   */
  function vacuumThrows(failure: { message: string; errcode: number }) {
    const exec = DatabaseSync.prototype.exec
    return vi.spyOn(DatabaseSync.prototype, 'exec').mockImplementation(function (this: DatabaseSync, sql) {
      if (sql === 'VACUUM')
        throw Object.assign(new Error(failure.message), { code: 'ERR_SQLITE_ERROR', ...failure })
      return exec.call(this, sql)
    })
  }

  /** A version 1 file with one symbol's poll: opening it packs the polls, then compacts. */
  function versionOneFile(): void {
    database(`${SCHEMA_V1}
      INSERT INTO symbols (id, symbol, since) VALUES (1, 'AAPLon', 1000);
      INSERT INTO polls (symbol, t, price, underlying, multiplier)
        VALUES (1, 2000, '235.10', '235.05', '1.0003');`)
  }

  it('opens the upgraded file though the disk has no room left to compact it', () => {
    versionOneFile()
    const exec = vacuumThrows({ message: 'database or disk is full', errcode: 13 })
    const { db } = openHistoryDb(folder)
    expect(exec).toHaveBeenCalledWith('VACUUM')
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION })
    expect(db.prepare('SELECT symbol, since FROM symbols').all()).toEqual([{ symbol: 'AAPLon', since: 1000 }])
    db.close()
  })

  it('any other failure to compact is not taken for a full disk: the opening fails with it', () => {
    versionOneFile()
    vacuumThrows({ message: 'disk I/O error', errcode: 10 })
    const error = readerError()
    expect(error).toMatchObject({ message: 'disk I/O error', errcode: 10 })
    expect(historyDbProblem(error, folder)).toBe('disk I/O error')
  })
})

describe('a packed blob cut short', () => {
  it('is refused in words, not read as zeros', () => {
    const cut = deflateRawSync(Uint8Array.of(0x85))
    expect(() => unpackPolls(MONDAY_10_00_ET, cut)).toThrow(/^packed history ends early$/)
    expect(() => unpackCandles(MONDAY_10_00_ET, cut)).toThrow(/^packed history ends early$/)
  })
})

describe('a symbol that leaves the feed and comes back', () => {
  const quote = (price: string): AssetQuote => ({ ...emptyAsset('AAPLon'), price })
  const delta = (asOf: number, part: Partial<Delta>): Delta => ({
    asOf,
    added: [],
    changed: [],
    removed: [],
    ...part,
  })

  it('is recorded again at its first answer, though at the price it left with', () => {
    const { db } = openHistoryDb(folder)
    const recorder = new HistoryRecorder(db, { onProblem: () => undefined })
    recorder.recordDelta(delta(MONDAY_10_00_ET, { added: [quote('235.10')] }))
    recorder.recordDelta(delta(MONDAY_10_00_ET + 5_000, { removed: ['AAPLon'] }))
    recorder.recordDelta(delta(MONDAY_10_00_ET + 60_000, { added: [quote('235.10')] }))
    expect(recorder.read('AAPLon', 0).rows.map((row) => [row.t - MONDAY_10_00_ET, row.close])).toEqual([
      [0, '235.10'],
      [60_000, '235.10'],
    ])
    db.close()
  })
})
