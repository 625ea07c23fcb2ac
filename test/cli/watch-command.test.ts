import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyDelta } from '../../src/shared/delta'
import type { Delta, Snapshot } from '../../src/shared/domain'
import { describeDelta, runWatchCommand } from '../../src/main/cli/watch-command'
import { EXIT } from '../../src/main/cli/io'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import { memoryIo } from './memory-io'
import { until } from '../support/polls'

const KEY = 'watch-test-key-1234'
let sim: SimServer

beforeAll(async () => {
  sim = await startSimServer({ apiKey: KEY, port: 0, assets: 40, seed: 5 })
})
afterAll(async () => {
  await sim.close()
})

const noStoredKey = async () => null

describe('tokenwatch watch', () => {
  it('prints each delta as one JSON line, and the lines replay into a full snapshot', async () => {
    const out = memoryIo({ TOKENWATCH_API_KEY: KEY })
    const code = await runWatchCommand(
      ['--symbols', 'AAPLon,nvda,Fon', '--base-url', sim.url, '--json', '--count', '3'],
      out.io,
      {
        readStoredKey: noStoredKey,
      },
    )
    expect(code).toBe(EXIT.ok)
    const lines = out.stdout().trim().split('\n')
    expect(lines).toHaveLength(3)
    const deltas = lines.map((line) => JSON.parse(line) as Delta)
    let snapshot: Snapshot = { asOf: 0, source: { baseUrl: sim.url, demo: false }, assets: [], errors: [] }
    for (const delta of deltas) snapshot = applyDelta(snapshot, delta)
    expect(snapshot.assets.map((a) => a.symbol)).toEqual(['AAPLon', 'NVDAon', 'Fon'])
    // After three deltas (the empty rows, then the first answers), every row has a price.
    expect(snapshot.assets.filter((a) => a.price === null)).toEqual([])
    // A loopback base URL names no streaming host: polled, and stderr says so once.
    expect(out.stderr()).toBe(
      'tokenwatch watch: prices: polling; streaming not available: ' +
        'no streaming address is known for 127.0.0.1\n',
    )
    expect(deltas.every((delta) => (delta as Delta & { source: string }).source === 'poll')).toBe(true)
  })

  it('prints readable lines without --json and stops when asked', async () => {
    const out = memoryIo({ TOKENWATCH_API_KEY: KEY })
    let stop: () => void = () => {}
    const stopped = new Promise<void>((resolve) => (stop = resolve))
    const running = runWatchCommand(['--symbols', 'AAPLon', '--base-url', sim.url], out.io, {
      readStoredKey: noStoredKey,
      untilStopped: () => stopped,
    })
    for (let i = 0; i < 200 && !/AAPLon\s+\d+\.\d+/.test(out.stdout()); i++)
      await new Promise((r) => setTimeout(r, 20))
    stop()
    expect(await running).toBe(EXIT.ok)
    expect(out.stdout()).toMatch(/^\d\d:\d\d:\d\d ET {2}AAPLon {2}\d+\.\d+/m)
  })

  it('reports a rejected key on stderr, once, while it keeps retrying', async () => {
    const rejecting = await startSimServer({ apiKey: KEY, port: 0, assets: 40, seed: 5 })
    const out = memoryIo({ TOKENWATCH_API_KEY: 'not-the-key-0000' })
    let stop: () => void = () => {}
    const stopped = new Promise<void>((resolve) => (stop = resolve))
    const running = runWatchCommand(['--symbols', 'AAPLon', '--base-url', rejecting.url, '--json'], out.io, {
      readStoredKey: noStoredKey,
      untilStopped: () => stopped,
    })
    try {
      // Two retries of the prices poll after the first refusal.
      await until(() => rejecting.stats().byEndpoint.price >= 3, 'two retries of the prices poll', 20_000)
    } finally {
      stop()
      await running
      await rejecting.close()
    }
    const lines = out.stderr().trim().split('\n')
    const rejected = (endpoint: string) =>
      lines.filter((line) => line.startsWith(`tokenwatch watch: ${endpoint}: The API key was rejected`))
    for (const endpoint of ['prices', 'market', 'limits']) expect(rejected(endpoint)).toHaveLength(1)
    // And the one line saying prices are polled (a loopback base URL names no streaming host).
    expect(lines).toHaveLength(4)
    expect(out.stderr()).not.toContain('not-the-key-0000')
    // The rows are printed, empty: nothing to show without an accepted key.
    let snapshot: Snapshot = {
      asOf: 0,
      source: { baseUrl: rejecting.url, demo: false },
      assets: [],
      errors: [],
    }
    for (const line of out.stdout().trim().split('\n'))
      snapshot = applyDelta(snapshot, JSON.parse(line) as Delta)
    expect(snapshot.assets.map((a) => [a.symbol, a.price])).toEqual([['AAPLon', null]])
  })

  it('refuses bad usage with exit 2 and a missing key with exit 3', async () => {
    const bad = memoryIo({})
    expect(await runWatchCommand(['--symbols', '../x'], bad.io, { readStoredKey: noStoredKey })).toBe(
      EXIT.usage,
    )
    expect(bad.stderr()).toMatch(/not a token symbol/)
    const count = memoryIo({})
    expect(
      await runWatchCommand(['--symbols', 'AAPLon', '--count', '0'], count.io, {
        readStoredKey: noStoredKey,
      }),
    ).toBe(EXIT.usage)
    const noKey = memoryIo({})
    expect(
      await runWatchCommand(['--symbols', 'AAPLon', '--base-url', sim.url], noKey.io, {
        readStoredKey: noStoredKey,
      }),
    ).toBe(EXIT.key)
    expect(noKey.stderr()).toMatch(/no API key/)
  })
})

describe('watch without --json', () => {
  it('prints each change at its market time with the zone named, in summer and in winter', () => {
    const change = (asOf: number): Delta =>
      ({
        asOf,
        changed: [{ symbol: 'AAPLon', fields: { price: '190.25', changePct24h: '0.12' } }],
        added: [],
        removed: [],
      }) as unknown as Delta
    // 18:02:05 UTC is 14:02:05 in New York in July (EDT) and 13:02:05 in November (EST).
    expect(describeDelta(change(Date.parse('2026-07-14T18:02:05Z')))).toEqual([
      '14:02:05 ET  AAPLon  190.25  +0.12%',
    ])
    expect(describeDelta(change(Date.parse('2026-11-17T18:02:05Z')))).toEqual([
      '13:02:05 ET  AAPLon  190.25  +0.12%',
    ])
  })
})
