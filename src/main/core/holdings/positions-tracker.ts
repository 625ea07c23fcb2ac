import type { AssetQuote } from '../../../shared/domain'
import type {
  CostMethod,
  LedgerPosition,
  PortfolioUpdate,
  Transaction,
  ValuedPosition,
} from '../../../shared/holdings'
import { replayLedger } from './ledger-replay'
import { holdingsTotals, valuePosition } from './valuation'
import { reportForWindow } from './window-figures'

/** What the tracker reads: the ledger, the chosen method, the feed's latest quotes and the clock. */
export interface PositionsSources {
  transactions(): readonly Transaction[]
  method(): CostMethod
  /** Built only when a held symbol's quote changed: on the worker's mirror it walks every row. */
  quotes(): ReadonlyMap<string, AssetQuote>
  now(): number
}

/** The figures a quote moves; a change elsewhere in the quote (holders, sessions) pushes nothing. */
const QUOTED_FIGURES = ['price', 'value', 'dayChange', 'fairValue', 'premiumExposure', 'stale'] as const

function sameFigures(a: ValuedPosition, b: ValuedPosition): boolean {
  return QUOTED_FIGURES.every((field) => a[field] === b[field])
}

/**
 * The positions the window shows, kept up to date in main. The ledger is replayed only when it or
 * the cost method changes; on the poll path a delta values again only the held symbols it touched
 * and pushes only when one of their figures moved, so a market of 1,000 rows with a handful held
 * costs a set lookup per changed row.
 */
export class PositionsTracker {
  private ledger = new Map<string, LedgerPosition>()
  private valued = new Map<string, ValuedPosition>()
  private method: CostMethod = 'average'
  private problem: string | null = null

  constructor(
    private readonly sources: PositionsSources,
    private readonly push: (update: PortfolioUpdate) => void,
  ) {}

  /** The ledger changed (or was loaded): replay it whole and push. */
  ledgerChanged(): void {
    this.method = this.sources.method()
    const replay = replayLedger(this.sources.transactions(), this.method)
    this.problem = replay.ok ? null : `Your holdings file does not add up: ${replay.oversold.message}.`
    this.ledger = new Map(replay.ok ? replay.positions.map((position) => [position.symbol, position]) : [])
    const quotes = this.ledger.size > 0 ? this.sources.quotes() : new Map<string, AssetQuote>()
    this.valued = new Map(
      [...this.ledger].map(([symbol, position]) => [symbol, valuePosition(position, quotes.get(symbol))]),
    )
    this.push(this.current())
  }

  /** The settings were saved: a new cost method replays the ledger, anything else changes nothing. */
  methodMaybeChanged(): void {
    if (this.sources.method() !== this.method) this.ledgerChanged()
  }

  /** Quotes changed for `symbols` (a delta's, or every symbol after a whole snapshot). */
  quotesChanged(symbols: Iterable<string>): void {
    let quotes: ReadonlyMap<string, AssetQuote> | null = null
    let moved = false
    for (const symbol of symbols) {
      const position = this.ledger.get(symbol)
      if (!position) continue
      quotes ??= this.sources.quotes()
      const revalued = valuePosition(position, quotes.get(symbol))
      if (sameFigures(revalued, this.valued.get(symbol) as ValuedPosition)) continue
      this.valued.set(symbol, revalued)
      moved = true
    }
    if (moved) this.push(this.current())
  }

  /** The positions as last valued, by symbol (the alert engine reads them). */
  bySymbol(): ReadonlyMap<string, ValuedPosition> {
    return this.valued
  }

  /** Every symbol in the ledger, held or sold to zero. */
  symbols(): Iterable<string> {
    return this.ledger.keys()
  }

  /** What the window is sent: the figures bounded to what it reads (window-figures.ts). */
  current(): PortfolioUpdate {
    const positions = [...this.valued.values()]
    return reportForWindow({
      method: this.method,
      asOf: new Date(this.sources.now()).toISOString(),
      positions,
      totals: holdingsTotals(positions),
      problem: this.problem,
    })
  }
}
