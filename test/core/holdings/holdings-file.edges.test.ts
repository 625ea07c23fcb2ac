import { mkdirSync, writeFileSync } from 'node:fs'
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HoldingsFile } from '../../../src/main/core/holdings/holdings-file'
import { corruptFileName } from '../../../src/main/core/storage/json-file'
import { RefusedChange } from '../../../src/main/core/storage/refused-change'
import { failFsCall } from '../storage/storage-helpers'
import { MAX_TRANSACTIONS } from '../../../src/shared/holdings-schema'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * The holdings file's less travelled ways: a file that cannot be read or set aside, the symbols
 * still held, a ledger at its size limit, an id that is not there. The clock stands at Friday
 * 9 January 2026, 10:00 ET; the trades are of the days before.
 */

const NOW = Date.parse('2026-01-09T15:00:00Z')
const { tempDir } = cleanupAfterEach('holdings-file-edges-')
let dir: string

beforeEach(() => {
  dir = tempDir()
})
afterEach(() => {
  vi.useRealTimers()
})

const buy = {
  time: '2026-01-05T10:00:00-05:00',
  symbol: 'AAPLon',
  side: 'buy',
  quantity: '3.5',
  price: '100.10',
} as const

function trade(id: string, fields: Partial<Record<string, string>> = {}) {
  return { id, ...buy, fee: '0', note: null, ...fields }
}

async function refusal(promise: Promise<unknown>): Promise<RefusedChange> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RefusedChange)
  return error as RefusedChange
}

describe('HoldingsFile, the less travelled ways', () => {
  it('says where it keeps the ledger', () => {
    expect(new HoldingsFile(dir, () => NOW).filePath).toBe(path.join(dir, 'holdings.json'))
  })

  it('a file it cannot read: said, changes not saved; and said no more once it reads', async () => {
    const file = path.join(dir, 'holdings.json')
    mkdirSync(file)
    const holdings = new HoldingsFile(dir, () => NOW)
    expect(await holdings.load()).toEqual([])
    expect(holdings.problem()).toBe(
      `Your holdings file could not be read (${file} could not be read: a folder is in the way (EISDIR))` +
        '; changes are not saved.',
    )
    await rm(file, { recursive: true })
    expect(await holdings.load()).toEqual([])
    expect(holdings.problem()).toBeNull()
  })

  it('a damaged file that cannot be set aside: said as unusable', async () => {
    const file = path.join(dir, 'holdings.json')
    writeFileSync(file, '{ not json')
    // Its set-aside name is taken by a folder that is not empty: the rename fails.
    const stamp = new Date(NOW)
    mkdirSync(corruptFileName(file, stamp))
    writeFileSync(path.join(corruptFileName(file, stamp), 'keep'), '')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    const holdings = new HoldingsFile(dir, () => NOW)
    expect(await holdings.load()).toEqual([])
    vi.useRealTimers()
    expect(holdings.problem()).toBe(
      `Your holdings file could not be used (${file} is not valid JSON and could not be moved aside: ` +
        'a folder is in the way (EISDIR)).',
    )
  })

  it('a save that fails is no problem reading the file', async () => {
    const holdings = new HoldingsFile(dir, () => NOW)
    await holdings.load()
    // A full disk: the write fails, and says so itself (its own error, not the file's problem).
    failFsCall('write', 'ENOSPC')
    await expect(holdings.add(buy)).rejects.toThrow(/the disk is full \(ENOSPC\)/)
    vi.restoreAllMocks()
    expect(holdings.problem()).toBeNull()
  })

  it('polls only the symbols still held, none from a ledger that does not add up', async () => {
    const holdings = new HoldingsFile(dir, () => NOW)
    await holdings.add(buy)
    await holdings.add({ ...buy, symbol: 'NVDAon', quantity: '1.5' })
    await holdings.add({
      ...buy,
      symbol: 'NVDAon',
      side: 'sell',
      quantity: '1.5',
      time: '2026-01-06T10:00:00Z',
    })
    await holdings.add({ ...buy, symbol: 'LLYon', quantity: '0.25' })
    expect(holdings.heldSymbols()).toEqual(['AAPLon', 'LLYon'])
    await writeFile(
      path.join(dir, 'holdings.json'),
      JSON.stringify({
        version: 1,
        nextId: 3,
        transactions: [trade('t1'), trade('t2', { side: 'sell', quantity: '4.5' })],
      }),
    )
    await holdings.load()
    expect(holdings.heldSymbols()).toEqual([])
  })

  it('edits one transaction in place, leaving the others as they were', async () => {
    const holdings = new HoldingsFile(dir, () => NOW)
    await holdings.add(buy)
    await holdings.add({ ...buy, quantity: '1.5', time: '2026-01-06T10:00:00-05:00' })
    const edited = await holdings.edit('t1', { ...buy, quantity: '2.5', price: '98.75', note: 'limit' })
    expect(edited).toEqual({ id: 't1', ...buy, quantity: '2.5', price: '98.75', fee: '0', note: 'limit' })
    const onDisk = JSON.parse(await readFile(path.join(dir, 'holdings.json'), 'utf8'))
    expect(onDisk).toEqual({
      version: 1,
      nextId: 3,
      transactions: [edited, trade('t2', { quantity: '1.5', time: '2026-01-06T10:00:00-05:00' })],
    })
  })

  it('names a missing id, cut to 20 characters, whatever is asked of it', async () => {
    const holdings = new HoldingsFile(dir, () => NOW)
    await holdings.add(buy)
    const long = `t${'9'.repeat(40)}`
    // One after the other: started together, the second could be refused before anything awaited it.
    for (const ask of [() => holdings.edit(long, buy), () => holdings.remove(long)]) {
      const error = await refusal(ask())
      expect([error.code, error.message]).toEqual(['not-found', `There is no transaction t${'9'.repeat(19)}`])
    }
  })

  it('puts a deletion back at its place, or at the end when the ledger has shrunk', async () => {
    const holdings = new HoldingsFile(dir, () => NOW)
    for (const quantity of ['3.5', '1.5', '2.25']) await holdings.add({ ...buy, quantity })
    const first = await holdings.remove('t1')
    expect(first.index).toBe(0)
    await holdings.restore(first)
    expect(holdings.transactions().map((t) => t.id)).toEqual(['t1', 't2', 't3'])
    const second = await holdings.remove('t2')
    const third = await holdings.remove('t3')
    await holdings.restore(second)
    expect(holdings.transactions().map((t) => t.id)).toEqual(['t1', 't2'])
    // t3 stood at index 2 of three; the ledger now has two: it goes last.
    await holdings.restore({ ...third, index: 7 })
    expect(holdings.transactions().map((t) => t.id)).toEqual(['t1', 't2', 't3'])
  })

  it('refuses to put back a sell that the ledger, changed since, no longer holds', async () => {
    const holdings = new HoldingsFile(dir, () => NOW)
    await holdings.add(buy)
    await holdings.add({ ...buy, side: 'sell', quantity: '1.5', time: '2026-01-06T10:00:00-05:00' })
    const sold = await holdings.remove('t2')
    await holdings.edit('t1', { ...buy, quantity: '1.25' })
    const error = await refusal(holdings.restore(sold))
    expect([error.code, error.message]).toEqual([
      'failed',
      'Not restored: The sell of 1.5 AAPLon at Jan 6, 2026, 10:00:00 ET is more than the 1.25 AAPLon ' +
        'held then.',
    ])
  })

  it(`holds at most ${MAX_TRANSACTIONS} transactions: the last is taken, one more refused`, async () => {
    const all = Array.from({ length: MAX_TRANSACTIONS - 1 }, (_, index) => trade(`t${index + 1}`))
    await writeFile(
      path.join(dir, 'holdings.json'),
      JSON.stringify({ version: 1, nextId: MAX_TRANSACTIONS, transactions: all }),
    )
    const holdings = new HoldingsFile(dir, () => NOW)
    await holdings.load()
    expect((await holdings.add(buy)).id).toBe(`t${MAX_TRANSACTIONS}`)
    const error = await refusal(holdings.add(buy))
    expect([error.code, error.message]).toEqual([
      'failed',
      `The ledger holds at most ${MAX_TRANSACTIONS} transactions`,
    ])
    expect(holdings.transactions()).toHaveLength(MAX_TRANSACTIONS)
    // Undo is no way round it: a deletion put back once the ledger is full again is refused.
    const removed = await holdings.remove('t1')
    await holdings.add(buy)
    const undo = await refusal(holdings.restore(removed))
    expect(undo.message).toBe(`The ledger holds at most ${MAX_TRANSACTIONS} transactions`)
  }, 120_000)
})
