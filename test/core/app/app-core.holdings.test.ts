import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startDemoCore } from './demo-core'
import type {
  HoldingsReport,
  LedgerView,
  RemovedTransaction,
  TransactionsImportResult,
} from '../../../src/shared/holdings'
import type { ExportResult } from '../../../src/shared/transfer'
import { activeList } from '../../../src/shared/watchlists'
import type { IpcResult } from '../../../src/shared/ipc-contract'
import { cleanupAfterEach } from '../../support/cleanups'
import { until } from '../../support/polls'
import { Dec } from '../../../src/shared/decimal'
import { HoldingsFile } from '../../../src/main/core/holdings/holdings-file'

/** The ledger's commands through AppCore's validating invoke, on the demo simulator. */

// The ledger's clock is fixed, so "not more than a day ahead" never depends on today's date.
const NOW = Date.parse('2026-01-09T15:00:00Z')
const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-holdings-')

const startCore = () => startDemoCore({ userDataDir: tempDir(), now: NOW, cleanups })

/** The value of an answer that must be ok; a refusal fails the test with its error. */
async function ok<T>(result: Promise<IpcResult<unknown>>): Promise<T> {
  const answer = await result
  if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer.error)}`)
  return answer.value as T
}

describe('AppCore holdings commands', () => {
  it('adds, edits, deletes with Undo, refusing what would break a later sell', async () => {
    const { core, userDataDir } = await startCore()
    const symbol = activeList(core.settings.get()).symbols[0] as string
    const buy = {
      time: '2026-01-05T10:00:00-05:00',
      symbol,
      side: 'buy',
      quantity: '3',
      price: '100',
      fee: '1',
    }
    await ok(core.invoke('addTransaction', buy))
    const view = await ok<LedgerView>(
      core.invoke('addTransaction', {
        ...buy,
        side: 'sell',
        time: '2026-01-07T10:00:00-05:00',
        quantity: '2',
        note: 'trim',
      }),
    )
    expect(view.transactions.map((t) => [t.id, t.side])).toEqual([
      ['t1', 'buy'],
      ['t2', 'sell'],
    ])
    expect(view.warning).toBeNull()
    const unlisted = await ok<LedgerView>(core.invoke('addTransaction', { ...buy, symbol: 'GONEon' }))
    expect(unlisted.warning).toBe(
      "GONEon is not in the service's listing (it may have been delisted); " +
        'the transaction is kept, but the position has no price to be valued at',
    )
    expect(unlisted.transactions).toHaveLength(3)
    await ok(core.invoke('removeTransaction', { id: 't3' }))

    const edit = await core.invoke('editTransaction', { id: 't1', transaction: { ...buy, quantity: '1' } })
    expect(edit).toEqual({
      ok: false,
      error: {
        code: 'failed',
        message:
          `Not changed: The sell of 2 ${symbol} at Jan 7, 2026, 10:00:00 ` +
          `ET is more than the 1 ${symbol} held then.`,
      },
    })
    expect((await core.invoke('removeTransaction', { id: 't1' })).ok).toBe(false)
    const removed = await ok<RemovedTransaction>(core.invoke('removeTransaction', { id: 't2' }))
    expect(removed.ledger.transactions).toHaveLength(1)
    const restored = await ok<LedgerView>(
      core.invoke('restoreTransaction', { transaction: removed.transaction, index: removed.index }),
    )
    expect(restored.transactions.map((t) => t.id)).toEqual(['t1', 't2'])
    expect(JSON.parse(readFileSync(join(userDataDir, 'holdings.json'), 'utf8')).transactions).toHaveLength(2)
  })

  it('polls a held symbol that no list shows, and stops once it is sold to zero', async () => {
    const { core } = await startCore()
    const shown = activeList(core.settings.get()).symbols
    const assets = await ok<{ symbol: string }[]>(core.invoke('listAssets', undefined))
    const other = assets.map((asset) => asset.symbol).find((symbol) => !shown.includes(symbol)) as string
    const buy = { time: '2026-01-05T10:00:00Z', symbol: other, side: 'buy', quantity: '1', price: '10' }
    await ok(core.invoke('addTransaction', buy))
    expect(core.pollPlan().symbols).toEqual([...shown, other])
    await ok(core.invoke('addTransaction', { ...buy, side: 'sell', time: '2026-01-06T10:00:00Z' }))
    expect(core.pollPlan().symbols).toEqual(shown)
  })

  it('validates every argument from the window (the renderer is untrusted)', async () => {
    const { core } = await startCore()
    const base = { time: '2026-01-05T10:00:00Z', symbol: 'AAPLon', side: 'buy', quantity: '1', price: '1' }
    for (const bad of [
      { ...base, quantity: 1 },
      { ...base, price: '1e3' },
      { ...base, id: 't1' },
    ]) {
      const answer = await core.invoke('addTransaction', bad as never)
      expect(answer.ok).toBe(false)
      if (!answer.ok) expect(answer.error.code).toBe('invalid-argument')
    }
    // A time too far ahead is a rule of the present, not of the contract.
    expect(await core.invoke('addTransaction', { ...base, time: '2026-01-11T10:00:00Z' })).toEqual({
      ok: false,
      error: {
        code: 'failed',
        message: 'The time Jan 11, 2026, 05:00:00 ET is more than a day in the future',
      },
    })
    expect((await core.invoke('removeTransaction', { id: '../settings' } as never)).ok).toBe(false)
    expect((await core.invoke('getHoldings', { method: 'lifo' } as never)).ok).toBe(false)
    expect((await ok<LedgerView>(core.invoke('listTransactions', undefined))).transactions).toEqual([])
  })

  it('imports CSV text all or nothing, exports it, and values positions at the feed quotes', async () => {
    const { core } = await startCore()
    const symbol = activeList(core.settings.get()).symbols[0] as string
    const csv =
      `time,symbol,side,quantity,price\n2026-01-05T10:00:00Z,${symbol}` +
      `,buy,2,100\n2026-01-06T10:00:00Z,${symbol},sell,1,110\n`
    const bad = await ok<TransactionsImportResult>(
      core.invoke('importTransactions', { text: `${csv}2026-01-06T10:00:00Z,${symbol},sell,5,110\nx,y\n` }),
    )
    // The bad line is named; the sell on line 4 is judged only once every line reads.
    expect(bad).toMatchObject({ added: 0, ledger: { transactions: [] } })
    expect(bad.problems).toEqual([{ line: 5, reason: expect.stringMatching(/^time: "x" is not a time/) }])
    const imported = await ok<TransactionsImportResult>(core.invoke('importTransactions', { text: csv }))
    expect(imported).toMatchObject({ added: 2, duplicates: [] })
    const again = await ok<TransactionsImportResult>(core.invoke('importTransactions', { text: csv }))
    expect(again).toMatchObject({
      added: 0,
      duplicates: [
        { line: 2, existingId: 't1' },
        { line: 3, existingId: 't2' },
      ],
    })
    const exported = await ok<ExportResult>(core.invoke('exportTransactions', undefined))
    expect(exported.content).toBe(
      `time,symbol,side,quantity,price,fee,note\r\n2026-01-05T10:00:00Z,${symbol}` +
        `,buy,2,100,0,\r\n2026-01-06T10:00:00Z,${symbol},sell,1,110,0,\r\n`,
    )

    await until(() => core.currentSnapshot().assets.find((a) => a.symbol === symbol)?.price, 'a price')
    expect((await ok<HoldingsReport>(core.invoke('getHoldings', {}))).method).toBe('average')
    await ok(core.invoke('updateSettings', { costMethod: 'fifo' }))
    const report = await ok<HoldingsReport>(core.invoke('getHoldings', {}))
    expect(report.method).toBe('fifo')
    expect(report.positions[0]).toMatchObject({ symbol, quantity: '1', cost: '100', realized: '10' })
    // Whichever price the feed held, the value is exactly one token at it.
    const position = report.positions[0] as HoldingsReport['positions'][number]
    expect(position.price).toMatch(/^\d+\.\d+$/)
    expect(position.value).toBe(new Dec(position.price as string).toString())
    expect(position.unrealized).toBe(new Dec(position.price as string).minus(100).toString())
  })

  it('reads a file sent as bytes, so a byte-order mark or another encoding is said, not lost', async () => {
    const { core } = await startCore()
    const symbol = activeList(core.settings.get()).symbols[0] as string
    const csv = `time,symbol,side,quantity,price\n2026-01-05T10:00:00Z,${symbol},buy,2,100\n`
    const send = (bytes: Buffer) =>
      ok<TransactionsImportResult>(core.invoke('importTransactions', { base64: bytes.toString('base64') }))
    const withBom = await send(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]))
    expect(withBom.problems).toEqual([
      {
        line: 0,
        reason:
          'The file starts with a byte-order mark; save it as UTF-8 without ' + 'one and import it again',
      },
    ])
    const latin1 = await send(
      Buffer.from(`${csv}2026-01-05T11:00:00Z,${symbol},buy,1,1,0,caf\u00e9\n`, 'latin1'),
    )
    expect(latin1.problems[0]?.reason).toMatch(/^The file is not UTF-8 text/)
    expect(latin1.added).toBe(0)
    expect((await send(Buffer.from(csv))).added).toBe(1)
    // Not base64: refused by the contract before the core reads it.
    expect(await core.invoke('importTransactions', { base64: 'not base64!' })).toMatchObject({ ok: false })
  })

  it(
    'puts the ledger in the JSON export and the holding columns, ' + 'from the valuation, in the CSV',
    async () => {
      const { core } = await startCore()
      const [held, other] = activeList(core.settings.get()).symbols as [string, string]
      await ok(
        core.invoke('addTransaction', {
          time: '2026-01-05T10:00:00Z',
          symbol: held,
          side: 'buy',
          quantity: '2.5',
          price: '100',
        }),
      )
      await until(() => core.currentSnapshot().assets.find((a) => a.symbol === held)?.price, 'a price')
      const json = JSON.parse(
        (await ok<ExportResult>(core.invoke('exportWatchlist', { format: 'json' }))).content as string,
      )
      expect(json.transactions).toEqual([
        {
          id: 't1',
          time: '2026-01-05T10:00:00Z',
          symbol: held,
          side: 'buy',
          quantity: '2.5',
          price: '100',
          fee: '0',
          note: null,
        },
      ])
      const csv = (await ok<ExportResult>(core.invoke('exportWatchlist', { format: 'csv' })))
        .content as string
      const [header, ...rows] = csv
        .trim()
        .split('\r\n')
        .map((line) => line.split(','))
      const column = (row: string[] | undefined, name: string) => row?.[(header as string[]).indexOf(name)]
      const heldRow = rows.find((row) => row[0] === held)
      const price = new Dec(column(heldRow, 'price') as string)
      expect(column(heldRow, 'holdingQuantity')).toBe('2.5')
      expect(column(heldRow, 'holdingValue')).toBe(price.times('2.5').toString())
      expect(column(heldRow, 'holdingPnl')).toBe(price.times('2.5').minus(250).toString())
      expect(
        column(
          rows.find((row) => row[0] === other),
          'holdingQuantity',
        ),
      ).toBe('')
    },
  )
})

describe('arguments from the window refused, not trimmed to fit (issue #45)', () => {
  it('restoreTransaction puts back only exactly what was deleted, once', async () => {
    const { core, userDataDir } = await startCore()
    const buy = {
      time: '2026-01-05T10:00:00-05:00',
      symbol: 'AAPLon',
      side: 'buy',
      quantity: '3.5',
      price: '100.10',
    }
    await ok(core.invoke('addTransaction', buy))
    await ok(core.invoke('addTransaction', { ...buy, quantity: '1.5', price: '120.20' }))
    const removed = await ok<RemovedTransaction>(core.invoke('removeTransaction', { id: 't2' }))
    const onDisk = () => JSON.parse(readFileSync(join(userDataDir, 'holdings.json'), 'utf8')).transactions
    for (const forged of [
      { ...removed.transaction, quantity: '1500' },
      { ...removed.transaction, time: '2031-01-05T10:00:00-05:00' },
      { ...removed.transaction, id: 't3' },
    ]) {
      const answer = await core.invoke('restoreTransaction', { transaction: forged, index: 1 })
      expect([forged, answer.ok]).toEqual([forged, false])
      expect(onDisk()).toHaveLength(1)
    }
    const refused = await core.invoke('restoreTransaction', {
      transaction: { ...removed.transaction, price: '0.01' },
      index: 1,
    })
    expect(refused).toEqual({
      ok: false,
      error: { code: 'failed', message: 'Not restored: t2 was not deleted with this content' },
    })
    const restored = await ok<LedgerView>(
      core.invoke('restoreTransaction', { transaction: removed.transaction, index: removed.index }),
    )
    expect(restored.transactions.map((t) => [t.id, t.quantity, t.price])).toEqual([
      ['t1', '3.5', '100.10'],
      ['t2', '1.5', '120.20'],
    ])
    await ok(core.invoke('restoreTransaction', { transaction: removed.transaction, index: removed.index }))
    expect(onDisk()).toHaveLength(2)
  })

  it.each([
    ['an unknown key in cadences', { cadences: { pricesMs: 5_000, everyMs: 1 } }],
    ['__proto__ in cadences', JSON.parse('{"cadences":{"pricesMs":5000,"__proto__":{"polluted":true}}}')],
    [
      'an unknown key in windowBounds',
      { windowBounds: { x: 10, y: 20, width: 800, height: 600, maximized: true } },
    ],
    [
      '__proto__ in windowBounds',
      JSON.parse('{"windowBounds":{"x":10,"y":20,"width":800,"height":600,"__proto__":{"polluted":true}}}'),
    ],
  ])('updateSettings refuses %s and changes nothing', async (_what, patch) => {
    const { core } = await startCore()
    const before = core.settings.get()
    const answer = await core.invoke('updateSettings', patch)
    expect(answer.ok).toBe(false)
    expect(answer.ok ? null : answer.error.code).toBe('invalid-argument')
    expect(core.settings.get()).toEqual(before)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe("the window's import and the command line at once (issue #45)", () => {
  it(
    'a trade the command line added since the window last read the ' +
      'ledger is a duplicate, not added twice',
    async () => {
      const { core, userDataDir } = await startCore()
      await ok(core.invoke('listTransactions', undefined))
      const trade = {
        time: '2026-01-06T15:30:00Z',
        symbol: 'AAPLon',
        side: 'buy',
        quantity: '3.5',
        price: '100.10',
      } as const
      const cli = new HoldingsFile(userDataDir, () => NOW)
      await cli.load()
      const added = await cli.add(trade)
      const text =
        'time,symbol,side,quantity,price\n2026-01-06T15:30:00Z,AAPLon,buy,3.5,100.10\n' +
        '2026-01-07T15:30:00Z,AAPLon,sell,1.5,120.20\n'
      const result = await ok<TransactionsImportResult>(core.invoke('importTransactions', { text }))
      expect([result.added, result.duplicates]).toEqual([1, [{ line: 2, existingId: added.id }]])
      const onDisk = JSON.parse(readFileSync(join(userDataDir, 'holdings.json'), 'utf8')).transactions as {
        id: string
        side: string
      }[]
      expect(onDisk.map((t) => [t.id, t.side])).toEqual([
        ['t1', 'buy'],
        ['t2', 'sell'],
      ])
      expect(result.ledger.transactions.map((t) => t.id)).toEqual(['t1', 't2'])
    },
  )
})
