import type { DecimalString } from './decimal'

/**
 * The holdings ledger and what is computed from it: plain types shared by the core that keeps and
 * values the ledger, the CLI that prints it and the window that will show it. Their schemas (what
 * a transaction may be) are holdings-schema.ts; every amount is a decimal string.
 */

/** The sides of a trade on the market (also what the service's trading capacity is asked for). */
export const TRADE_SIDES = ['buy', 'sell'] as const
export type TradeSide = (typeof TRADE_SIDES)[number]

/**
 * Every side a ledger line may have: the trades, and the transfers that move tokens without P&L
 * (issue 48: tokens moved from or to a wallet that is not yours, or between a wallet and an exchange).
 *
 * - `buy`: quantity in; cost += quantity x price + fee.
 * - `sell`: quantity out; realized += quantity x price - fee - the tokens' cost (average or FIFO).
 * - `transfer-in`: quantity in at the cost basis the user gives as `price` (dollars per token, zero
 *   allowed: tokens received as a gift); cost += quantity x price + fee, exactly as a buy, but no
 *   money changed hands for the tokens, so a value or cash-flow reading (a portfolio chart) must not
 *   count it as money put in.
 * - `transfer-out`: quantity out at its cost (average, or the oldest lots under FIFO), taken from the
 *   cost; `price` is always 0 (the schema refuses any other) and nothing is realized for the tokens;
 *   its fee (gas paid to move them) is money spent, realized as a loss.
 *
 * At one instant, tokens coming in (buy, transfer-in) replay before tokens going out.
 */
export const LEDGER_SIDES = [...TRADE_SIDES, 'transfer-in', 'transfer-out'] as const
export type LedgerSide = (typeof LEDGER_SIDES)[number]

/** Whether the side brings tokens into the position (buy, transfer-in) rather than taking them out. */
export function isInflow(side: LedgerSide): boolean {
  return side === 'buy' || side === 'transfer-in'
}

/** Whether the side moves tokens without a trade (no proceeds, no P&L on the tokens). */
export function isTransfer(side: LedgerSide): boolean {
  return side === 'transfer-in' || side === 'transfer-out'
}

/** Each side as a label: a button, a filter, a line of the ledger. */
export const SIDE_LABELS: Record<LedgerSide, string> = {
  buy: 'Buy',
  sell: 'Sell',
  'transfer-in': 'Transfer in',
  'transfer-out': 'Transfer out',
}

/** The side in words, for sentences: "transfer out". */
export function sideWords(side: LedgerSide): string {
  return SIDE_LABELS[side].toLowerCase()
}

/** Average cost (the default) or first in, first out. */
export const COST_METHODS = ['average', 'fifo'] as const
export type CostMethod = (typeof COST_METHODS)[number]

export interface Transaction {
  /** "t1", "t2", ...: given once by the ledger and never reused. */
  id: string
  /** ISO 8601 to the second with its offset, as entered: "2026-01-05T10:30:00-05:00". */
  time: string
  symbol: string
  side: LedgerSide
  /** Tokens: positive, at most 18 decimals. */
  quantity: DecimalString
  /** US dollars per token; a transfer in's cost basis per token; always 0 for a transfer out. */
  price: DecimalString
  /** US dollars, zero allowed. */
  fee: DecimalString
  note: string | null
}

/** A transaction as entered, before the ledger gives it an id; `fee` defaults to zero. */
export type TransactionInput = Omit<Transaction, 'id' | 'fee' | 'note'> & {
  fee?: DecimalString
  note?: string | null
}

/** One symbol's position after replaying its transactions in time order. */
export interface LedgerPosition {
  symbol: string
  quantity: DecimalString
  /** What the tokens still held cost, fees included; exactly "0" once sold to zero. */
  cost: DecimalString
  /** Cost per token held; null when nothing is held. */
  averageCost: DecimalString | null
  realized: DecimalString
}

/**
 * Where a position's quantity comes from (issue 48, Settings > Holdings; docs/wallets.md,
 * "Quantities"): the ledger (the default), the watched wallets' balance (no cost basis), or the
 * wallets' balance costed at the ledger's average cost per token.
 */
export const QUANTITY_SOURCES = ['ledger', 'wallets', 'wallets-ledger-cost'] as const
export type QuantitySource = (typeof QUANTITY_SOURCES)[number]

/** How the figures say their source: "Quantities: wallets, cost from ledger". */
export const QUANTITY_SOURCE_WORDS: Record<QuantitySource, string> = {
  ledger: 'ledger',
  wallets: 'wallets',
  'wallets-ledger-cost': 'wallets, cost from ledger',
}

/** A position as the chosen quantity source makes it, before it is valued. */
export interface SourcedPosition extends Omit<LedgerPosition, 'cost'> {
  /** null: no cost basis (the quantity is the wallets' and the ledger gives it none). Never a zero for it. */
  cost: DecimalString | null
  /** The ledger (as replayed) or the wallets' balance summed over every watched wallet and chain. */
  quantityFrom: 'ledger' | 'wallets'
  /** What the ledger holds of it ("0" when it never held it), shown beside a quantity from the wallets. */
  ledgerQuantity: DecimalString
  /** Of `quantity`, the tokens with no cost basis (the wallets hold more than the ledger); null: none. */
  uncosted: DecimalString | null
}

/** A position valued at the latest quote. Figures that need a price are null when it is missing. */
export interface ValuedPosition extends SourcedPosition {
  price: DecimalString | null
  value: DecimalString | null
  /** value - cost of the tokens with a cost basis; null without a price or without any cost basis. */
  unrealized: DecimalString | null
  /** A percent of cost: "12.5" is +12.5 %; null when nothing is held or the cost is zero. */
  unrealizedPct: DecimalString | null
  /** quantity x the service's 24 h price change. */
  dayChange: DecimalString | null
  /** Fair value per token: underlying price x shares multiplier, unrounded. */
  fairValue: DecimalString | null
  valueAtFairValue: DecimalString | null
  unrealizedAtFairValue: DecimalString | null
  /** value - value at fair value: what the position would lose if the premium closed. */
  premiumExposure: DecimalString | null
  /** The quote these figures use is stale: they are as old as it is. */
  stale: boolean
}

export interface HoldingsTotals {
  /** The cost of what has a cost basis; null when tokens are held and none has one (from wallets). */
  cost: DecimalString | null
  realized: DecimalString
  /**
   * Each null when any position still held lacks the figure: a total never leaves one out. The one
   * exception is a cost basis: the unrealized P&L sums the tokens that have one (each position's
   * `uncosted` says what is left out), and is null only when none has.
   */
  value: DecimalString | null
  unrealized: DecimalString | null
  dayChange: DecimalString | null
  valueAtFairValue: DecimalString | null
  premiumExposure: DecimalString | null
}

export interface HoldingsReport {
  method: CostMethod
  /** Where the quantities come from: the setting, or the ledger when the wallets cannot say. */
  quantitySource: QuantitySource
  /** The wallets were chosen but cannot give quantities now: why, in words; null otherwise. */
  quantityFallback: string | null
  /** When the quotes were fetched (ISO 8601). */
  asOf: string
  positions: ValuedPosition[]
  totals: HoldingsTotals
}

/** The ledger as the window sees it: every transaction in time order, and any problem with its file. */
export interface LedgerView {
  transactions: Transaction[]
  /** Why holdings.json could not be used (moved aside, unreadable), in plain words, or null. */
  problem: string | null
  /** After an add or an edit: a symbol the service does not list (kept: it may be delisted), or null. */
  warning?: string | null
}

/** A deleted transaction and where it stood: what the window hands back to Undo. */
export interface RemovedTransaction {
  transaction: Transaction
  index: number
  ledger: LedgerView
}

export interface TransactionsImportResult {
  /** How many were added: none when there is any problem (all lines or none). */
  added: number
  /** Every bad line with its number (0: the file as a whole) and why; empty when imported. */
  problems: { line: number; reason: string }[]
  /** Lines that repeat a transaction already kept, with the id they repeat: reported, not added. */
  duplicates: { line: number; existingId: string }[]
  ledger: LedgerView
}

/**
 * What main pushes to the window whenever the ledger, the cost method or a held symbol's quote
 * changes: the positions valued at the feed's latest quotes, with the totals, and why there are
 * none when the ledger cannot be replayed.
 */
export interface PortfolioUpdate extends HoldingsReport {
  /** The ledger does not add up (a file edited by hand), in plain words; null when it does. */
  problem: string | null
  /** Why the wallets cannot give quantities now (Settings says it beside the choice); null: they can. */
  walletsUnavailable: string | null
}

/** What every quantity, value and P&L shows while amounts are hidden (window and tray alike). */
export const HIDDEN_AMOUNT = '•••••'
