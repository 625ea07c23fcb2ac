import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../../src/main/cli/run-cli'
import { runHoldingsCommand } from '../../src/main/cli/holdings-command'
import { runTxCommand } from '../../src/main/cli/tx-command'
import { type FakeService, TEST_KEY, startFakeService } from '../core/api/api-client.fixtures'
import { memoryIo, runCommand } from './memory-io'
import { SettingsFile } from '../../src/main/core/storage/settings-file'
import { cleanupAfterEach } from '../support/cleanups'

/** `tokenwatch tx ...` and `tokenwatch holdings` in-process, over a ledger in a temporary folder. */

const NOW = Date.parse('2026-01-09T15:00:00Z')
let service: FakeService
const { tempDir } = cleanupAfterEach('tw-holdings-cli-')
let userData: string

beforeAll(async () => {
  service = await startFakeService()
})
afterAll(async () => {
  await service.close()
})
beforeEach(() => {
  service.reset()
  userData = tempDir()
})

const tx = (...argv: string[]) =>
  runCommand(runTxCommand, argv, { env: { TOKENWATCH_USER_DATA: userData }, now: () => NOW })

const holdings = (...argv: string[]) =>
  runCommand(runHoldingsCommand, ['--base-url', service.url, ...argv], {
    env: { TOKENWATCH_USER_DATA: userData, TOKENWATCH_API_KEY: TEST_KEY },
    now: () => NOW,
    timeoutMs: 2_000,
  })

describe('tokenwatch tx', () => {
  it('adds, lists in time order, and removes, in the ledger named by TOKENWATCH_USER_DATA', async () => {
    expect(
      (
        await tx(
          'add',
          '--symbol',
          'aapl',
          '--side',
          'buy',
          '--quantity',
          '2',
          '--price',
          '200',
          '--fee',
          '1',
          '--time',
          '2026-01-06T10:00:00-05:00',
          '--note',
          'first',
        )
      ).stdout,
    ).toBe('Added t1: buy 2 AAPLon at 200 (fee 1) on 2026-01-06T10:00:00-05:00.\n')
    const noTime = await tx(
      'add',
      '--symbol',
      'TSLAon',
      '--side',
      'buy',
      '--quantity',
      '0.5',
      '--price',
      '300',
    )
    expect(noTime).toMatchObject({
      code: 0,
      stdout: 'Added t2: buy 0.5 TSLAon at 300 (fee 0) on 2026-01-09T15:00:00Z.\n',
    })
    const list = await tx('list', '--json')
    expect(JSON.parse(list.stdout).map((t: { id: string }) => t.id)).toEqual(['t1', 't2'])
    expect((await tx('list')).stdout.split('\n')[1]).toBe(
      't1  2026-01-06T10:00:00-05:00  buy   AAPLon  2         200  ' + '  1    first',
    )
    expect(await tx('remove', 't2')).toMatchObject({
      code: 0,
      stdout: 'Removed t2: buy 0.5 TSLAon on 2026-01-09T15:00:00Z.\n',
    })
    const saved = JSON.parse(await readFile(path.join(userData, 'holdings.json'), 'utf8'))
    expect(saved.transactions.map((t: { id: string }) => t.id)).toEqual(['t1'])
  })

  it('records a transfer in at the cost basis given and a transfer out without a price', async () => {
    const at = ['--time', '2026-01-06T10:00:00-05:00']
    const movedIn = await tx(
      'add',
      '--symbol',
      'AAPLon',
      '--side',
      'transfer-in',
      '--quantity',
      '3.5',
      '--price',
      '100.10',
      ...at,
    )
    expect(movedIn.stdout).toBe(
      'Added t1: transfer-in 3.5 AAPLon at 100.10 (fee 0) on 2026-01-06T10:00:00-05:00.\n',
    )
    const movedOut = await tx(
      'add',
      '--symbol',
      'AAPLon',
      '--side',
      'transfer-out',
      '--quantity',
      '1.25',
      '--fee',
      '0.40',
      '--time',
      '2026-01-07T10:00:00-05:00',
    )
    expect(movedOut.code).toBe(0)
    expect(movedOut.stdout).toBe(
      'Added t2: transfer-out 1.25 AAPLon at 0 (fee 0.40) on 2026-01-07T10:00:00-05:00.\n',
    )
    const saved = JSON.parse(await readFile(path.join(userData, 'holdings.json'), 'utf8'))
    expect(saved.transactions.map((t: { side: string }) => t.side)).toEqual(['transfer-in', 'transfer-out'])
  })

  it.each([
    [
      ['add', '--symbol', 'AAPLon', '--side', 'buy', '--quantity', '0', '--price', '1'],
      'tokenwatch tx add: quantity: The quantity must be more than zero, not 0',
    ],
    [
      ['add', '--symbol', 'AAPLon', '--side', 'short', '--quantity', '1', '--price', '1'],
      'tokenwatch tx add: side: The side must be buy, sell, transfer-in or transfer-out',
    ],
    [
      ['add', '--symbol', 'AAPLon', '--side', 'buy', '--quantity', '1'],
      'tokenwatch tx add: --price is required. (see tokenwatch tx --help)',
    ],
    [
      ['add', '--symbol', 'AAPLon', '--side', 'sell', '--quantity', '1', '--price', '1'],
      'tokenwatch tx add: Not added: The sell of 1 AAPLon at Jan 9, ' +
        '2026, 10:00:00 ET is more than the 0 AAPLon held then.',
    ],
    [
      ['add', '--symbol', 'AAPLon', '--side', 'transfer-out', '--quantity', '3.5'],
      'tokenwatch tx add: Not added: The transfer out of 3.5 AAPLon at Jan 9, ' +
        '2026, 10:00:00 ET is more than the 0 AAPLon held then.',
    ],
    [
      ['add', '--symbol', 'AAPLon', '--side', 'transfer-out', '--quantity', '1', '--price', '100.10'],
      'tokenwatch tx add: price: A transfer out has no price (its tokens leave at their cost): give 0',
    ],
    [
      ['add', '--symbol', 'AAPLon', '--side', 'transfer-in', '--quantity', '1'],
      'tokenwatch tx add: --price is required. (see tokenwatch tx --help)',
    ],
    [['remove', 't9'], 'tokenwatch tx remove: There is no transaction t9'],
    [
      ['frobnicate'],
      'tokenwatch tx frobnicate: unknown subcommand "frobnicate": add, ' +
        'list, import or remove. (see tokenwatch tx --help)',
    ],
  ])('exits 2 with one line for a bad argument or a refused transaction: %j', async (argv, line) => {
    const run = await tx(...argv)
    expect(run).toEqual({ code: 2, stdout: '', stderr: `${line}\n` })
  })

  it(
    'imports a CSV all or nothing, listing every bad line; duplicates ' + 'are reported, not doubled',
    async () => {
      const good = path.join(userData, 'good.csv')
      await writeFile(
        good,
        'time,symbol,side,quantity,price,fee,note\n2026-01-05T10:00:00Z,AAPLon,buy,2,200,1,\n' +
          '2026-01-06T10:00:00Z,AAPLon,sell,0.5,220,0.5,trim\n',
      )
      expect(await tx('import', good)).toEqual({ code: 0, stdout: 'Imported 2 transactions.\n', stderr: '' })
      expect(await tx('import', good)).toEqual({
        code: 0,
        stdout: 'Imported 0 transactions; 2 duplicates skipped.\n',
        stderr:
          'note: line 2 is already in the ledger as t1; not added again.\nnote: ' +
          'line 3 is already in the ledger as t2; not added again.\n',
      })
      const bad = path.join(userData, 'bad.csv')
      await writeFile(
        bad,
        'time,symbol,side,quantity,price\n2026-01-07T10:00:00Z,AAPLon,buy,1,1\n' +
          '2026-01-07T10:00:00Z,AAPLon,buy,1.0000000000000000001,1\nyesterday,AAPLon,sell,1,1\n',
      )
      const refused = await tx('import', bad)
      expect(refused.code).toBe(2)
      expect(refused.stderr.split('\n').slice(1, 3)).toEqual([
        '  line 3: quantity: The quantity has 19 decimals; a token has at most 18',
        '  line 4: time: "yesterday" is not a time: write it like 2026-01-05T10:30:00-05:00',
      ])
      expect(JSON.parse((await tx('list', '--json')).stdout)).toHaveLength(2)
    },
  )

  it('refuses a 50 MB file before reading it', async () => {
    const huge = path.join(userData, 'huge.csv')
    await writeFile(huge, Buffer.alloc(50 * 1024 * 1024, 0x20))
    const run = await tx('import', huge)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('is 50.0 MB; a transactions CSV may be at most 10 MB. Nothing imported.')
  })
})

describe('tokenwatch holdings', () => {
  beforeEach(async () => {
    await tx(
      'add',
      '--symbol',
      'AAPLon',
      '--side',
      'buy',
      '--quantity',
      '2',
      '--price',
      '200',
      '--fee',
      '1',
      '--time',
      '2026-01-05T10:00:00Z',
    )
    await tx(
      'add',
      '--symbol',
      'AAPLon',
      '--side',
      'sell',
      '--quantity',
      '0.5',
      '--price',
      '220',
      '--fee',
      '0.5',
      '--time',
      '2026-01-06T10:00:00Z',
    )
    await tx(
      'add',
      '--symbol',
      'TSLAon',
      '--side',
      'buy',
      '--quantity',
      '1',
      '--price',
      '100',
      '--time',
      '2026-01-05T10:00:00Z',
    )
    await tx(
      'add',
      '--symbol',
      'TSLAon',
      '--side',
      'sell',
      '--quantity',
      '1',
      '--price',
      '90',
      '--time',
      '2026-01-06T10:00:00Z',
    )
  })

  it('prints the exact JSON shape with amounts as decimal strings, sold-out positions listed', async () => {
    const run = await holdings('--json')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual({
      method: 'average',
      quantitySource: 'ledger',
      quantityFallback: null,
      asOf: '2026-01-09T15:00:00.000Z',
      positions: [
        {
          symbol: 'AAPLon',
          quantity: '1.5',
          cost: '300.75',
          averageCost: '200.5',
          realized: '9.25',
          price: '231.4500',
          value: '347.175',
          unrealized: '46.425',
          unrealizedPct: '15.4364089775561097256857855362',
          dayChange: '3.195',
          fairValue: '231.46070986044411440112',
          valueAtFairValue: '347.19106479066617160168',
          unrealizedAtFairValue: '46.44106479066617160168',
          premiumExposure: '-0.01606479066617160168',
          stale: false,
          quantityFrom: 'ledger',
          ledgerQuantity: '1.5',
          uncosted: null,
        },
        {
          symbol: 'TSLAon',
          quantity: '0',
          cost: '0',
          averageCost: null,
          realized: '-10',
          price: null,
          value: '0',
          unrealized: '0',
          unrealizedPct: null,
          dayChange: '0',
          fairValue: null,
          valueAtFairValue: '0',
          unrealizedAtFairValue: '0',
          premiumExposure: '0',
          stale: false,
          quantityFrom: 'ledger',
          ledgerQuantity: '0',
          uncosted: null,
        },
      ],
      totals: {
        cost: '300.75',
        value: '347.175',
        realized: '-0.75',
        unrealized: '46.425',
        dayChange: '3.195',
        valueAtFairValue: '347.19106479066617160168',
        premiumExposure: '-0.01606479066617160168',
      },
    })
    // Only the symbol still held was asked for.
    expect(service.requests.some((request) => request.url.includes('TSLAon'))).toBe(false)
  })

  it('FIFO with --method, and a table for people', async () => {
    await tx(
      'add',
      '--symbol',
      'AAPLon',
      '--side',
      'buy',
      '--quantity',
      '1',
      '--price',
      '210',
      '--time',
      '2026-01-07T10:00:00Z',
    )
    const fifo = JSON.parse((await holdings('--json', '--method', 'fifo')).stdout)
    expect(fifo.method).toBe('fifo')
    expect(fifo.positions[0]).toMatchObject({
      quantity: '2.5',
      cost: '510.75',
      averageCost: '204.3',
      realized: '9.25',
    })
    const table = await holdings()
    expect(table.stdout.split('\n')[0]).toBe(
      'SYMBOL  QUANTITY    COST   VALUE  UNREALIZED   P&L %  REALIZED ' + '  24H  PREMIUM EXP.',
    )
    expect(table.stdout.split('\n')[3]).toBe(
      'TOTAL             510.75  578.62       67.88             -0.75 ' + ' 5.32         -0.03',
    )
    expect(table.stdout).toContain('In US dollars, average cost, as of 2026-01-09T15:00:00.000Z.')
  })

  it('uses the method chosen in the app settings unless --method says otherwise', async () => {
    await new SettingsFile(userData).patch({ costMethod: 'fifo' })
    expect(JSON.parse((await holdings('--json')).stdout).method).toBe('fifo')
    expect(JSON.parse((await holdings('--json', '--method', 'average')).stdout).method).toBe('average')
  })

  it('a symbol the service no longer lists keeps its cost, has null value, and says why', async () => {
    service.listed = ['TSLAon']
    const run = await holdings('--json')
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout)
    expect(report.positions[0]).toMatchObject({
      symbol: 'AAPLon',
      cost: '300.75',
      price: null,
      value: null,
      unrealized: null,
    })
    expect(report.totals).toMatchObject({
      cost: '300.75',
      value: null,
      unrealized: null,
      premiumExposure: null,
    })
    expect(run.stderr).toContain(
      'note: AAPLon: no price from the service (it may no longer list ' +
        'it); its cost is shown, its value is not.',
    )
  })

  it('exits 2 for a bad --method, and is listed by tokenwatch help', async () => {
    expect((await holdings('--method', 'lifo')).stderr).toBe(
      'tokenwatch holdings: --method must be average or fifo, not "lifo". ' +
        '(see tokenwatch holdings --help)\n',
    )
    const help = memoryIo()
    await runCli(['help'], help.io)
    expect(help.stdout()).toMatch(/holdings {2}print positions and P&L/)
    expect(help.stdout()).toMatch(/tx {8}add, list, import or remove/)
  })
})
