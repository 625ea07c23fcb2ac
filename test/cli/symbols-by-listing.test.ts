import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../src/main/cli/io'
import { parseSymbolList } from '../../src/main/cli/service-args'
import { runSnapshotCommand } from '../../src/main/cli/snapshot-command'
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

  it('asks for the listing only when an entry needs it', async () => {
    const before = sim.stats()
    const run = await snapshot('aapl,BRK.Bon')
    expect(run.code).toBe(EXIT.ok)
    expect(run.stderr).toBe('')
    const after = sim.stats()
    expect(after.byEndpoint.allMarket).toBe(before.byEndpoint.allMarket)
    expect(after.total).toBeGreaterThan(before.total)
  })

  it('keeps such entries as written for the listing, and still refuses plain bad ones at once', () => {
    expect(parseSymbolList('aapl, brk-b ,BRK B')).toEqual(['AAPLon', 'brk-b', 'BRK B'])
    expect(() => parseSymbolList('x'.repeat(20))).toThrow('is not a token symbol')
  })
})
