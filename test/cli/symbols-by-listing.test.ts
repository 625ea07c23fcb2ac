import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../src/main/cli/io'
import { parseSymbolList } from '../../src/main/cli/service-args'
import { runSnapshotCommand } from '../../src/main/cli/snapshot-command'
import { runTxCommand } from '../../src/main/cli/tx-command'
import { SettingsFile } from '../../src/main/core/storage/settings-file'
import type { Snapshot } from '../../src/shared/domain'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import { memoryIo } from './memory-io'

/**
 * `--symbols` written as traders write tickers and names ("brk-b", "BRK/B", "coca cola"), read
 * against the simulator's listing at a fixed Tuesday instant, the reading said on stderr.
 */

const KEY = 'symbols-by-listing-key-1234'
/** Tuesday 14 October 2025, 11:00 in New York: the regular session. */
const TUESDAY = Date.UTC(2025, 9, 14, 15, 0)
let sim: SimServer

beforeAll(async () => {
  sim = await startSimServer({ apiKey: KEY, port: 0, assets: 60, seed: 5, clock: () => TUESDAY })
})
afterAll(async () => {
  await sim.close()
})

async function snapshot(symbols: string) {
  const out = memoryIo({ TOKENWATCH_API_KEY: KEY })
  const code = await runSnapshotCommand(['--symbols', symbols, '--base-url', sim.url, '--json'], out.io, {
    readStoredKey: async () => null,
    now: () => TUESDAY,
  })
  return { code, stdout: out.stdout(), stderr: out.stderr() }
}

const symbolsOf = (stdout: string) => (JSON.parse(stdout) as Snapshot).assets.map((asset) => asset.symbol)

describe('--symbols read against the listing', () => {
  it('reads brk-b, BRK/B and "coca cola" as the listed symbols, and says so', async () => {
    const run = await snapshot('aapl,brk-b,BRK/B,coca cola')
    expect(run.code).toBe(EXIT.ok)
    expect(symbolsOf(run.stdout).sort()).toEqual(['AAPLon', 'BRK.Bon', 'KOon'])
    expect(run.stderr.split('\n')).toEqual(
      expect.arrayContaining(['brk-b read as BRK.Bon', 'BRK/B read as BRK.Bon', 'coca cola read as KOon']),
    )
  })

  it('refuses an entry that names nothing listed, with a guess when there is one', async () => {
    const run = await snapshot('aapl,mcdona ld')
    expect(run.code).toBe(EXIT.usage)
    expect(run.stderr).toContain('"mcdona ld" names no asset the service lists; did you mean MCDon?')
    expect(run.stdout).toBe('')
  })

  it('reads single words as the window reads them: google, apple, brkb, facebook', async () => {
    const run = await snapshot('google,apple,brkb,facebook')
    expect(run.code).toBe(EXIT.ok)
    expect(symbolsOf(run.stdout).sort()).toEqual(['AAPLon', 'BRK.Bon', 'GOOGLon', 'METAon'])
    expect(run.stderr.split('\n')).toEqual(
      expect.arrayContaining([
        'google read as GOOGLon',
        'apple read as AAPLon',
        'brkb read as BRK.Bon',
        'facebook read as METAon',
      ]),
    )
  })

  it('offers a guess for a single word too, in one sentence without a stray full stop', async () => {
    const guessed = await snapshot('mcdona')
    expect(guessed.code).toBe(EXIT.usage)
    expect(guessed.stderr).toBe(
      'tokenwatch snapshot: --symbols: "mcdona" names no asset the ' + 'service lists; did you mean MCDon?\n',
    )
    const none = await snapshot('zzqx')
    expect(none.stderr).toBe('tokenwatch snapshot: --symbols: "zzqx" names no asset the service lists.\n')
  })

  it('asks for the listing only when an entry is not a full symbol', async () => {
    const before = sim.stats()
    const run = await snapshot('AAPLon,BRK.Bon')
    expect(run.code).toBe(EXIT.ok)
    expect(run.stderr).toBe('')
    const after = sim.stats()
    expect(after.byEndpoint.allMarket).toBe(before.byEndpoint.allMarket)
    expect(after.total).toBeGreaterThan(before.total)
  })

  it('keeps such entries as written for the listing, and still refuses plain bad ones at once', () => {
    expect(parseSymbolList('AAPLon, aapl, brk-b ,BRK B')).toEqual(['AAPLon', 'aapl', 'brk-b', 'BRK B'])
    expect(() => parseSymbolList('../etc')).toThrow('is not a token symbol')
  })
})

describe('tx add --symbol read against the listing of the app service', () => {
  async function txAdd(symbol: string) {
    const dir = await mkdtemp(join(tmpdir(), 'tw-tx-listing-'))
    const settings = new SettingsFile(dir)
    await settings.load()
    await settings.update((current) => ({ ...current, baseUrl: sim.url }))
    const out = memoryIo({ TOKENWATCH_API_KEY: KEY, TOKENWATCH_USER_DATA: dir })
    const code = await runTxCommand(
      [
        'add',
        '--symbol',
        symbol,
        '--side',
        'buy',
        '--quantity',
        '3.5',
        '--price',
        '120.20',
        '--time',
        '2025-10-14T10:30:00-04:00',
      ],
      out.io,
      { now: () => TUESDAY, readStoredKey: async () => null },
    )
    await rm(dir, { recursive: true, force: true })
    return { code, stdout: out.stdout(), stderr: out.stderr() }
  }

  it('records brk-b as BRK.Bon, and says so', async () => {
    const run = await txAdd('brk-b')
    expect(run.code).toBe(EXIT.ok)
    expect(run.stdout).toBe('Added t1: buy 3.5 BRK.Bon at 120.20 (fee 0) on 2025-10-14T10:30:00-04:00.\n')
    expect(run.stderr).toBe('brk-b read as BRK.Bon\n')
  })

  it('records a symbol the service does not list as written, and says so with a guess', async () => {
    const run = await txAdd('mcdona')
    expect(run.code).toBe(EXIT.ok)
    expect(run.stdout).toContain('buy 3.5 MCDONAon at 120.20')
    expect(run.stderr).toBe(
      'note: the service does not list MCDONAon; recorded as written; ' + 'did you mean MCDon?\n',
    )
  })
})
