import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppCore } from '../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../src/main/core/app/poll-on-this-thread'
import { MemorySecretStore } from '../../src/main/core/secrets/secret-store'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import { type InvokeName, type IpcResult, invokeContract, invokeNames } from '../../src/shared/ipc-contract'
import { formatTable } from '../chaos/table'
import { HOSTILE_FIXTURES, anyValue, fieldValue } from './hostile-values'
import { simDemoMarket } from '../../src/main/sim/server/demo-market'

/**
 * Every IPC command's arguments, fuzzed through AppCore.invoke as a compromised renderer would
 * send them: each call answers with a value, never a throw; arguments the contract refuses get
 * `invalid-argument` with a short plain message; nothing leaks into Object.prototype; and the
 * core still works afterwards.
 *
 * Valid calls really run. So that none of them talks to the network, the base URL is a loopback
 * simulator (with another key: a key set by the fuzzer is refused there) and is put back after
 * every settings case.
 */

const RUNS_PER_CHANNEL = 150
const MAX_MESSAGE_LENGTH = 400

let core: AppCore
let decoy: SimServer
let userDataDir: string

beforeAll(async () => {
  userDataDir = mkdtempSync(join(tmpdir(), 'tokenwatch-fuzz-'))
  decoy = await startSimServer({ apiKey: 'the-decoy-knows-another-key', port: 0, assets: 30 })
  core = new AppCore({
    pollFeed: pollOnThisThread,
    userDataDir,
    keychain: new MemorySecretStore(),
    demo: simDemoMarket({ assets: 30, seed: 3 }),
    requestTimeoutMs: 1_000,
  })
  await core.start()
  expect(await core.invoke('updateSettings', { baseUrl: decoy.url })).toMatchObject({ ok: true })
})

afterAll(async () => {
  await core?.stop()
  await decoy?.close()
  rmSync(userDataDir, { recursive: true, force: true })
})

/** A well-formed call for the commands whose arguments are nested: the seeds of near-valid cases. */
const EXAMPLES: Partial<Record<InvokeName, unknown>> = {
  addSymbol: { symbol: 'METAon', listId: 'l1' },
  removeSymbol: { symbol: 'METAon', listId: 'l1', deleteAlerts: true },
  moveSymbol: { symbol: 'AAPLon', toIndex: 1, listId: 'l1' },
  updateSettings: {
    theme: 'light',
    cadences: { pricesMs: 5_000, marketMs: 60_000 },
    windowBounds: { x: 0, y: 0, width: 800, height: 600 },
  },
  createList: { name: 'Tech', symbols: ['AAPLon', 'NVDAon'] },
  renameList: { listId: 'l2', name: 'Semis' },
  moveList: { listId: 'l2', toIndex: 0 },
  deleteList: { listId: 'l2' },
  restoreList: { listId: 'l2' },
  setActiveList: { listId: 'l1' },
  updateList: { listId: 'l1', columns: ['symbol', 'price'], sort: { column: 'price', direction: 'asc' } },
  setKey: { key: 'fuzz-key-12345678' },
  createAlert: { input: { symbol: 'AAPLon', condition: { kind: 'price-above', level: '200.50' } } },
  updateAlert: { id: 'a1', input: { symbol: 'AAPLon', condition: { kind: 'stale', afterMs: 60_000 } } },
  setAlertEnabled: { id: 'a1', enabled: false },
  removeAlert: { id: 'a1' },
  exportWatchlist: { format: 'csv' },
  addWallet: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', label: 'Cold' },
  removeWallet: { address: 'Cold' },
  setWalletNode: { chain: 'solana', url: 'http://127.0.0.1:8899' },
  addTransaction: {
    time: '2026-01-05T10:00:00-05:00',
    symbol: 'AAPLon',
    side: 'buy',
    quantity: '1.5',
    price: '182.35',
    fee: '0',
    note: 'first',
  },
  editTransaction: {
    id: 't1',
    transaction: {
      time: '2026-01-05T10:00:00Z',
      symbol: 'AAPLon',
      side: 'sell',
      quantity: '1',
      price: '190',
    },
  },
  removeTransaction: { id: 't1' },
  restoreTransaction: {
    transaction: {
      id: 't1',
      time: '2026-01-05T10:00:00Z',
      symbol: 'AAPLon',
      side: 'buy',
      quantity: '1',
      price: '1',
      fee: '0',
      note: null,
    },
    index: 0,
  },
  importTransactions: { text: 'time,symbol,side,quantity,price\n2026-01-05T10:00:00Z,AAPLon,buy,1,1\n' },
  getHoldings: { method: 'fifo' },
  setDetailOpen: { symbol: 'AAPLon' },
  setDepthSymbol: { symbol: 'AAPLon' },
  setChartSymbol: { symbol: 'AAPLon' },
  getDividends: { symbol: 'AAPLon', purpose: 'detail' },
  getHistory: { symbol: 'AAPLon', range: '1m' },
  getPortfolioHistory: { range: '3m' },
  exportHistory: {
    symbol: 'AAPLon',
    range: '1m',
    csv:
      't,open,high,low,close,underlyingClose,underlyingCarried,multiplier,premium\r\n' +
      '1763942400000,1,1,1,1,1,false,1,0\r\n',
  },
  importWatchlist: { text: 'AAPLon\nTSLAon\nnot a symbol', into: { newList: 'Imported' } },
}

/** Every path to a value inside `value` (the root included), for near-valid mutations. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return [prefix, ...Object.entries(value).flatMap(([key, inner]) => pathsOf(inner, [...prefix, key]))]
}

/** `example` with one value replaced, one key dropped, or one key added, somewhere inside it. */
function mutated(example: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(example)
  return fc
    .tuple(
      fc.constantFrom(...paths),
      fc.constantFrom('replace', 'drop', 'add'),
      fieldValue,
      fc.constantFrom('__proto__', 'constructor', 'x'),
    )
    .map(([path, how, value, extraKey]) => {
      const copy = structuredClone(example) as Record<string, unknown>
      if (path.length === 0) return how === 'replace' ? value : copy
      let parent: Record<string, unknown> = copy
      for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>
      const last = path[path.length - 1] as string
      if (how === 'replace') parent[last] = value
      else if (how === 'drop') delete parent[last]
      else
        Object.defineProperty(parent, extraKey, {
          value,
          enumerable: true,
          configurable: true,
          writable: true,
        })
      return copy
    })
}

/** The arguments each command takes: the keys of its object schema, if it has one. */
function keysOf(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : []
}

/** Arguments for one command: anything at all, or its own keys with hostile values (and extras). */
function argumentsFor(name: InvokeName): fc.Arbitrary<unknown> {
  const keys = keysOf(invokeContract[name].args)
  const shaped =
    keys.length === 0
      ? fc.constant(undefined)
      : fc.record(Object.fromEntries(keys.map((key) => [key, fieldValue])), { requiredKeys: [] })
  const withExtra = shaped.chain((args) =>
    fc
      .record({ extra: fc.constantFrom('__proto__', 'constructor', 'prototype', 'x'), value: anyValue })
      .map(({ extra, value }) =>
        typeof args === 'object' && args !== null ? { ...args, [extra]: value } : args,
      ),
  )
  const example = EXAMPLES[name]
  const nearValid = example === undefined ? [] : [fc.constant(example), mutated(example), mutated(example)]
  return fc.oneof(anyValue, fc.constantFrom(...HOSTILE_FIXTURES), shaped, withExtra, ...nearValid)
}

/** Whether the contract accepts the arguments (a getter that throws is a refusal too). */
function contractAccepts(name: InvokeName, args: unknown): boolean {
  try {
    return invokeContract[name].args.safeParse(args).success
  } catch {
    return false
  }
}

interface ChannelTally {
  cases: number
  accepted: number
  refused: number
  otherErrors: number
  slowestMs: number
}

const tallies = new Map<string, ChannelTally>()

async function invokeChecked(name: InvokeName, args: unknown): Promise<void> {
  const tally = tallies.get(name) ?? { cases: 0, accepted: 0, refused: 0, otherErrors: 0, slowestMs: 0 }
  tallies.set(name, tally)
  const started = performance.now()
  let result: IpcResult<unknown>
  try {
    result = await core.invoke(name, args)
  } catch (error) {
    throw new Error(`${name} threw instead of answering: ${String(error)}`)
  }
  tally.cases += 1
  tally.slowestMs = Math.max(tally.slowestMs, Math.round(performance.now() - started))
  const valid = contractAccepts(name, args)
  if (result.ok) {
    tally.accepted += 1
    expect(valid, `${name} accepted arguments the contract refuses`).toBe(true)
    return
  }
  expect(result.error.message.length).toBeGreaterThan(0)
  expect(result.error.message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH)
  expect(result.error.message).not.toMatch(/\n\s+at /) // no stack trace
  if (result.error.code === 'invalid-argument') tally.refused += 1
  else tally.otherErrors += 1
  // Refused exactly when the contract refuses: a valid call may still fail, but for another reason.
  expect(result.error.code === 'invalid-argument', `${name}: ${result.error.message}`).toBe(!valid)
}

describe('every IPC command under hostile arguments', () => {
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort()

  it.each(invokeNames.filter((name) => name !== 'updateSettings' && name !== 'setKey'))(
    '%s answers every call with a value and refuses what the contract refuses',
    async (name) => {
      await fc.assert(
        fc.asyncProperty(argumentsFor(name), (args) => invokeChecked(name, args)),
        { numRuns: RUNS_PER_CHANNEL, seed: 42 },
      )
    },
  )

  it('updateSettings too, with the base URL put back after each case', async () => {
    await fc.assert(
      fc.asyncProperty(argumentsFor('updateSettings'), async (args) => {
        await invokeChecked('updateSettings', args)
        if (core.settings.get().baseUrl !== decoy.url)
          expect(await core.invoke('updateSettings', { baseUrl: decoy.url })).toMatchObject({ ok: true })
      }),
      { numRuns: RUNS_PER_CHANNEL * 2, seed: 42 },
    )
  })

  it('setKey too, against the loopback decoy only', async () => {
    await fc.assert(
      fc.asyncProperty(argumentsFor('setKey'), (args) => invokeChecked('setKey', args)),
      { numRuns: RUNS_PER_CHANNEL, seed: 42 },
    )
    expect(core.status().baseUrl === decoy.url || core.status().mode === 'demo').toBe(true)
  })

  it('unknown and inherited command names are refused', async () => {
    const names = [
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'toString',
      'valueOf',
      'tw:settings:update',
      '',
    ]
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 60 })),
        anyValue,
        async (name, args) => {
          fc.pre(!(invokeNames as string[]).includes(name))
          const result = await core.invoke(name as InvokeName, args)
          expect(result).toEqual({
            ok: false,
            error: { code: 'invalid-argument', message: expect.stringMatching(/unknown command/) },
          })
        },
      ),
      { numRuns: RUNS_PER_CHANNEL, seed: 42 },
    )
  })

  it('leaves Object.prototype untouched and the core working', async () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(await core.invoke('getSnapshot', undefined)).toMatchObject({ ok: true })
    expect(await core.invoke('getStatus', undefined)).toMatchObject({ ok: true })
    const settings = await core.invoke('getSettings', undefined)
    expect(settings).toMatchObject({ ok: true, value: { version: 2 } })
    // What is on disk is still a valid settings file, not whatever the fuzzer sent.
    const onDisk = JSON.parse(readFileSync(join(userDataDir, 'settings.json'), 'utf8')) as { version: number }
    expect(onDisk.version).toBe(2)

    const total = [...tallies.values()].reduce((sum, tally) => sum + tally.cases, 0)
    expect(total).toBeGreaterThan(invokeNames.length * RUNS_PER_CHANNEL * 0.9)
    console.log(
      formatTable(
        `IPC fuzzing: ${total} calls through AppCore.invoke, 0 throws`,
        ['command', 'calls', 'accepted', 'refused (invalid-argument)', 'other errors', 'slowest ms'],
        [...tallies].map(([name, t]) => [name, t.cases, t.accepted, t.refused, t.otherErrors, t.slowestMs]),
      ),
    )
  })
})
