import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { holdingsCommands, type HoldingsCommandContext } from '../../../src/main/core/holdings/commands'
import { HoldingsFile } from '../../../src/main/core/holdings/holdings-file'
import { PositionsTracker } from '../../../src/main/core/holdings/positions-tracker'
import type { AssetQuote } from '../../../src/shared/domain'
import type { CostMethod, PortfolioUpdate } from '../../../src/shared/holdings'
import { quoteOf } from '../../renderer/quote-fixtures'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * The ledger's commands on their own: a real holdings file in a temporary folder, the quotes, the
 * listing and the clock handed in. The clock stands at Friday 9 January 2026, 10:00 ET.
 */

const NOW = Date.parse('2026-01-09T15:00:00Z')
const { tempDir } = cleanupAfterEach('holdings-commands-')
let dir: string

beforeEach(() => {
  dir = tempDir()
})

const buy = {
  time: '2026-01-05T10:00:00-05:00',
  symbol: 'AAPLon',
  side: 'buy',
  quantity: '3.5',
  price: '100.10',
  fee: '0.35',
  note: null,
} as const

function setUp(
  options: {
    quotes?: AssetQuote[]
    listed?: string[] | null
    saveExport?: HoldingsCommandContext['saveExport']
  } = {},
) {
  const holdings = new HoldingsFile(dir, () => NOW)
  const settings = { costMethod: 'average' as CostMethod }
  const quotes = options.quotes ?? [quoteOf('AAPLon', { price: '120.20' })]
  const pushes: PortfolioUpdate[] = []
  const positions = new PositionsTracker(
    {
      transactions: () => holdings.transactions(),
      method: () => settings.costMethod,
      quantitySource: () => 'ledger',
      walletQuantities: () => ({ ok: false, why: 'No wallet is watched' }),
      quotes: () => new Map(quotes.map((quote) => [quote.symbol, quote])),
      now: () => NOW,
    },
    (update) => pushes.push(update),
  )
  const changed: unknown[] = []
  const listed = options.listed === undefined ? ['AAPLon', 'NVDAon'] : options.listed
  const context: HoldingsCommandContext = {
    holdings,
    positions,
    settings: { get: () => settings as never },
    feed: { snapshot: () => ({ assets: quotes }) as never },
    listing: {
      listAssets: async () => {
        if (listed === null) throw new Error('the service is down')
        return listed.map((symbol) => ({ symbol }) as never)
      },
    },
    clock: { now: () => NOW, setTimeout: () => 0, clearTimeout: () => {} },
    holdingsChanged: <T>(result: T) => {
      changed.push(result)
      return result
    },
    ...(options.saveExport ? { saveExport: options.saveExport } : {}),
  }
  return { commands: holdingsCommands(context), holdings, positions, pushes, changed, settings }
}

describe('the holdings commands', () => {
  it('edits a transaction, answering the ledger in time order and telling the app', async () => {
    const { commands, changed } = setUp()
    await commands.addTransaction(buy)
    await commands.addTransaction({ ...buy, time: '2026-01-06T10:00:00-05:00', quantity: '1.5' })
    changed.length = 0
    const edited = await commands.editTransaction({
      id: 't2',
      transaction: { ...buy, time: '2026-01-02T10:00:00-05:00', quantity: '2.5', price: '98.75' },
    })
    // Moved before t1 by its new time: the answer is in time order.
    expect(edited).toEqual({
      transactions: [
        {
          id: 't2',
          ...buy,
          time: '2026-01-02T10:00:00-05:00',
          quantity: '2.5',
          price: '98.75',
          note: null,
        },
        { id: 't1', ...buy, note: null },
      ],
      problem: null,
      warning: null,
    })
    expect(changed).toEqual([edited])
  })

  it('warns of a symbol the listing lacks, and says nothing when there is no listing to ask', async () => {
    const listed = setUp({ listed: ['NVDAon'] })
    const view = await listed.commands.addTransaction(buy)
    expect(view.warning).toBe(
      "AAPLon is not in the service's listing (it may have been delisted); the transaction is kept, " +
        'but the position has no price to be valued at',
    )
    const edited = await listed.commands.editTransaction({
      id: 't1',
      transaction: { ...buy, quantity: '2.5' },
    })
    expect(edited.warning).toBe(view.warning)
    await rm(dir, { recursive: true, force: true })
    await mkdir(dir)
    const down = setUp({ listed: null })
    expect((await down.commands.addTransaction(buy)).warning).toBeNull()
  })

  it('deletes and puts back, each answer with the ledger', async () => {
    const { commands, changed } = setUp()
    await commands.addTransaction(buy)
    await commands.addTransaction({ ...buy, time: '2026-01-06T10:00:00-05:00', quantity: '1.5' })
    const removed = await commands.removeTransaction({ id: 't1' })
    expect(removed).toEqual({
      transaction: { id: 't1', ...buy, note: null },
      index: 0,
      ledger: { transactions: [expect.objectContaining({ id: 't2' })], problem: null },
    })
    const restored = await commands.restoreTransaction({ transaction: removed.transaction, index: 0 })
    expect(restored.transactions.map((t) => t.id)).toEqual(['t1', 't2'])
    expect(changed.slice(-2)).toEqual([removed, restored])
    expect(await commands.listTransactions(undefined as never)).toEqual(restored)
  })

  it('imports text or bytes; a refused import answers its problems and tells the app nothing', async () => {
    const { commands, changed } = setUp()
    const csv = 'time,symbol,side,quantity,price\n2026-01-05T10:00:00-05:00,AAPLon,buy,3.5,100.10\n'
    const refused = await commands.importTransactions({ text: `${csv}x,AAPLon,buy,1.5,100.10\n` })
    expect(refused).toEqual({
      added: 0,
      problems: [{ line: 3, reason: expect.stringMatching(/^time: "x" is not a time/) }],
      duplicates: [],
      ledger: { transactions: [], problem: null },
    })
    expect(changed).toEqual([])
    const bytes = await commands.importTransactions({ base64: Buffer.from(csv).toString('base64') })
    expect(bytes).toMatchObject({ added: 1, problems: [], duplicates: [] })
    expect(bytes.ledger.transactions.map((t) => [t.id, t.quantity])).toEqual([['t1', '3.5']])
    const again = await commands.importTransactions({ text: csv })
    expect(again).toMatchObject({ added: 0, problems: [], duplicates: [{ line: 2, existingId: 't1' }] })
    expect(changed).toEqual([bytes, again])
  })

  it('exports the ledger named by the day, to the save dialog when there is one', async () => {
    const saved: [string, string][] = []
    const withDialog = setUp({
      saveExport: async (fileName, content) => {
        saved.push([fileName, content])
        return `/home/trader/${fileName}`
      },
    })
    await withDialog.commands.addTransaction(buy)
    const line = '2026-01-05T10:00:00-05:00,AAPLon,buy,3.5,100.10,0.35,'
    const content = `time,symbol,side,quantity,price,fee,note\r\n${line}\r\n`
    expect(await withDialog.commands.exportTransactions(undefined as never)).toEqual({
      fileName: 'tokenwatch-transactions-2026-01-09.csv',
      savedTo: '/home/trader/tokenwatch-transactions-2026-01-09.csv',
      content: null,
    })
    expect(saved).toEqual([['tokenwatch-transactions-2026-01-09.csv', content]])
    const without = setUp()
    await without.holdings.load()
    expect(await without.commands.exportTransactions(undefined as never)).toEqual({
      fileName: 'tokenwatch-transactions-2026-01-09.csv',
      savedTo: null,
      content,
    })
  })

  it('values the holdings by the method asked, else the one chosen, bounded for the window', async () => {
    const { commands, settings, positions } = setUp()
    await commands.addTransaction(buy)
    await commands.addTransaction({
      ...buy,
      time: '2026-01-06T10:00:00-05:00',
      quantity: '1.5',
      price: '120.20',
    })
    await commands.addTransaction({
      ...buy,
      time: '2026-01-07T10:00:00-05:00',
      side: 'sell',
      quantity: '2.5',
      price: '130.30',
      fee: '0',
    })
    // Average: cost 350.70 + 180.65 = 531.35 for 5; FIFO: the sale takes 2.5 of the first lot,
    // leaving 1 at 100.20 and the second lot.
    const average = await commands.getHoldings({})
    expect(average).toMatchObject({ method: 'average', asOf: '2026-01-09T15:00:00.000Z' })
    expect(average.positions[0]).toMatchObject({ quantity: '2.5', cost: '265.675', value: '300.5' })
    const fifo = await commands.getHoldings({ method: 'fifo' })
    expect(fifo.positions[0]).toMatchObject({ quantity: '2.5', cost: '280.85', realized: '75.25' })
    settings.costMethod = 'fifo'
    expect((await commands.getHoldings({})).method).toBe('fifo')
    // 80-place figures cut to the window's 18.
    const third = await commands.getHoldings({ method: 'average' })
    expect(third.positions[0]?.averageCost).toBe('106.27')
    positions.ledgerChanged()
    expect(await commands.getPortfolio(undefined as never)).toEqual(positions.current())
  })

  it('refuses to value a ledger edited by hand into one that does not add up', async () => {
    await writeFile(
      path.join(dir, 'holdings.json'),
      JSON.stringify({
        version: 1,
        nextId: 2,
        transactions: [{ id: 't1', ...buy, side: 'sell', note: null }],
      }),
    )
    const { commands, holdings } = setUp()
    await holdings.load()
    await expect(commands.getHoldings({})).rejects.toMatchObject({
      code: 'failed',
      message:
        'Your holdings file does not add up: The sell of 3.5 AAPLon at Jan 5, 2026, 10:00:00 ET ' +
        'is more than the 0 AAPLon held then.',
    })
  })
})
