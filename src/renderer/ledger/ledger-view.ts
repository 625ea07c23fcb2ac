import { Dec } from '../../shared/decimal'
import type { LedgerSide, Transaction } from '../../shared/holdings'
import { easternClock } from '../../shared/session-clock'
import { type DisplayZone, formatFullTime } from '../../shared/display-time'

/**
 * The ledger as the window lists it: which transactions a filter keeps, in which order, and how a
 * trade's time and amount read. Plain functions (no zod, no React), so the lists and their tests
 * share them.
 */

export interface LedgerFilter {
  /** One symbol, or '' for all. */
  symbol: string
  side: LedgerSide | ''
  /** Words to find in the symbol, the note, the time as entered or the id; '' for all. */
  text: string
}

export type LedgerSortKey = 'time' | 'symbol' | 'amount'
export interface LedgerSort {
  key: LedgerSortKey
  direction: 'asc' | 'desc'
}

export const NO_FILTER: LedgerFilter = { symbol: '', side: '', text: '' }
/** Newest first: what was just entered is what a person looks for. */
export const NEWEST_FIRST: LedgerSort = { key: 'time', direction: 'desc' }

/** What the trade moved in US dollars before its fee: quantity x price, exact. */
export function tradeAmount(transaction: Pick<Transaction, 'quantity' | 'price'>): string {
  return new Dec(transaction.quantity).times(transaction.price).toString()
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

/** A trade's time in the zone Settings chose, to the second, with its year: a ledger spans years. */
export function formatTradeTime(time: string, zone: DisplayZone): string {
  return formatFullTime(Date.parse(time), zone, { year: true })
}

/** `ms` as the market's wall clock with its offset, to the second: "2026-11-17T11:32:10-05:00". */
export function marketTimeIso(ms: number): string {
  const wholeSecond = Math.floor(ms / 1000) * 1000
  const clock = easternClock(wholeSecond)
  const [year, month, day] = clock.date.split('-').map(Number) as [number, number, number]
  const wallAsUtc = Date.UTC(year, month - 1, day, clock.hour, clock.minute, clock.second)
  const offsetMinutes = Math.round((wallAsUtc - wholeSecond) / 60_000)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const minutes = Math.abs(offsetMinutes)
  const offset = `${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
  return `${clock.date}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}${offset}`
}

function matches(transaction: Transaction, filter: LedgerFilter): boolean {
  if (filter.symbol !== '' && transaction.symbol !== filter.symbol) return false
  if (filter.side !== '' && transaction.side !== filter.side) return false
  const words = filter.text.trim().toLowerCase()
  if (words === '') return true
  const haystack = [transaction.symbol, transaction.note ?? '', transaction.time, transaction.id]
    .join(' ')
    .toLowerCase()
  return words.split(/\s+/).every((word) => haystack.includes(word))
}

function compare(a: Transaction, b: Transaction, key: LedgerSortKey): number {
  if (key === 'symbol') return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0
  if (key === 'amount') return new Dec(tradeAmount(a)).comparedTo(tradeAmount(b))
  return Date.parse(a.time) - Date.parse(b.time)
}

/**
 * The transactions the filter keeps, in the sort's order. `transactions` come in the ledger's time
 * order (main's), which breaks every tie, so equal keys keep the order they were replayed in.
 */
export function shownTransactions(
  transactions: readonly Transaction[],
  filter: LedgerFilter,
  sort: LedgerSort,
): Transaction[] {
  const kept = transactions
    .map((transaction, index) => ({ transaction, index }))
    .filter(({ transaction }) => matches(transaction, filter))
  const direction = sort.direction === 'asc' ? 1 : -1
  return kept
    .sort((a, b) => direction * (compare(a.transaction, b.transaction, sort.key) || a.index - b.index))
    .map(({ transaction }) => transaction)
}

/** The symbols the ledger has, each once, in order: the choices of the symbol filter. */
export function ledgerSymbols(transactions: readonly Transaction[]): string[] {
  return [...new Set(transactions.map((transaction) => transaction.symbol))].sort()
}
