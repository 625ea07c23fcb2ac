import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { RefusedChange } from '../storage/refused-change'
import type { Transaction, TransactionInput } from '../../../shared/holdings'
import {
  futureTimeProblem,
  type HoldingsFileContent,
  holdingsFileSchema,
  MAX_TRANSACTIONS,
  transactionInputSchema,
} from '../../../shared/holdings-schema'
import { screenZone } from '../screen-time'
import { describeSchemaIssues, JsonFile, type JsonFileProblem } from '../storage/json-file'
import { replayLedger } from './ledger-replay'
import { readTransactionsCsv, type TransactionsCsvImport } from './transactions-csv'

export const HOLDINGS_FILE_NAME = 'holdings.json'

function emptyLedger(): HoldingsFileContent {
  return { version: 1, nextId: 1, transactions: [] }
}

function describeReadProblem(problem: JsonFileProblem): string {
  if (problem.movedTo)
    return (
      `Your holdings file was unreadable and was moved aside to ${problem.movedTo}` +
      `; the ledger starts empty. It ${problem.reason}.`
    )
  if (problem.kind === 'unreadable')
    return `Your holdings file could not be read (${problem.message}); changes are not saved.`
  return `Your holdings file could not be used (${problem.message}).`
}

/** A transaction as entered, checked field by field and against the clock; refusals name the field. */
export function checkTransactionInput(input: unknown, nowMs: number): Omit<Transaction, 'id'> {
  const checked = transactionInputSchema.safeParse(input)
  if (!checked.success) throw new RefusedChange('invalid-argument', describeSchemaIssues(checked.error))
  const future = futureTimeProblem(checked.data.time, nowMs, screenZone())
  // Not the contract's refusal (the same text is a fine time tomorrow): a rule of the present.
  if (future) throw new RefusedChange('failed', future)
  return checked.data
}

/** Refuses a ledger in which a sell is larger than the holding at its time. */
function requireConsistent(transactions: readonly Transaction[], what: string): void {
  const replay = replayLedger(transactions, 'average')
  if (!replay.ok) throw new RefusedChange('failed', `${what}: ${replay.oversold.message}.`)
}

function requireRoom(count: number): void {
  if (count > MAX_TRANSACTIONS)
    throw new RefusedChange('failed', `The ledger holds at most ${MAX_TRANSACTIONS} transactions`)
}

/**
 * The person's transactions in `holdings.json` in the user data folder, kept like the settings:
 * validated on read, every change a locked read-modify-write shared with the CLI, atomic writes,
 * a corrupt file moved aside and said. Every change re-checks the whole ledger in time order.
 */
export class HoldingsFile {
  private readonly file: JsonFile<HoldingsFileContent>
  private current: HoldingsFileContent = emptyLedger()
  /** What `remove` took out in this run, by id: all `restore` may put back. */
  private readonly deleted = new Map<string, Transaction>()
  private readProblem: string | null = null

  constructor(
    userDataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.file = new JsonFile(path.join(userDataDir, HOLDINGS_FILE_NAME), holdingsFileSchema, emptyLedger, {
      onProblem: (problem) => {
        if (problem.kind !== 'write-failed') this.readProblem = describeReadProblem(problem)
      },
    })
  }

  get filePath(): string {
    return this.file.path
  }

  async load(): Promise<Transaction[]> {
    this.readProblem = null
    this.current = (await this.file.read()).value
    return this.current.transactions
  }

  /** The transactions as last loaded or saved, in the order they were entered. */
  transactions(): Transaction[] {
    return this.current.transactions
  }

  /** The symbols with tokens still held, for the feed to poll. */
  heldSymbols(): string[] {
    const replay = replayLedger(this.current.transactions, 'average')
    return replay.ok ? replay.positions.filter((p) => p.quantity !== '0').map((p) => p.symbol) : []
  }

  /** What went wrong reading the file, in plain words, or null. */
  problem(): string | null {
    return this.readProblem
  }

  async add(input: TransactionInput): Promise<Transaction> {
    const entered = checkTransactionInput(input, this.now())
    const [added] = await this.addAll([entered], `Not added`)
    return added as Transaction
  }

  /**
   * Adds checked transactions all at once or not at all; `what` starts the refusal. Resolves to
   * them with their ids.
   */
  async addAll(entered: readonly Omit<Transaction, 'id'>[], what: string): Promise<Transaction[]> {
    let added: Transaction[] = []
    await this.change((ledger) => {
      const appended = withAppended(ledger, entered, what)
      added = appended.added
      return appended.ledger
    })
    return added
  }

  /**
   * Imports a transactions CSV against the ledger as it is on disk, under its lock: another
   * process (the command line) may have added a trade since this one last read it, and that trade
   * must be found a duplicate, not added twice. Every line or none.
   */
  async importCsv(bytes: Uint8Array): Promise<{ read: TransactionsCsvImport; added: Transaction[] }> {
    let read: TransactionsCsvImport = { ok: true, transactions: [], duplicates: [] }
    let added: Transaction[] = []
    await this.change((ledger) => {
      read = readTransactionsCsv(bytes, ledger.transactions, this.now())
      if (!read.ok || read.transactions.length === 0) return ledger
      const appended = withAppended(ledger, read.transactions, 'Nothing imported')
      added = appended.added
      return appended.ledger
    })
    return { read, added }
  }

  async edit(id: string, input: TransactionInput): Promise<Transaction> {
    const entered = checkTransactionInput(input, this.now())
    const edited: Transaction = { id, ...entered }
    await this.change((ledger) => {
      requireId(ledger, id)
      const transactions = ledger.transactions.map((t) => (t.id === id ? edited : t))
      requireConsistent(transactions, `Not changed`)
      return { ...ledger, transactions }
    })
    return edited
  }

  /** Deletes a transaction; resolves to it and where it stood, for `restore` (Undo). */
  async remove(id: string): Promise<{ transaction: Transaction; index: number }> {
    let removed = { transaction: null as unknown as Transaction, index: -1 }
    await this.change((ledger) => {
      const index = requireId(ledger, id)
      const transactions = ledger.transactions.filter((t) => t.id !== id)
      requireConsistent(transactions, `Not deleted`)
      removed = { transaction: ledger.transactions[index] as Transaction, index }
      return { ...ledger, transactions }
    })
    this.deleted.set(id, removed.transaction)
    return removed
  }

  /**
   * Puts a transaction deleted here back under its own id (ids are never given twice), exactly as
   * it was: Undo is no way round the checks an add or an edit makes.
   */
  async restore({ transaction, index }: { transaction: Transaction; index: number }): Promise<void> {
    await this.change((ledger) => {
      if (ledger.transactions.some((t) => t.id === transaction.id)) return ledger
      const deleted = this.deleted.get(transaction.id)
      if (deleted === undefined)
        throw new RefusedChange('not-found', `There is no deleted transaction ${transaction.id}`)
      if (!isDeepStrictEqual(deleted, transaction))
        throw new RefusedChange('failed', `Not restored: ${transaction.id} was not deleted with this content`)
      const transactions = [...ledger.transactions]
      transactions.splice(Math.min(index, transactions.length), 0, deleted)
      requireRoom(transactions.length)
      requireConsistent(transactions, `Not restored`)
      return { ...ledger, transactions }
    })
  }

  private async change(mutate: (ledger: HoldingsFileContent) => HoldingsFileContent): Promise<void> {
    this.current = await this.file.update(mutate)
  }
}

/** The ledger with `entered` after its transactions under new ids, checked as a whole. */
function withAppended(
  ledger: HoldingsFileContent,
  entered: readonly Omit<Transaction, 'id'>[],
  what: string,
): { ledger: HoldingsFileContent; added: Transaction[] } {
  const added = entered.map((transaction, index) => ({ id: `t${ledger.nextId + index}`, ...transaction }))
  const transactions = [...ledger.transactions, ...added]
  requireRoom(transactions.length)
  requireConsistent(transactions, what)
  return { ledger: { ...ledger, nextId: ledger.nextId + added.length, transactions }, added }
}

function requireId(ledger: HoldingsFileContent, id: string): number {
  const index = ledger.transactions.findIndex((t) => t.id === id)
  if (index < 0) throw new RefusedChange('not-found', `There is no transaction ${id.slice(0, 20)}`)
  return index
}
