import { chmodSync, closeSync, existsSync, openSync, renameSync, statSync, statfsSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import {
  BLOCK_TABLES,
  type CandleRow,
  POLLS_TABLE,
  type PollRow,
  storeMinutes,
  storePolls,
} from './history-blocks'

/**
 * `history.sqlite` in the user data folder: what the poll worker took in of every asset (token
 * price, stock price, multiplier, time), through Node's built-in `node:sqlite` (no native module).
 * Only the poll worker opens it for the app; the CLI opens it to read. WAL and a busy timeout let
 * both share it; every write is one transaction, so a crash loses at most the last one. It is
 * created 0600, as every other file of the app (SQLite gives its -wal and -shm the same mode).
 *
 * It is a cache of what the service said (nothing the user typed is in it): when the app's writer
 * finds a file that is not a database, or not ours, it moves it aside as
 * `history.sqlite.corrupt-<time>` and starts a new one. A reader (the CLI) never moves anything:
 * it says why the file could not be used and goes on without it. A file from a newer Tokenwatch
 * is left as it is by both.
 *
 * Tables (schema version 3):
 * - `symbols`: one id per symbol and when recording it began;
 * - `polls`: full resolution, one row per answer that changed the token's or the stock's price,
 *   for the hour or two before the retention packs them into `poll_hours` (history-blocks.ts);
 * - `minute_days`, `days`: candles the polls are rolled up into as they age (history-retention.ts),
 *   the minutes packed a day to a row;
 * - `multipliers`: each change of the multiplier, kept as long as the symbol is.
 * Times are Unix ms, prices the exact decimal strings the service sent.
 */

export const HISTORY_DB_FILE = 'history.sqlite'
export const SCHEMA_VERSION = 3
const BUSY_TIMEOUT_MS = 5_000
/**
 * How long an opener waits for another process holding the file's write lock: one migrating an
 * older file (a simulated year took 35 s on a loaded machine) must be waited for, not answered
 * with SQLITE_BUSY after the 5 s every later write waits. Openers run off the main thread.
 */
const OPEN_WAIT_MS = 120_000

const CANDLE_COLUMNS = `symbol INTEGER NOT NULL, t INTEGER NOT NULL, open TEXT NOT NULL, high TEXT NOT NULL,
  low TEXT NOT NULL, close TEXT NOT NULL, underlying TEXT, PRIMARY KEY (symbol, t)`

/** Version 1 had the symbols and the full-resolution polls only (its multiplier rode on each poll). */
export const SCHEMA_V1 = `
  CREATE TABLE symbols (id INTEGER PRIMARY KEY, symbol TEXT NOT NULL UNIQUE, since INTEGER NOT NULL);
  CREATE TABLE polls (symbol INTEGER NOT NULL, t INTEGER NOT NULL, price TEXT NOT NULL, underlying TEXT,
    multiplier TEXT, PRIMARY KEY (symbol, t)) WITHOUT ROWID;
  PRAGMA user_version = 1;`

/** Version 1 to 2: candles to roll aged polls into, and the multiplier kept apart, only as it changes. */
const V1_TO_V2 = `
  CREATE TABLE minutes (${CANDLE_COLUMNS}) WITHOUT ROWID;
  CREATE TABLE days (${CANDLE_COLUMNS}) WITHOUT ROWID;
  CREATE TABLE multipliers (symbol INTEGER NOT NULL, t INTEGER NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (symbol, t)) WITHOUT ROWID;
  INSERT INTO multipliers (symbol, t, value)
    SELECT symbol, MIN(t), multiplier FROM polls WHERE multiplier IS NOT NULL GROUP BY symbol, multiplier;
  CREATE TABLE polls_v2 (symbol INTEGER NOT NULL, t INTEGER NOT NULL, price TEXT NOT NULL, underlying TEXT,
    PRIMARY KEY (symbol, t)) WITHOUT ROWID;
  INSERT INTO polls_v2 SELECT symbol, t, price, underlying FROM polls;
  DROP TABLE polls;
  ALTER TABLE polls_v2 RENAME TO polls;
  PRAGMA user_version = 2;`

/**
 * Version 2 to 3: the polls and the minutes packed (a row per symbol and hour, and per symbol and
 * day: a year of 100 symbols went from 884 MB to a fraction of it), and the polls still plain keyed
 * by time first, so that a write appends instead of touching a page per symbol.
 */
function v2ToV3(db: DatabaseSync): void {
  db.exec(BLOCK_TABLES)
  storePolls(
    db,
    db
      .prepare('SELECT symbol, t, price, underlying FROM polls ORDER BY symbol, t')
      .iterate() as Iterable<PollRow>,
  )
  storeMinutes(
    db,
    db
      .prepare('SELECT symbol, t, open, high, low, close, underlying FROM minutes ' + 'ORDER BY symbol, t')
      .iterate() as Iterable<CandleRow>,
  )
  db.exec(`DROP TABLE polls; DROP TABLE minutes; ${POLLS_TABLE} PRAGMA user_version = 3;`)
}

const PACKED_SINCE = 3

const MIGRATIONS: Readonly<Record<number, string | ((db: DatabaseSync) => void)>> = { 1: V1_TO_V2, 2: v2ToV3 }

export interface OpenedHistoryDb {
  db: DatabaseSync
  /** The file it replaced, moved aside, when the old one was corrupt: to be said once. */
  setAside: string | null
}

/**
 * Opens (creating or migrating) the database in `folder` for the app's writer; a corrupt one is
 * moved aside first. A newer one is refused (HistoryDbNewer) and left untouched.
 */
export function openHistoryDb(folder: string, now: () => number = Date.now): OpenedHistoryDb {
  const file = path.join(folder, HISTORY_DB_FILE)
  try {
    return { db: openChecked(file), setAside: null }
  } catch (error) {
    if (!looksCorrupt(error) || !existsSync(file)) throw error
    const aside = `${file}.corrupt-${new Date(now()).toISOString().replace(/[:.]/g, '-')}`
    renameSync(file, aside)
    for (const companion of ['-wal', '-shm'])
      if (existsSync(file + companion)) renameSync(file + companion, aside + companion)
    return { db: openChecked(file), setAside: aside }
  }
}

/**
 * Whether the file in `folder` is an older schema that opening would migrate (a year's file
 * takes tens of seconds): read-only, changing nothing. A missing or unreadable file is not: the
 * usual opening creates it or says what is wrong with it.
 */
export function needsUpgrade(folder: string): boolean {
  const file = path.join(folder, HISTORY_DB_FILE)
  if (!existsSync(file) || !statSync(file).isFile()) return false
  try {
    const db = new DatabaseSync(file, { readOnly: true })
    try {
      const { user_version } = db.prepare('PRAGMA user_version').get() as { user_version: number }
      return user_version > 0 && user_version < SCHEMA_VERSION
    } finally {
      db.close()
    }
  } catch {
    return false
  }
}

/** Opens the database in `folder` to read (migrating an older one); a file it cannot use is left as it is. */
export function openHistoryDbToRead(folder: string): DatabaseSync {
  return openChecked(path.join(folder, HISTORY_DB_FILE))
}

/**
 * Why the database in `folder` could not be used, in words: "the disk is full", "it was made by a newer
 * Tokenwatch".
 */
export function historyDbProblem(error: unknown, folder: string): string {
  if (error instanceof HistoryDbNewer) return `it was made by a newer Tokenwatch (${error.message})`
  if (looksCorrupt(error)) return 'it is damaged or is not a Tokenwatch history file'
  if (isDiskFull(error, folder)) return 'the disk is full'
  const file = path.join(folder, HISTORY_DB_FILE)
  if (existsSync(file) && statSync(file).isDirectory()) return 'a folder is in its place'
  return error instanceof Error ? error.message : String(error)
}

function openChecked(file: string): DatabaseSync {
  createPrivately(file)
  const db = new DatabaseSync(file, { timeout: OPEN_WAIT_MS })
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;')
    const check = db.prepare('PRAGMA quick_check').get() as { quick_check?: string } | undefined
    if (check?.quick_check !== 'ok') throw new HistoryDbCorrupt(`quick_check: ${String(check?.quick_check)}`)
    const packed = migrate(db)
    if (packed) compact(db)
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

/**
 * SQLite would create the file with the process's umask (0644) and give its -wal and -shm the
 * file's mode: creating it 0600 first keeps all three private. A file an older version made
 * readable by everyone is narrowed too.
 */
function createPrivately(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'wx', 0o600))
  else if (statSync(file).isFile() && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
}

/**
 * Brings the schema to SCHEMA_VERSION (tests: to `target`). The version is read and every step
 * taken in one write transaction: another process opening the same old file at once waits, then
 * finds it migrated. A newer file than we know is refused. Returns whether it packed the rows of
 * an older file.
 */
export function migrate(db: DatabaseSync, target = SCHEMA_VERSION): boolean {
  return inTransaction(db, () => {
    let version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version
    const packs = version > 0 && version < PACKED_SINCE && target >= PACKED_SINCE
    if (version === 0) {
      const tables = db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as {
        n: number
      }
      if (tables.n > 0) throw new HistoryDbCorrupt('tables without a schema version: not our database')
      db.exec(SCHEMA_V1)
      version = 1
    }
    if (version > SCHEMA_VERSION)
      throw new HistoryDbNewer(`schema version ${version}; this one knows ${SCHEMA_VERSION}`)
    while (version < target) {
      const step = MIGRATIONS[version]
      if (step === undefined) throw new HistoryDbCorrupt(`no migration from schema version ${version}`)
      if (typeof step === 'string') db.exec(step)
      else step(db)
      version++
    }
    return packs
  })
}

/**
 * Gives the pages the packing freed back to the disk, once (a year's file goes from hundreds of
 * megabytes to tens). Not done for want of room (VACUUM needs a copy's worth) is no harm: the
 * free pages are used again as recording goes on.
 */
function compact(db: DatabaseSync): void {
  try {
    db.exec('VACUUM')
  } catch (error) {
    if (!isDiskFull(error)) throw error
  }
}

export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE')
  try {
    const value = work()
    db.exec('COMMIT')
    return value
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw error
  }
}

export class HistoryDbCorrupt extends Error {
  override readonly name = 'HistoryDbCorrupt'
}

/** A file a newer Tokenwatch wrote: not ours to change or set aside. */
export class HistoryDbNewer extends Error {
  override readonly name = 'HistoryDbNewer'
}

/** SQLite's words for a file that is not a database, or a damaged one. */
function looksCorrupt(error: unknown): boolean {
  if (error instanceof HistoryDbCorrupt) return true
  const text =
    error instanceof Error ? `${error.message} ${String((error as { errcode?: unknown }).errcode)}` : ''
  return /not a database|malformed|corrupt|SQLITE_CORRUPT|SQLITE_NOTADB| 26 | 11 /i.test(`${text} `)
}

/**
 * Whether a write failed for want of disk space (SQLITE_FULL, or the OS's ENOSPC). SQLite says
 * only "disk I/O error" when it cannot grow the -shm file on opening; with `folder`, such an
 * error on a disk with no free block is a full disk too.
 */
export function isDiskFull(error: unknown, folder?: string): boolean {
  const text =
    error instanceof Error
      ? `${error.message} ${String((error as { errcode?: unknown }).errcode)}` +
        ` ${String((error as { code?: unknown }).code)}`
      : ''
  if (/database or disk is full|SQLITE_FULL|ENOSPC| 13 /i.test(`${text} `)) return true
  return folder !== undefined && /disk I\/O error/i.test(text) && noFreeBlock(folder)
}

function noFreeBlock(folder: string): boolean {
  try {
    return statfsSync(folder).bavail === 0
  } catch {
    return false
  }
}
