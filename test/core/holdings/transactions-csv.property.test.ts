import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { inTimeOrder } from '../../../src/main/core/holdings/ledger-replay'
import { readTransactionsCsv, transactionsCsv } from '../../../src/main/core/holdings/transactions-csv'
import type { Transaction } from '../../../src/shared/holdings'

/**
 * The CSV importer over all inputs (issue #45): a file or a hand must not lose or double a trade.
 * Any file imports every one of its lines (as new trades or as duplicates named by line) or none;
 * the app's export of any ledger imports into an empty ledger as that ledger, and into the ledger
 * itself as nothing but duplicates. The clock is fixed: no property depends on the day it runs.
 */

const NOW = Date.parse('2026-11-16T15:00:00Z')
const FROM = Date.parse('2000-01-03T00:00:00Z')
const utf8 = (text: string) => new TextEncoder().encode(text)

/** A time as a trader's tools write it: Z or an offset, with or without milliseconds. */
const timeText = fc
  .record({
    at: fc.integer({ min: FROM, max: NOW - 3_600_000 }),
    offsetQuarters: fc.integer({ min: -48, max: 56 }),
    millis: fc.boolean(),
  })
  .map(({ at, offsetQuarters, millis }) => {
    const offsetMinutes = offsetQuarters * 15
    const local = new Date(at + offsetMinutes * 60_000).toISOString().slice(0, millis ? 23 : 19)
    if (offsetMinutes === 0) return `${local}Z`
    const size = Math.abs(offsetMinutes)
    return (
      `${local}${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(size / 60)).padStart(2, '0')}` +
      `:${String(size % 60).padStart(2, '0')}`
    )
  })

const decimalText = (maxUnits: number, maxScale: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: maxUnits }),
      fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: maxScale }),
    )
    .map(([units, fraction]) => (fraction === '' ? String(units) : `${units}.${fraction}`))

/**
 * Notes with everything a CSV or a spreadsheet treats specially: quotes, commas, line breaks, formula starts,
 * apostrophes, spaces.
 */
const noteText = fc.string({ unit: fc.constantFrom(...'ab =+-@\'",\n\r\t;é€'), minLength: 1, maxLength: 30 })

const trade = fc.record({
  time: timeText,
  symbol: fc.constantFrom('AAPLon', 'TSLAon', 'LLYon'),
  quantity: decimalText(10_000, 18).filter((q) => /[1-9]/.test(q)),
  price: decimalText(100_000, 6),
  fee: fc.oneof(fc.constant('0'), decimalText(100, 2)),
  note: fc.option(noteText, { nil: null }),
  soldLater: fc.option(fc.integer({ min: 1, max: 3_600_000 }), { nil: null }),
})

/** A ledger that replays: each sell is of its own buy's quantity, after it. */
const ledgerArbitrary = fc.array(trade, { maxLength: 25 }).map((trades) => {
  const ledger: Transaction[] = []
  for (const { soldLater, ...bought } of trades) {
    ledger.push({ id: `t${ledger.length + 1}`, side: 'buy', ...bought })
    if (soldLater !== null)
      ledger.push({
        ...bought,
        id: `t${ledger.length + 1}`,
        side: 'sell',
        time: new Date(Date.parse(bought.time) + soldLater).toISOString(),
        note: null,
      })
  }
  return ledger
})

const withoutId = ({ id: _id, ...fields }: Transaction) => fields

describe('the transactions CSV, over all inputs', () => {
  it(
    'export then import of any ledger: the same ledger into an empty ' + 'one, all duplicates into itself',
    () => {
      fc.assert(
        fc.property(ledgerArbitrary, (ledger) => {
          const csv = utf8(transactionsCsv(ledger))
          expect(readTransactionsCsv(csv, [], NOW)).toEqual({
            ok: true,
            transactions: inTimeOrder(ledger).map(withoutId),
            duplicates: [],
          })
          const again = readTransactionsCsv(csv, ledger, NOW)
          expect(again.ok && again.transactions).toEqual([])
          // One duplicate per line, each line once (a note with a line break makes a line longer than one).
          const lines = again.ok ? again.duplicates.map((d) => d.line) : []
          expect(lines).toHaveLength(ledger.length)
          expect(lines.every((line, index) => index === 0 || line > (lines[index - 1] as number))).toBe(true)
        }),
        { numRuns: 300 },
      )
    },
  )

  /** A line a hand could have typed: cells of anything, quotes and line breaks included; never blank. */
  const handLine = fc
    .string({ unit: fc.constantFrom(...'ab1.-:TZ,"\n\r '), minLength: 1, maxLength: 40 })
    .filter((line) => line.replace(/[,\s"]/g, '') !== '')

  it('any file imports every line or none: the lines it takes are all its lines, each once', () => {
    const header = transactionsCsv([])
    // Each trade's line as the export writes it (a note may hold line breaks of its own).
    const exported = ledgerArbitrary.map((ledger) =>
      inTimeOrder(ledger).map((t) => transactionsCsv([t]).slice(header.length, -2)),
    )
    // A note a hand began with a quote and never closed, on a line that had none.
    const openNote = fc.tuple(fc.nat(), fc.string({ unit: fc.constantFrom(...'ab ,.'), maxLength: 12 }))
    fc.assert(
      fc.property(
        exported,
        fc.array(fc.tuple(fc.nat(), handLine), { maxLength: 3 }),
        fc.option(openNote),
        fc.constantFrom('\n', '\r\n'),
        (lines, typed, open, end) => {
          const all = [...lines]
          for (const [at, line] of typed) all.splice(at % (all.length + 1), 0, line)
          const at = open === null ? -1 : open[0] % Math.max(all.length, 1)
          // Only where no later quote would close it: a quote closed on a later line is a note with a line
          // break.
          const opened =
            open !== null &&
            (all[at]?.endsWith(',') ?? false) &&
            !all.slice(at + 1).some((line) => line.includes('"'))
          if (opened) all[at] = `${all[at]}"${open[1]}`
          const read = readTransactionsCsv(
            utf8(`time,symbol,side,quantity,price,fee,note${end}${all.join(end)}${end}`),
            [],
            NOW,
          )
          if (!read.ok) {
            expect(read.problems.length).toBeGreaterThan(0)
            return
          }
          // Taken: then nothing a hand typed or left open got in unseen, and each line is one trade.
          expect([typed, opened]).toEqual([[], false])
          expect(read.transactions).toHaveLength(lines.length)
          expect(read.transactions.length + read.duplicates.length).toBe(all.length)
        },
      ),
      { numRuns: 500 },
    )
  })
})
