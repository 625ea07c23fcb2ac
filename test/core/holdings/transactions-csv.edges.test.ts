import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../../src/shared/holdings'
import { MAX_TRANSACTIONS } from '../../../src/shared/holdings-schema'
import {
  describeCsvProblems,
  readTransactionsCsv,
  transactionsCsv,
} from '../../../src/main/core/holdings/transactions-csv'

/**
 * A transactions CSV's less travelled ways. The clock stands at Friday 9 January 2026, 10:00 ET;
 * the ledger holds one buy of 3.5 AAPLon at 100.10 with a 0.35 fee on the Monday.
 */

const NOW = Date.parse('2026-01-09T15:00:00Z')
const utf8 = (text: string) => new TextEncoder().encode(text)
const HEADER = 'time,symbol,side,quantity,price,fee,note\n'

const bought: Transaction = {
  id: 't1',
  time: '2026-01-05T10:00:00-05:00',
  symbol: 'AAPLon',
  side: 'buy',
  quantity: '3.5',
  price: '100.10',
  fee: '0.35',
  note: 'opening',
}
const ledger = [bought]

function problemsOf(text: string | Uint8Array, against: readonly Transaction[] = ledger): string[] {
  const read = readTransactionsCsv(typeof text === 'string' ? utf8(text) : text, against, NOW)
  expect(read.ok).toBe(false)
  return read.ok ? [] : describeCsvProblems(read.problems)
}

describe('readTransactionsCsv, the less travelled ways', () => {
  it('refuses UTF-16 of either byte order, and text with a NUL in it', () => {
    expect(problemsOf(new Uint8Array([0xfe, 0xff, 0x00, 0x74]))).toEqual([
      'The file is UTF-16 text; save it as UTF-8 (without a byte-order mark) and import it again',
    ])
    expect(problemsOf(new Uint8Array([0xff, 0xfe, 0x74, 0x00]))[0]).toMatch(/^The file is UTF-16 text/)
    // A lone 0xfe or 0xff first is neither: it is not UTF-8 either.
    expect(problemsOf(new Uint8Array([0xfe, 0x74]))[0]).toMatch(/^The file is not UTF-8 text/)
    expect(problemsOf(new Uint8Array([0xff, 0x74]))[0]).toMatch(/^The file is not UTF-8 text/)
    // Only the whole mark is one: each of its bytes alone, after another, is not.
    for (const bytes of [
      [0x74, 0xfe],
      [0x74, 0xff],
      [0x74, 0xbb, 0xbf],
      [0xef, 0x74, 0xbf],
      [0xef, 0xbb, 0x74],
    ])
      expect(problemsOf(new Uint8Array(bytes))[0]).toMatch(/^The file is not UTF-8 text/)
    expect(problemsOf(`${HEADER}2026-01-06T10:00:00Z,AAPLon,buy,1.5,100.10,0,a\u0000b\n`)).toEqual([
      'The file is not UTF-8 text (it may be in another encoding); save it as UTF-8 and import it again',
    ])
  })

  it('refuses a file with no line, naming every column it lacks', () => {
    expect(problemsOf('\n ,  \n\n')).toEqual([
      'The first line must name the columns time,symbol,side,quantity,price,fee,note (fee and note may ' +
        'be left out); missing: time, symbol, side, quantity, price',
    ])
  })

  it('names an unknown column, or the first 80 characters of several', () => {
    expect(problemsOf('time,symbol,side,quantity,price,ticker\n')).toEqual([
      'Unknown column in the header: ticker',
    ])
    const many = [
      'broker_account_number',
      'exchange_order_reference',
      'settlement_currency_code',
      'trade_desk_id',
    ]
    expect(problemsOf(`time,symbol,side,quantity,price,${many.join(',')}\n`)).toEqual([
      'Unknown columns in the header: broker_account_number, exchange_order_reference, ' +
        'settlement_currency_code, trade',
    ])
  })

  it('reads the header in any case and spacing, trims the cells but the note, fills what is left out', () => {
    const read = readTransactionsCsv(
      utf8(
        ' Time , SYMBOL ,Side,Quantity,PRICE,Fee,Note\n' +
          ' 2026-01-06T10:00:00Z , AAPLon ,buy, 1.5 ,120.20,,  left spaced \n',
      ),
      ledger,
      NOW,
    )
    expect(read).toEqual({
      ok: true,
      duplicates: [],
      transactions: [
        {
          time: '2026-01-06T10:00:00Z',
          symbol: 'AAPLon',
          side: 'buy',
          quantity: '1.5',
          price: '120.20',
          fee: '0',
          note: '  left spaced ',
        },
      ],
    })
    // A line shorter than the header: the missing cells are left out, fee and note at their defaults.
    const short = readTransactionsCsv(
      utf8(`${HEADER}2026-01-06T10:00:00Z,AAPLon,buy,1.5,120.20\n`),
      ledger,
      NOW,
    )
    expect(short.ok && short.transactions[0]).toMatchObject({ fee: '0', note: null })
  })

  it('passes over a line of blank cells, and names the first of two same-second sells too many', () => {
    const blank = readTransactionsCsv(
      utf8(`${HEADER}2026-01-06T10:00:00Z,AAPLon,buy,1.5,120.20\n  ,  , ,\n`),
      ledger,
      NOW,
    )
    expect(blank.ok && blank.transactions).toHaveLength(1)
    // 3.5 held: the sell on line 2 takes 2.5, so the one on line 3, in the same second, is too many.
    const sells =
      `${HEADER}2026-01-07T10:00:00Z,AAPLon,sell,2.5,130.30\n` +
      '2026-01-07T10:00:00Z,AAPLon,sell,1.5,130.30\n'
    expect(problemsOf(sells)).toEqual([
      'line 3: The sell of 1.5 AAPLon at Jan 7, 2026, 05:00:00 ET is more than the 1 AAPLon held then',
    ])
  })

  it("replays the file's lines after the ledger's in the same second, naming the line too many", () => {
    const sold: Transaction = {
      ...bought,
      id: 't2',
      side: 'sell',
      quantity: '2.5',
      time: '2026-01-07T10:00:00Z',
    }
    expect(problemsOf(`${HEADER}2026-01-07T10:00:00Z,AAPLon,sell,1.5,130.30\n`, [bought, sold])).toEqual([
      'line 2: The sell of 1.5 AAPLon at Jan 7, 2026, 05:00:00 ET is more than the 1 AAPLon held then',
    ])
  })

  it('refuses a time more than a day ahead, naming the line', () => {
    expect(
      problemsOf(
        `${HEADER}2026-01-06T10:00:00Z,AAPLon,buy,1.5,100.10\n2026-01-10T15:00:01Z,AAPLon,buy,1.5,100.10\n`,
      ),
    ).toEqual(['line 3: The time Jan 10, 2026, 10:00:01 ET is more than a day in the future'])
  })

  it('a line is a duplicate only when every field means the same', () => {
    const same = '2026-01-05T15:00:00Z,AAPLon,buy,3.50,100.1,0.350,opening'
    const lines = [
      same,
      '2026-01-05T15:00:01Z,AAPLon,buy,3.5,100.10,0.35,opening',
      '2026-01-05T10:00:00-05:00,NVDAon,buy,3.5,100.10,0.35,opening',
      '2026-01-05T10:00:00-05:00,AAPLon,transfer-in,3.5,100.10,0.35,opening',
      '2026-01-05T10:00:00-05:00,AAPLon,buy,3.25,100.10,0.35,opening',
      '2026-01-05T10:00:00-05:00,AAPLon,buy,3.5,100.15,0.35,opening',
      '2026-01-05T10:00:00-05:00,AAPLon,buy,3.5,100.10,0.25,opening',
      '2026-01-05T10:00:00-05:00,AAPLon,buy,3.5,100.10,0.35,opening ',
      '2026-01-05T10:00:00-05:00,AAPLon,buy,3.5,100.10,0.35,',
    ]
    const read = readTransactionsCsv(utf8(`${HEADER}${lines.join('\n')}\n`), ledger, NOW)
    expect(read.ok).toBe(true)
    if (!read.ok) return
    expect(read.duplicates).toEqual([{ line: 2, existingId: 't1' }])
    expect(read.transactions).toHaveLength(lines.length - 1)
    // No note on either side is the same note.
    const noted = readTransactionsCsv(
      utf8(`${HEADER}2026-01-05T10:00:00-05:00,AAPLon,buy,3.5,100.10,0.35,\n`),
      [{ ...bought, note: null }],
      NOW,
    )
    expect(noted.ok && noted.duplicates).toEqual([{ line: 2, existingId: 't1' }])
  })

  it(`takes lines up to ${MAX_TRANSACTIONS} transactions with the ledger, and not one more`, () => {
    const full = (count: number): Transaction[] =>
      Array.from({ length: count }, (_, index) => ({ ...bought, id: `t${index + 1}`, note: null }))
    const line = `${HEADER}2026-01-06T10:00:00Z,AAPLon,buy,1.5,120.20\n`
    expect(readTransactionsCsv(utf8(line), full(MAX_TRANSACTIONS - 1), NOW).ok).toBe(true)
    expect(problemsOf(line, full(MAX_TRANSACTIONS))).toEqual([
      `The ledger holds at most ${MAX_TRANSACTIONS} transactions; this file has 1`,
    ])
  })

  it('a ledger that did not add up before the import is said, with no line of the file', () => {
    const oversold: Transaction = {
      ...bought,
      id: 't2',
      side: 'sell',
      quantity: '4.5',
      time: '2026-01-06T10:00:00Z',
    }
    const read = readTransactionsCsv(
      utf8(`${HEADER}2026-01-07T10:00:00Z,NVDAon,buy,1.5,120.20\n`),
      [bought, oversold],
      NOW,
    )
    expect(read).toEqual({
      ok: false,
      problems: [
        {
          line: 0,
          reason: 'The sell of 4.5 AAPLon at Jan 6, 2026, 05:00:00 ET is more than the 3.5 AAPLon held then',
        },
      ],
    })
    expect(describeCsvProblems(read.ok ? [] : read.problems)).toEqual([
      'The sell of 4.5 AAPLon at Jan 6, 2026, 05:00:00 ET is more than the 3.5 AAPLon held then',
    ])
  })
})

describe('transactionsCsv, in the order the replay takes them', () => {
  it('at one instant: tokens in before tokens out, then by id as numbers (t9 before t10)', () => {
    const at = '2026-01-06T10:00:00-05:00'
    const of = (id: string, side: Transaction['side'], quantity: string): Transaction => ({
      ...bought,
      id,
      time: at,
      side,
      quantity,
      price: side === 'transfer-out' ? '0' : '100.10',
      fee: '0',
      note: id,
    })
    const csv = transactionsCsv([
      of('t10', 'sell', '1.5'),
      of('t2', 'transfer-out', '0.25'),
      of('t11', 'buy', '2.5'),
      of('t9', 'transfer-in', '3.5'),
      of('t3', 'sell', '0.5'),
      bought,
    ])
    expect(
      csv
        .split('\r\n')
        .slice(1, -1)
        .map((row) => row.split(',').at(-1)),
    ).toEqual(['opening', 't9', 't11', 't2', 't3', 't10'])
  })
})
