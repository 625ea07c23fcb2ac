import { Dec } from '../../../shared/decimal'
import { readCsv, textCell, unguardedText } from '../../../shared/csv'
import type { Transaction, TransactionsImportResult } from '../../../shared/holdings'
import {
  csvSizeProblem,
  futureTimeProblem,
  MAX_TRANSACTIONS,
  transactionInputSchema,
} from '../../../shared/holdings-schema'
import { screenZone } from '../screen-time'
import { describeSchemaIssues } from '../storage/json-file'
import { inTimeOrder, replayLedger } from './ledger-replay'

/**
 * The ledger as CSV: `time,symbol,side,quantity,price,fee,note`, header required, `fee` and `note`
 * optional. An import takes every line or none: each bad line is listed with its number and why,
 * and one bad line imports nothing. A line equal to a transaction already in the ledger is
 * reported, not added twice.
 */

export const TRANSACTION_CSV_COLUMNS = ['time', 'symbol', 'side', 'quantity', 'price', 'fee', 'note'] as const
const REQUIRED_COLUMNS = ['time', 'symbol', 'side', 'quantity', 'price'] as const

/** 1-based line, the header being line 1; 0 for the file as a whole. */
export type CsvLineProblem = TransactionsImportResult['problems'][number]

export interface CsvDuplicate {
  line: number
  /** The transaction already in the ledger that this line repeats. */
  existingId: string
}

export type TransactionsCsvImport =
  | { ok: true; transactions: Omit<Transaction, 'id'>[]; duplicates: CsvDuplicate[] }
  | { ok: false; problems: CsvLineProblem[] }

function refuse(reason: string): TransactionsCsvImport {
  return { ok: false, problems: [{ line: 0, reason }] }
}

/** The bytes as UTF-8 text without a byte-order mark, or why not. */
function decodeUtf8(bytes: Uint8Array): { text: string } | { reason: string } {
  const tooLarge = csvSizeProblem(bytes.byteLength)
  if (tooLarge) return { reason: tooLarge }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return {
      reason:
        'The file is UTF-16 text; save it as UTF-8 (without a byte-order ' + 'mark) and import it again',
    }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return {
      reason: 'The file starts with a byte-order mark; save it as UTF-8 without ' + 'one and import it again',
    }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    if (text.includes('\u0000')) throw new Error('NUL')
    return { text }
  } catch {
    return {
      reason:
        'The file is not UTF-8 text (it may be in another encoding); ' +
        'save it as UTF-8 and import it again',
    }
  }
}

/** Two transactions are the same trade when every field means the same (1.50 is 1.5; times as instants). */
function sameTrade(a: Omit<Transaction, 'id'>, b: Omit<Transaction, 'id'>): boolean {
  return (
    Date.parse(a.time) === Date.parse(b.time) &&
    a.symbol === b.symbol &&
    a.side === b.side &&
    new Dec(a.quantity).equals(b.quantity) &&
    new Dec(a.price).equals(b.price) &&
    new Dec(a.fee).equals(b.fee) &&
    (a.note ?? '') === (b.note ?? '')
  )
}

/**
 * A cell as the transaction's field: the note exactly as exported (its spaces kept, the formula
 * guard's apostrophe taken away, so an export imported again matches its own trades), the other
 * fields trimmed.
 */
function cellValue(column: string, cell: string): string {
  return column === 'note' ? unguardedText(cell) : cell.trim()
}

/** Reads a transactions CSV against the ledger as it is; nothing is changed here. */
export function readTransactionsCsv(
  bytes: Uint8Array,
  ledger: readonly Transaction[],
  nowMs: number,
): TransactionsCsvImport {
  const decoded = decodeUtf8(bytes)
  if ('reason' in decoded) return refuse(decoded.reason)
  const read = readCsv(decoded.text)
  if (read.unclosedQuoteLine !== null)
    return {
      ok: false,
      problems: [
        {
          line: read.unclosedQuoteLine,
          reason:
            'a quote opened here is never closed, so every line after it ' + 'would be read into this one',
        },
      ],
    }
  const rows = read.rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''))
  const header = rows[0]?.cells.map((cell) => cell.trim().toLowerCase()) ?? []
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column))
  // An empty file has no header: it misses every column.
  if (missing.length > 0)
    return refuse(
      `The first line must name the columns ${TRANSACTION_CSV_COLUMNS.join(',')}` +
        ` (fee and note may be left out); missing: ${missing.join(', ')}`,
    )
  const unknown = header.filter((column) => !(TRANSACTION_CSV_COLUMNS as readonly string[]).includes(column))
  if (unknown.length > 0)
    return refuse(
      `Unknown column${unknown.length > 1 ? 's' : ''} in the header: ` + `${unknown.join(', ').slice(0, 80)}`,
    )
  const twice = header.find((column, index) => header.indexOf(column) !== index)
  if (twice !== undefined) return refuse(`The header names the column ${twice} twice`)
  if (rows.length - 1 + ledger.length > MAX_TRANSACTIONS)
    return refuse(
      `The ledger holds at most ${MAX_TRANSACTIONS} transactions; this ` + `file has ${rows.length - 1}`,
    )

  const problems: CsvLineProblem[] = []
  const transactions: Omit<Transaction, 'id'>[] = []
  const lines: number[] = []
  const duplicates: CsvDuplicate[] = []
  for (const row of rows.slice(1)) {
    if (row.cells.length > header.length) {
      problems.push({
        line: row.line,
        reason: `${row.cells.length} fields where the header has ${header.length}`,
      })
      continue
    }
    const fields = Object.fromEntries(
      header
        .map((column, index) => [column, cellValue(column, row.cells[index] ?? '')])
        .filter(([, value]) => value !== ''),
    )
    const checked = transactionInputSchema.safeParse(fields)
    if (!checked.success) {
      problems.push({ line: row.line, reason: describeSchemaIssues(checked.error) })
      continue
    }
    const future = futureTimeProblem(checked.data.time, nowMs, screenZone())
    if (future) {
      problems.push({ line: row.line, reason: future })
      continue
    }
    const existing = ledger.find((transaction) => sameTrade(transaction, checked.data))
    if (existing) duplicates.push({ line: row.line, existingId: existing.id })
    else {
      transactions.push(checked.data)
      lines.push(row.line)
    }
  }
  if (problems.length > 0) return { ok: false, problems }
  const oversold = oversoldLine(transactions, lines, ledger)
  if (oversold) return { ok: false, problems: [oversold] }
  return { ok: true, transactions, duplicates }
}

/** The line of the first sell that would be larger than its holding once the lines join the ledger. */
function oversoldLine(
  transactions: readonly Omit<Transaction, 'id'>[],
  lines: readonly number[],
  ledger: readonly Transaction[],
): CsvLineProblem | null {
  // Ids after every id the ledger has, so the new lines replay after the ledger's at equal times.
  const imported = transactions.map((transaction, index) => ({ ...transaction, id: `t${10 ** 10 + index}` }))
  const replay = replayLedger([...ledger, ...imported], 'average')
  if (replay.ok) return null
  const index = imported.indexOf(replay.oversold.transaction as (typeof imported)[number])
  return { line: index >= 0 ? (lines[index] as number) : 0, reason: replay.oversold.message }
}

/** The problems as lines a person can read, every one listed. */
export function describeCsvProblems(problems: readonly CsvLineProblem[]): string[] {
  return problems.map((problem) =>
    problem.line > 0 ? `line ${problem.line}: ${problem.reason}` : problem.reason,
  )
}

/** The ledger in time order as CSV with a header row and CRLF line ends (RFC 4180). */
export function transactionsCsv(transactions: readonly Transaction[]): string {
  const rows = inTimeOrder(transactions).map((t) =>
    [t.time, t.symbol, t.side, t.quantity, t.price, t.fee, textCell(t.note)].join(','),
  )
  return [TRANSACTION_CSV_COLUMNS.join(','), ...rows].map((row) => `${row}\r\n`).join('')
}
