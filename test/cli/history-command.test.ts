import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runHistoryCommand } from '../../src/main/cli/history-command'
import { DatabaseSync } from 'node:sqlite'
import { HISTORY_DB_FILE, openHistoryDb } from '../../src/main/core/history/history-db'
import { HistoryRecorder } from '../../src/main/core/history/history-recorder'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import { emptyAsset } from '../../src/shared/domain'
import { isHistoryCsv } from '../../src/shared/history-csv'
import { runCommand } from './memory-io'
import { cleanupAfterEach } from '../support/cleanups'

/**
 * `tokenwatch history` against the simulator on Monday 2026-11-16, 10:00 ET (LLY's split day):
 * the JSON object the issue specifies, the CSV, bad input in one line with exit 2, and a
 * spec-only service answered from the recording in the data folder.
 */

const KEY = 'cli-history-key-93ab'
const MONDAY_10_00_ET = Date.UTC(2026, 10, 16, 15, 0)
let sim: SimServer
const { tempDir } = cleanupAfterEach('tw-cli-history-')
let userData: string

beforeAll(async () => {
  sim = await startSimServer({ apiKey: KEY, assets: 60, clock: () => MONDAY_10_00_ET })
})
afterAll(() => sim.close())
beforeEach(() => {
  sim.setSpecOnly(false)
  userData = tempDir()
})

const run = (argv: string[]) => runIn(userData, argv)

describe('tokenwatch history', () => {
  it(
    "--json: one object with exactly the issue's fields, points " + 'in time order, decimals as strings',
    async () => {
      const { code, stdout } = await run(['--symbol', 'lly', '--range', '1m', '--json'])
      expect(code).toBe(0)
      const report = JSON.parse(stdout) as Record<string, unknown> & { points: Record<string, unknown>[] }
      expect(Object.keys(report)).toEqual(['symbol', 'range', 'interval', 'source', 'note', 'points'])
      expect(report).toMatchObject({
        symbol: 'LLYon',
        range: '1m',
        interval: '1hour',
        source: 'service',
        note: null,
      })
      const times = report.points.map((p) => p.t as number)
      expect(times).toEqual([...times].sort((a, b) => a - b))
      const point = report.points.at(-1) as Record<string, unknown>
      expect(Object.keys(point)).toEqual([
        't',
        'open',
        'high',
        'low',
        'close',
        'underlyingClose',
        'underlyingCarried',
        'multiplier',
        'premium',
      ])
      expect(point.close).toBe(sim.market.priceRecord('LLYon')?.primaryMarket.price)
      expect(point.multiplier).toBe(sim.market.marketRecord('LLYon')?.primaryMarket.sharesMultiplier)
      expect(point.premium).toMatch(/^-?\d+\.\d{12,}$/)
      expect(typeof point.underlyingCarried).toBe('boolean')
    },
  )

  it("--csv: the window's history export (the same columns, a header line first, CRLF)", async () => {
    const { code, stdout } = await run(['--symbol', 'AAPLon', '--range', '1w', '--csv'])
    expect(code).toBe(0)
    expect(isHistoryCsv(stdout)).toBe(true)
    const lines = stdout.trimEnd().split('\r\n')
    expect(lines[0]).toBe('t,open,high,low,close,underlyingClose,underlyingCarried,multiplier,premium')
    expect(lines.length).toBeGreaterThan(50)
    expect(lines[1]?.split(',')).toHaveLength(9)
  })

  it.each([
    [['--symbol', 'AAPLon', '--range', '2w'], /--range: "2w" is not one of 1d 1w 1m 3m 6m 1y all/],
    [['--symbol', 'AAPL$', '--range', '1m'], /--symbol/],
    [['--symbol', 'ZZZZon', '--range', '1m'], /ZZZZon/],
    [['--symbol', 'AAPLon', '--range', '1m', '--json', '--csv'], /choose one/],
  ])('bad input %j: exit 2 and one line', async (argv, message) => {
    const { code, stdout, stderr } = await run(argv)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(stderr).toMatch(message)
  })

  it('a spec-only service: what the app recorded, and a note saying so and since when', async () => {
    sim.setSpecOnly(true)
    const { db } = openHistoryDb(userData)
    const recorder = new HistoryRecorder(db, { onProblem: () => undefined })
    const since = MONDAY_10_00_ET - 2 * 3_600_000
    for (let i = 0; i < 3; i++) {
      const quote = { ...emptyAsset('AAPLon'), price: `235.1${i}`, sharesMultiplier: '1.000000000000000000' }
      const underlying = {
        ticker: 'AAPL',
        name: null,
        price: '235.00',
        high52w: null,
        low52w: null,
        volume: null,
        averageVolume: null,
        sharesOutstanding: null,
        marketCap: null,
      }
      recorder.recordDelta({
        asOf: since + i * 3_600_000,
        added: [{ ...quote, underlying }],
        changed: [],
        removed: [],
      })
    }
    db.close()
    const { code, stdout } = await run(['--symbol', 'AAPLon', '--range', '1d', '--json'])
    expect(code).toBe(0)
    const report = JSON.parse(stdout) as {
      source: string
      note: string
      points: { close: string; premium: string }[]
    }
    expect(report.source).toBe('recorded')
    expect(report.note).toBe(
      'This service publishes no history; Tokenwatch has been recording ' + 'it since Nov 16, 08:00:00 ET.',
    )
    expect(report.points.map((p) => [p.close, p.premium])).toEqual([
      ['235.10', '0.000425531914893617'],
      ['235.11', '0.0004680851063829787'],
      ['235.12', '0.0005106382978723404'],
    ])
  })
})

/**
 * A tmpfs of `size` at a new folder under `userData` (root only: the tests make a full and a
 * read-only disk with it); null, with the reason printed, where it cannot be mounted.
 */
function smallDisk(size: string): string | null {
  const mountPoint = path.join(userData, 'disk')
  mkdirSync(mountPoint)
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', mountPoint], {
      stdio: 'pipe',
    })
  } catch (error) {
    console.log(
      `skipped: a tmpfs could not be mounted here (${String(error).split('\n')[0]}` +
        `); the full-disk case needs root`,
    )
    return null
  }
  mounted.push(mountPoint)
  return mountPoint
}
const mounted: string[] = []
afterEach(() => {
  for (const point of mounted.splice(0)) execFileSync('umount', [point])
})

function runIn(folder: string, argv: string[]) {
  return runCommand(runHistoryCommand, ['--base-url', sim.url, ...argv], {
    env: { TOKENWATCH_API_KEY: KEY, TOKENWATCH_USER_DATA: folder },
    now: () => MONDAY_10_00_ET,
    timeoutMs: 30_000,
  })
}

function recordOnePoll(folder: string): void {
  const { db } = openHistoryDb(folder)
  const underlying = {
    ticker: 'AAPL',
    name: null,
    price: '235.00',
    high52w: null,
    low52w: null,
    volume: null,
    averageVolume: null,
    sharesOutstanding: null,
    marketCap: null,
  }
  new HistoryRecorder(db, { onProblem: () => undefined }).recordDelta({
    asOf: MONDAY_10_00_ET - 60_000,
    added: [
      { ...emptyAsset('AAPLon'), price: '235.10', sharesMultiplier: '1.000000000000000000', underlying },
    ],
    changed: [],
    removed: [],
  })
  db.close()
}

describe('tokenwatch history with a history file it cannot use (issue #45)', () => {
  const ARGV = ['--symbol', 'AAPLon', '--range', '1w', '--json']

  /** The service's history in full, exit 0, and one line on stderr naming the file and why. */
  async function expectServiceOnly(folder: string, why: RegExp) {
    const { code, stdout, stderr } = await runIn(folder, ARGV)
    expect(code).toBe(0)
    const report = JSON.parse(stdout) as { source: string; points: unknown[] }
    expect(report.source).toBe('service')
    expect(report.points.length).toBeGreaterThan(50)
    const lines = stderr.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`${path.join(folder, HISTORY_DB_FILE)} could not be used (`)
    expect(lines[0]).toMatch(why)
    expect(lines[0]).toMatch(/; history from the service only\.$/)
  }

  it('a damaged file: left where it is, byte for byte, and said', async () => {
    const file = path.join(userData, HISTORY_DB_FILE)
    writeFileSync(file, 'not a database, a note someone saved here '.repeat(100))
    await expectServiceOnly(userData, /it is damaged or is not a Tokenwatch history file/)
    expect(readFileSync(file, 'utf8')).toBe('not a database, a note someone saved here '.repeat(100))
    expect(readdirSync(userData)).toEqual([HISTORY_DB_FILE])
  })

  it("a file from a newer Tokenwatch: untouched by the command line and by the app's writer", async () => {
    recordOnePoll(userData)
    const newer = new DatabaseSync(path.join(userData, HISTORY_DB_FILE))
    newer.exec('PRAGMA user_version = 4')
    newer.close()
    const before = readFileSync(path.join(userData, HISTORY_DB_FILE))
    await expectServiceOnly(
      userData,
      /it was made by a newer Tokenwatch \(schema version 4; this one knows 3\)/,
    )
    expect(() => openHistoryDb(userData)).toThrow(/schema version 4; this one knows 3/)
    expect(readFileSync(path.join(userData, HISTORY_DB_FILE)).equals(before)).toBe(true)
    expect(readdirSync(userData).filter((name) => name.includes('corrupt'))).toEqual([])
  })

  it('a folder where the file should be', async () => {
    mkdirSync(path.join(userData, HISTORY_DB_FILE))
    await expectServiceOnly(userData, /a folder is in its place/)
  })

  it('a read-only folder', async () => {
    const disk = smallDisk('1m')
    const folder = disk ?? userData
    recordOnePoll(folder)
    if (disk) execFileSync('mount', ['-o', 'remount,ro', disk])
    else chmodSync(folder, 0o500)
    try {
      await expectServiceOnly(folder, /unable to open database file|readonly/)
    } finally {
      if (!disk) chmodSync(folder, 0o700)
    }
  })

  it('a full disk: said as a full disk, not as a disk I/O error', async () => {
    const disk = smallDisk('256k')
    if (disk === null) return
    recordOnePoll(disk)
    expect(() => writeFileSync(path.join(disk, 'filler'), Buffer.alloc(1 << 20))).toThrow(/ENOSPC/)
    await expectServiceOnly(disk, /\(the disk is full\)/)
  })
})
