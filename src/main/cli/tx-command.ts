import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { readEntry } from '../../shared/listing-index'
import { normalizeSymbolInput } from '../../shared/symbols'
import type { Transaction } from '../../shared/holdings'
import { MAX_CSV_BYTES } from '../../shared/holdings-schema'
import { HoldingsFile } from '../core/holdings/holdings-file'
import { RefusedChange } from '../core/storage/refused-change'
import { describeCsvProblems } from '../core/holdings/transactions-csv'
import { inTimeOrder } from '../core/holdings/ledger-replay'
import { defaultUserDataDir, USER_DATA_ENV } from '../core/storage/paths'
import { type CliIo, EXIT, UsageError, parseFlags, textTable, writeLine } from './io'
import type { StoredKeyReader } from './service-args'
import { didYouMean, listingIfAvailable } from './symbol-reading'

/** `tokenwatch tx add|list|import|remove`: the holdings ledger the app keeps, from the command line. */

export const TX_USAGE = `\
Usage: tokenwatch tx add --symbol S --side buy|sell|transfer-in|transfer-out --quantity Q
                         --price P [--fee F] [--time ISO] [--note TEXT]
       tokenwatch tx list [--json]
       tokenwatch tx import FILE
       tokenwatch tx remove ID

  add      record a buy or a sell; --price and --fee in US dollars, --time with its offset
           (like 2026-01-05T10:30:00-05:00; default now), --fee 0 by default; --symbol is read
           as the window reads it (brk-b is BRK.Bon) against the listing of the app's service,
           and one the service does not list is recorded as written and said; a transfer moves
           tokens without P&L: transfer-in's --price is the cost basis per token you give,
           transfer-out takes no --price (its tokens leave at their cost)
  list     every transaction in time order, or as JSON with --json
  import   a CSV with the header time,symbol,side,quantity,price[,fee][,note]: all lines or none
  remove   delete one transaction by its id (as \`tx list\` shows it)

The ledger is holdings.json in the app's data folder ($${USER_DATA_ENV} if set), shared with the app.
Every change re-checks the whole ledger: a sell or transfer out larger than the holding at its
time is refused.

Exit codes: 0 done, 1 the ledger file could not be used, 2 bad usage, bad input or a refused transaction.
`

export interface TxCommandDeps {
  now?: () => number
  /** The key stored for a base URL, used when TOKENWATCH_API_KEY is unset. Default: the OS keychain. */
  readStoredKey?: StoredKeyReader
  timeoutMs?: number
}

/**
 * The symbol as the window's form reads it: against the service's listing where it can be had
 * ("brk-b" is BRK.Bon), kept as written where the service does not list it (it may be delisted),
 * with what was read or not listed in `notes`, said once the transaction is added.
 */
async function symbolAsListed(
  input: string,
  io: CliIo,
  deps: TxCommandDeps,
): Promise<{ symbol: string; notes: string[] }> {
  const asWritten = normalizeSymbolInput(input)
  if (!asWritten.ok)
    throw new UsageError(`--symbol: "${input.slice(0, 40)}" is not a token symbol: ${asWritten.reason}.`)
  const listing = await listingIfAvailable('tx add', io, deps)
  if (typeof listing === 'string')
    return {
      symbol: asWritten.symbol,
      notes: [`note: ${asWritten.symbol} not checked against the service's ` + `listing (${listing}).`],
    }
  const reading = readEntry(input, listing)
  if (reading.symbol === null)
    return {
      symbol: asWritten.symbol,
      notes: [
        `note: the service does not list ${asWritten.symbol}; recorded ` +
          `as written${didYouMean(reading.guess)}`,
      ],
    }
  return { symbol: reading.symbol, notes: reading.readAs ? [`${input} read as ${reading.symbol}`] : [] }
}

/** The one argument after a subcommand (FILE, ID), with no flags. */
function positional(argv: string[], what: string): string {
  const [value, ...rest] = argv
  if (value === undefined || value.startsWith('-')) throw new UsageError(`give the ${what}.`)
  if (rest.length > 0) throw new UsageError(`unexpected argument "${String(rest[0]).slice(0, 40)}".`)
  return value
}

function listTable(transactions: readonly Transaction[]): string {
  const rows = [
    ['ID', 'TIME', 'SIDE', 'SYMBOL', 'QUANTITY', 'PRICE', 'FEE', 'NOTE'],
    ...inTimeOrder(transactions).map((t) => [
      t.id,
      t.time,
      t.side,
      t.symbol,
      t.quantity,
      t.price,
      t.fee,
      t.note ?? '',
    ]),
  ]
  return textTable(rows)
}

async function add(argv: string[], file: HoldingsFile, io: CliIo, deps: TxCommandDeps): Promise<number> {
  const now = deps.now ?? Date.now
  const values = parseFlags(argv, {
    symbol: { type: 'string' },
    side: { type: 'string' },
    quantity: { type: 'string' },
    price: { type: 'string' },
    fee: { type: 'string' },
    time: { type: 'string' },
    note: { type: 'string' },
  })
  for (const required of ['symbol', 'side', 'quantity'] as const)
    if (values[required] === undefined) throw new UsageError(`--${required} is required.`)
  // A transfer out has no price (holdings.ts): its tokens leave at their cost.
  const price = values.price ?? (values.side === 'transfer-out' ? '0' : undefined)
  if (price === undefined) throw new UsageError('--price is required.')
  const symbol = await symbolAsListed(values.symbol as string, io, deps)
  const added = await file.add({
    symbol: symbol.symbol,
    side: values.side as Transaction['side'],
    quantity: values.quantity as string,
    price,
    fee: values.fee,
    time: values.time ?? new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    note: values.note ?? null,
  })
  for (const note of symbol.notes) writeLine(io.stderr, note)
  writeLine(
    io.stdout,
    `Added ${added.id}: ${added.side} ${added.quantity} ${added.symbol}` +
      ` at ${added.price} (fee ${added.fee}) on ${added.time}.`,
  )
  return EXIT.ok
}

async function importFile(argv: string[], file: HoldingsFile, io: CliIo): Promise<number> {
  const csvPath = path.resolve(positional(argv, 'CSV file to import'))
  const size = (await stat(csvPath).catch(() => null))?.size
  if (size === undefined) throw new UsageError(`cannot read ${csvPath}.`)
  // Checked before reading, so a huge file is never loaded whole.
  if (size > MAX_CSV_BYTES)
    throw new UsageError(
      `${csvPath} is ${(size / 1024 / 1024).toFixed(1)} MB; a transactions ` +
        `CSV may be at most ${MAX_CSV_BYTES / 1024 / 1024} MB. Nothing imported.`,
    )
  const { read, added } = await file.importCsv(await readFile(csvPath))
  if (!read.ok) {
    const problems = describeCsvProblems(read.problems)
    writeLine(
      io.stderr,
      `tokenwatch tx import: nothing imported from ${csvPath}: ${problems.length}` +
        ` problem${problems.length > 1 ? 's' : ''}.`,
    )
    for (const problem of problems) writeLine(io.stderr, `  ${problem}`)
    return EXIT.usage
  }
  for (const duplicate of read.duplicates)
    writeLine(
      io.stderr,
      `note: line ${duplicate.line} is already in the ledger as ${duplicate.existingId}` +
        `; not added again.`,
    )
  const skipped = read.duplicates.length
  writeLine(
    io.stdout,
    `Imported ${added.length} transaction${added.length === 1 ? '' : 's'}` +
      (skipped > 0 ? `; ${skipped} duplicate${skipped === 1 ? '' : 's'} skipped` : '') +
      '.',
  )
  return EXIT.ok
}

export async function runTxCommand(argv: string[], io: CliIo, deps: TxCommandDeps = {}): Promise<number> {
  const [sub, ...rest] = argv
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    io.stdout.write(TX_USAGE)
    return sub === undefined ? EXIT.usage : EXIT.ok
  }
  const now = deps.now ?? Date.now
  const file = new HoldingsFile(defaultUserDataDir(io.env), now)
  await file.load()
  const problem = file.problem()
  // Adding to an empty ledger in place of the person's own would hide what they had.
  if (problem) {
    writeLine(io.stderr, `tokenwatch tx: ${problem}`)
    if (sub !== 'list') return EXIT.failed
  }
  try {
    switch (sub) {
      case 'add':
        return await add(rest, file, io, deps)
      case 'list': {
        const values = parseFlags(rest, { json: { type: 'boolean' } })
        const transactions = inTimeOrder(file.transactions())
        if (values.json) io.stdout.write(`${JSON.stringify(transactions, null, 2)}\n`)
        else if (transactions.length === 0)
          writeLine(io.stdout, 'No transactions yet (add one with `tokenwatch tx add`).')
        else writeLine(io.stdout, listTable(transactions))
        return EXIT.ok
      }
      case 'import':
        return await importFile(rest, file, io)
      case 'remove': {
        const removed = (await file.remove(positional(rest, 'id of the transaction to remove'))).transaction
        writeLine(
          io.stdout,
          `Removed ${removed.id}: ${removed.side} ${removed.quantity} ${removed.symbol}` +
            ` on ${removed.time}.`,
        )
        return EXIT.ok
      }
      default:
        throw new UsageError(`unknown subcommand "${sub.slice(0, 20)}": add, list, import or remove.`)
    }
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof RefusedChange)) throw error
    writeLine(
      io.stderr,
      `tokenwatch tx ${sub}: ${error.message}` +
        (error instanceof UsageError ? ' (see tokenwatch tx --help)' : ''),
    )
    return EXIT.usage
  }
}
