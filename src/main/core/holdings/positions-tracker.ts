import type { AssetQuote } from '../../../shared/domain'
import type {
  CostMethod,
  LedgerPosition,
  PortfolioUpdate,
  QuantitySource,
  SourcedPosition,
  Transaction,
  ValuedPosition,
} from '../../../shared/holdings'
import { replayLedger } from './ledger-replay'
import { type SourcedPositions, sourcePositions, type WalletQuantities } from './quantity-source'
import { holdingsTotals, valuePosition } from './valuation'
import { reportForWindow } from './window-figures'

/**
 * What the tracker reads: the ledger, the chosen method and quantity source, the wallets' latest
 * quantities, the feed's latest quotes and the clock.
 */
export interface PositionsSources {
  transactions(): readonly Transaction[]
  method(): CostMethod
  quantitySource(): QuantitySource
  /** The last reading of the watched wallets, or why there is none to use. */
  walletQuantities(): WalletQuantities
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
  /** The ledger's positions as replayed, whatever the quantity source. */
  private ledgerPositions: LedgerPosition[] = []
  /** The positions the figures are of: the ledger's, or made by the quantity source. */
  private positions = new Map<string, SourcedPosition>()
  private made: SourcedPositions = { source: 'ledger', fallback: null, positions: [] }
  private walletsUnavailable: string | null = null
  private valued = new Map<string, ValuedPosition>()
  private method: CostMethod = 'average'
  private source: QuantitySource = 'ledger'
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
    this.ledgerPositions = replay.ok ? replay.positions : []
    this.sourceChanged()
  }

  /** The quantity source or the wallets' quantities changed: the positions are made again and pushed. */
  sourceChanged(): void {
    this.source = this.sources.quantitySource()
    const wallets = this.sources.walletQuantities()
    this.walletsUnavailable = wallets.ok ? null : wallets.why
    // A ledger that does not add up has no positions, whatever the wallets hold.
    this.made = this.problem
      ? { source: 'ledger', fallback: null, positions: [] }
      : sourcePositions(this.ledgerPositions, this.source, wallets)
    this.positions = new Map(this.made.positions.map((position) => [position.symbol, position]))
    const quotes = this.positions.size > 0 ? this.sources.quotes() : new Map<string, AssetQuote>()
    this.valued = new Map(
      [...this.positions].map(([symbol, position]) => [symbol, valuePosition(position, quotes.get(symbol))]),
    )
    this.push(this.current())
  }

  /**
   * The settings were saved: a new cost method replays the ledger, a new quantity source makes the
   * positions again, anything else changes nothing.
   */
  methodMaybeChanged(): void {
    if (this.sources.method() !== this.method) this.ledgerChanged()
    else if (this.sources.quantitySource() !== this.source) this.sourceChanged()
  }

  /** A replay's positions (another cost method's, for `getHoldings`) made by the quantity source in use. */
  sourced(ledger: readonly LedgerPosition[]): SourcedPositions {
    return sourcePositions(ledger, this.sources.quantitySource(), this.sources.walletQuantities())
  }

  /** The ledger's quantity per symbol, whatever the quantity source (the wallets are compared with it). */
  ledgerQuantities(): ReadonlyMap<string, string> {
    return new Map(this.ledgerPositions.map((position) => [position.symbol, position.quantity]))
  }

  /** Quotes changed for `symbols` (a delta's, or every symbol after a whole snapshot). */
  quotesChanged(symbols: Iterable<string>): void {
    let quotes: ReadonlyMap<string, AssetQuote> | null = null
    let moved = false
    for (const symbol of symbols) {
      const position = this.positions.get(symbol)
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

  /** Every symbol of the positions, held or sold to zero (with wallets chosen, those they hold too). */
  symbols(): Iterable<string> {
    return this.positions.keys()
  }

  /** What the window is sent: the figures bounded to what it reads (window-figures.ts). */
  current(): PortfolioUpdate {
    const positions = [...this.valued.values()]
    return reportForWindow({
      method: this.method,
      quantitySource: this.made.source,
      quantityFallback: this.made.fallback,
      walletsUnavailable: this.walletsUnavailable,
      asOf: new Date(this.sources.now()).toISOString(),
      positions,
      totals: holdingsTotals(positions),
      problem: this.problem,
    })
  }
}
