import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../../src/shared/holdings'
import {
  describeCsvProblems,
  readTransactionsCsv,
  transactionsCsv,
} from '../../../src/main/core/holdings/transactions-csv'
import { MAX_CSV_BYTES } from '../../../src/shared/holdings-schema'

const NOW = Date.parse('2026-01-09T15:00:00Z')
const utf8 = (text: string) => new TextEncoder().encode(text)
const HEADER = 'time,symbol,side,quantity,price,fee,note\n'

const ledger: Transaction[] = [
  {
    id: 't1',
    time: '2026-01-05T10:00:00-05:00',
    symbol: 'AAPLon',
    side: 'buy',
    quantity: '3',
    price: '100',
    fee: '1',
    note: null,
  },
]

function problemsOf(text: string | Uint8Array): string[] {
  const read = readTransactionsCsv(typeof text === 'string' ? utf8(text) : text, ledger, NOW)
  expect(read.ok).toBe(false)
  return read.ok ? [] : describeCsvProblems(read.problems)
}

describe('readTransactionsCsv', () => {
  it('reads every line, fee and note optional, and reports duplicates instead of doubling them', () => {
    const read = readTransactionsCsv(
      utf8(
        'time,symbol,side,quantity,price\r\n2026-01-05T15:00:00Z,AAPLon,buy,3.0,100.00\r\n' +
          '2026-01-06T10:00:00Z,TSLAon,buy,0.5,250\r\n',
      ),
      // The ledger's t1 has a fee of 1: the first line is not the same trade...
      [{ ...(ledger[0] as Transaction), fee: '0' }],
      NOW,
    )
    // ...but with fee 0 it is (same instant, 3.0 = 3, 100.00 = 100).
    expect(read).toEqual({
      ok: true,
      duplicates: [{ line: 2, existingId: 't1' }],
      transactions: [
        {
          time: '2026-01-06T10:00:00Z',
          symbol: 'TSLAon',
          side: 'buy',
          quantity: '0.5',
          price: '250',
          fee: '0',
          note: null,
        },
      ],
    })
  })

  it('lists every bad line with its number and reason, and imports none', () => {
    expect(
      problemsOf(
        `${HEADER}2026-01-06T10:00:00Z,AAPLon,buy,1,100,,ok\n2026-01-06T10:00:00,AAPLon,buy,1,100\n` +
          `2026-01-06T10:00:00Z,AAPLon,hold,1,100\n2026-01-06T10:00:00Z,AAPLon,buy,-2,100\n` +
          `2026-01-06T10:00:00Z,AAPLon,buy,1,1e2\n2026-01-06T10:00:00Z,AAPLon,buy,1,100,0,x,extra\n`,
      ),
    ).toEqual([
      'line 3: time: The time "2026-01-06T10:00:00" has no offset: add Z or one like -05:00',
      'line 4: side: The side must be buy, sell, transfer-in or transfer-out',
      'line 5: quantity: The quantity must be more than zero, not -2',
      'line 6: price: The price "1e2" is not a plain decimal in US dollars (like 182.35)',
      'line 7: 8 fields where the header has 7',
    ])
  })

  it('refuses a sell larger than the holding then, naming the line', () => {
    expect(problemsOf(`${HEADER}2026-01-07T10:00:00Z,AAPLon,sell,4,120\n`)).toEqual([
      'line 2: The sell of 4 AAPLon at Jan 7, 2026, 05:00:00 ET is more than the 3 AAPLon held then',
    ])
  })

  it('gives each unusable file its own sentence', () => {
    expect(problemsOf('symbol,quantity\nAAPLon,1\n')[0]).toContain('missing: time, side, price')
    expect(problemsOf(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(HEADER)]))[0]).toContain('byte-order mark')
    expect(problemsOf(new Uint8Array([0xff, 0xfe, 0x74, 0x00]))[0]).toContain('UTF-16')
    expect(problemsOf(new Uint8Array([...utf8(HEADER), 0xe9, 0x0a]))[0]).toContain('not UTF-8 text')
    expect(problemsOf(new Uint8Array(MAX_CSV_BYTES + 1))[0]).toContain(
      'a transactions CSV may be at most 10 MB',
    )
  })
})

describe('transactionsCsv', () => {
  it('writes the ledger in time order and reads back as duplicates of itself', () => {
    const full: Transaction[] = [
      {
        id: 't2',
        time: '2026-01-07T10:00:00Z',
        symbol: 'AAPLon',
        side: 'sell',
        quantity: '1',
        price: '120',
        fee: '0',
        note: 'partial, "first"',
      },
      ...ledger,
    ]
    const csv = transactionsCsv(full)
    expect(csv).toBe(
      'time,symbol,side,quantity,price,fee,note\r\n2026-01-05T10:00:00-05:00,AAPLon,buy,3,100,1,\r\n' +
        '2026-01-07T10:00:00Z,AAPLon,sell,1,120,0,"partial, ' +
        '""first"""\r\n',
    )
    expect(readTransactionsCsv(utf8(csv), full, NOW)).toEqual({
      ok: true,
      transactions: [],
      duplicates: [
        { line: 2, existingId: 't1' },
        { line: 3, existingId: 't2' },
      ],
    })
  })
})

describe('what could lose or double a trade (issue #45)', () => {
  it(
    'an unclosed quote is refused, naming the line it opened on, ' + 'instead of swallowing the next lines',
    () => {
      const text =
        `${HEADER}2026-01-06T10:00:00Z,AAPLon,buy,1.5,100.10,0,"bought ` +
        (`at the open\n2026-01-07T10:00:00Z,AAPLon,buy,2,101.20,0,second\n` +
          `2026-01-08T10:00:00Z,AAPLon,sell,0.5,120.20,0,third\n`)
      expect(problemsOf(text)).toEqual([
        'line 2: a quote opened here is never closed, so every line after it would be read into this one',
      ])
    },
  )

  it("the app's export imported again is all duplicates, notes the formula guard changed included", () => {
    const notes = [
      '=SUM(A1)',
      '+1 for the dip',
      '-0.5 slippage',
      '@desk',
      "'=already quoted",
      "'tis the season",
      ' spaced ',
    ]
    const full: Transaction[] = notes.map((note, index) => ({
      id: `t${index + 1}`,
      time: `2026-01-0${index + 2}T15:30:00Z`,
      symbol: 'AAPLon',
      side: 'buy',
      quantity: '3.5',
      price: '100.10',
      fee: '0',
      note,
    }))
    const csv = transactionsCsv(full)
    expect(csv).toContain(",'=SUM(A1)\r\n")
    expect(csv).toContain(",''=already quoted\r\n")
    const read = readTransactionsCsv(utf8(csv), full, NOW)
    expect(read).toEqual({
      ok: true,
      transactions: [],
      duplicates: full.map((t, index) => ({ line: index + 2, existingId: t.id })),
    })
  })

  it('a header naming a column twice is refused', () => {
    expect(
      problemsOf('time,symbol,side,quantity,price,price\n2026-01-06T10:00:00Z,AAPLon,buy,1,100.10,120.20\n'),
    ).toEqual(['The header names the column price twice'])
  })

  it.each([
    ['2026-02-31T10:00:00Z', 'is not a date and time that exists'],
    ['2026-06-31T10:00:00-04:00', 'is not a date and time that exists'],
    ['2026-01-05T24:00:00Z', 'is not a date and time that exists'],
    ['1969-12-31T10:00:00Z', 'is before 1970'],
  ])('the time %s is refused', (time, why) => {
    expect(problemsOf(`${HEADER}${time},AAPLon,buy,1.5,100.10\n`)).toEqual([`line 2: time: ${time} ${why}`])
  })

  it('a real leap day and a time with a fraction and an offset are taken', () => {
    const read = readTransactionsCsv(
      utf8(`${HEADER}2024-02-29T10:00:00.250-05:00,AAPLon,buy,1.5,100.10\n`),
      [],
      NOW,
    )
    expect(read.ok).toBe(true)
  })
})

describe('transfers in a transactions CSV (issue 48)', () => {
  const transfers: Transaction[] = [
    ...ledger,
    {
      id: 't2',
      time: '2026-01-06T11:20:00-05:00',
      symbol: 'AAPLon',
      side: 'transfer-in',
      quantity: '3.5',
      price: '100.10',
      fee: '0.40',
      note: 'from Cold',
    },
    {
      id: 't3',
      time: '2026-01-07T09:45:00-05:00',
      symbol: 'AAPLon',
      side: 'transfer-out',
      quantity: '1.25',
      price: '0',
      fee: '0',
      note: null,
    },
  ]

  it('writes both sides and reads them back as duplicates of themselves', () => {
    const text = transactionsCsv(transfers)
    expect(text.split('\r\n').slice(2, 4)).toEqual([
      '2026-01-06T11:20:00-05:00,AAPLon,transfer-in,3.5,100.10,0.40,from Cold',
      '2026-01-07T09:45:00-05:00,AAPLon,transfer-out,1.25,0,0,',
    ])
    expect(readTransactionsCsv(utf8(text), transfers, NOW)).toEqual({
      ok: true,
      transactions: [],
      duplicates: [2, 3, 4].map((line, index) => ({ line, existingId: transfers[index]?.id })),
    })
  })

  it('imports a transfer in and refuses a transfer out larger than held, naming the line', () => {
    const movedIn = readTransactionsCsv(
      utf8(`${HEADER}2026-01-06T11:20:00-05:00,AAPLon,transfer-in,3.5,100.10,0.40,\n`),
      ledger,
      NOW,
    )
    expect(movedIn.ok && movedIn.transactions.map((t) => [t.side, t.quantity, t.price])).toEqual([
      ['transfer-in', '3.5', '100.10'],
    ])
    expect(problemsOf(`${HEADER}2026-01-07T09:45:00-05:00,AAPLon,transfer-out,3.5,0\n`)).toEqual([
      'line 2: The transfer out of 3.5 AAPLon at Jan 7, 2026, 09:45:00 ET is more than the 3 AAPLon ' +
        'held then',
    ])
    expect(problemsOf(`${HEADER}2026-01-07T09:45:00-05:00,AAPLon,transfer-out,1.25,120.20\n`)).toEqual([
      'line 2: price: A transfer out has no price (its tokens leave at their cost): give 0',
    ])
  })
})
