import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { HoldingsFile } from '../../../src/main/core/holdings/holdings-file'
import { RefusedChange } from '../../../src/main/core/storage/refused-change'
import { cleanupAfterEach } from '../../support/cleanups'

const NOW = Date.parse('2026-01-09T15:00:00Z')
const { tempDir } = cleanupAfterEach('holdings-file-')
let dir: string

beforeEach(() => {
  dir = tempDir()
})

const buy = {
  time: '2026-01-05T10:00:00-05:00',
  symbol: 'AAPLon',
  side: 'buy',
  quantity: '3',
  price: '100',
} as const
const sell = {
  time: '2026-01-07T10:00:00-05:00',
  symbol: 'AAPLon',
  side: 'sell',
  quantity: '3',
  price: '120',
} as const

async function refusal(promise: Promise<unknown>): Promise<RefusedChange> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RefusedChange)
  return error as RefusedChange
}

describe('HoldingsFile', () => {
  it('keeps transactions in holdings.json, shared with a second reader (the CLI)', async () => {
    const file = new HoldingsFile(dir, () => NOW)
    const added = await file.add(buy)
    expect(added).toEqual({ id: 't1', fee: '0', note: null, ...buy })
    const other = new HoldingsFile(dir, () => NOW)
    expect(await other.load()).toEqual([added])
    expect(JSON.parse(await readFile(path.join(dir, 'holdings.json'), 'utf8')).nextId).toBe(2)
  })

  it('refuses each bad field with its own sentence and saves nothing', async () => {
    const file = new HoldingsFile(dir, () => NOW)
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: '-1' }, 'The quantity must be more than zero, not -1'],
      [{ quantity: '0.000' }, 'The quantity must be more than zero, not 0.000'],
      [{ quantity: '1.0000000000000000001' }, 'The quantity has 19 decimals; a token has at most 18'],
      [{ quantity: '1e3' }, 'The quantity "1e3" is not a plain decimal number'],
      [{ price: '1,5' }, 'price "1,5" is not a plain decimal in US dollars'],
      [{ fee: '-0.5' }, 'fee "-0.5" is not a plain decimal in US dollars'],
      [{ time: '2026-01-05T10:00:00' }, 'has no offset'],
      [{ time: 'yesterday' }, 'is not a time'],
      [{ side: 'short' }, 'The side must be buy, sell, transfer-in or transfer-out'],
      [{ symbol: 'aapl' }, 'is not a token symbol'],
      [{ note: 'x'.repeat(501) }, 'A note has at most 500 characters'],
    ]
    for (const [change, message] of cases) {
      const error = await refusal(file.add({ ...buy, ...change } as never))
      expect(error.code).toBe('invalid-argument')
      expect(error.message).toContain(message)
    }
    const future = await refusal(file.add({ ...buy, time: '2026-01-10T15:00:01Z' }))
    expect([future.code, future.message]).toEqual([
      'failed',
      'The time Jan 10, 2026, 10:00:01 ET is more than a day in the future',
    ])
    // A day ahead exactly is still allowed (a clock a little off).
    await file.add({ ...buy, time: '2026-01-10T15:00:00Z' })
    expect(await new HoldingsFile(dir).load()).toHaveLength(1)
  })

  it('refuses a back-dated sell larger than the holding then', async () => {
    const file = new HoldingsFile(dir, () => NOW)
    await file.add(buy)
    const error = await refusal(file.add({ ...sell, time: '2026-01-04T10:00:00-05:00', quantity: '1' }))
    expect(error.message).toBe(
      'Not added: The sell of 1 AAPLon at Jan 4, 2026, 10:00:00 ET ' + 'is more than the 0 AAPLon held then.',
    )
    expect(await new HoldingsFile(dir).load()).toHaveLength(1)
  })

  it('refuses an edit or a deletion that would break a later sell; Undo puts a deletion back', async () => {
    const file = new HoldingsFile(dir, () => NOW)
    const bought = await file.add(buy)
    await file.add(sell)
    const edit = await refusal(file.edit(bought.id, { ...buy, quantity: '2' }))
    expect(edit.code).toBe('failed')
    expect(edit.message).toBe(
      'Not changed: The sell of 3 AAPLon at Jan 7, 2026, 10:00:00 ET ' +
        'is more than the 2 AAPLon held then.',
    )
    const removal = await refusal(file.remove(bought.id))
    expect(removal.message).toContain('Not deleted: The sell of 3 AAPLon')
    const extra = await file.add({ ...buy, quantity: '1', time: '2026-01-06T10:00:00-05:00' })
    const removed = await file.remove(extra.id)
    await file.restore(removed)
    expect((await new HoldingsFile(dir).load()).map((t) => t.id)).toEqual(['t1', 't2', 't3'])
    expect((await refusal(file.remove('t99'))).code).toBe('not-found')
    // The renderer is untrusted: an id the ledger never gave cannot be "put back" (nor given twice).
    const forged = await refusal(
      file.restore({ transaction: { ...removed.transaction, id: 't4' }, index: 0 }),
    )
    expect(forged).toMatchObject({ code: 'not-found', message: 'There is no deleted transaction t4' })
    expect((await file.add(buy)).id).toBe('t4')
  })

  it('moves a corrupt file aside, says so, and starts empty', async () => {
    await writeFile(path.join(dir, 'holdings.json'), '{"version":1,"nextId":1,"transactions":[{"id":"t1"}]}')
    const file = new HoldingsFile(dir, () => NOW)
    expect(await file.load()).toEqual([])
    expect(file.problem()).toMatch(
      /^Your holdings file was unreadable and was moved aside to .*holdings\.json\.corrupt-/,
    )
    expect((await readdir(dir)).some((name) => name.startsWith('holdings.json.corrupt-'))).toBe(true)
  })
})

describe('a hand-edited holdings.json (issue #45)', () => {
  const trade = (id: string) => ({
    id,
    time: '2026-01-05T10:00:00-05:00',
    symbol: 'AAPLon',
    side: 'buy',
    quantity: '3.5',
    price: '100.10',
    fee: '0',
    note: null,
  })

  it.each([
    [
      'two transactions with one id',
      { version: 1, nextId: 4, transactions: [trade('t2'), trade('t3'), trade('t2')] },
      'transactions.2.id: The id t2 is used twice',
    ],
    [
      'nextId at an id in use',
      { version: 1, nextId: 3, transactions: [trade('t1'), trade('t3')] },
      'nextId: nextId 3 is at or below t3, an id in use',
    ],
    [
      'nextId below an id in use',
      { version: 1, nextId: 2, transactions: [trade('t5')] },
      'nextId: nextId 2 is at or below t5, an id in use',
    ],
  ])('%s: refused on read, naming the id, and kept aside', async (_name, content, why) => {
    await writeFile(path.join(dir, 'holdings.json'), JSON.stringify(content))
    const file = new HoldingsFile(dir, () => NOW)
    expect(await file.load()).toEqual([])
    expect(file.problem()).toContain(`It has invalid content (${why}).`)
    const aside = (await readdir(dir)).find((name) => name.startsWith('holdings.json.corrupt-')) as string
    expect(JSON.parse(await readFile(path.join(dir, aside), 'utf8'))).toEqual(content)
  })
})
