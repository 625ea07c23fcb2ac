import { Dec } from '../../../shared/decimal'
import type { LedgerPosition, QuantitySource, SourcedPosition } from '../../../shared/holdings'

/**
 * Where a position's quantity comes from (issue 48, item 4; docs/wallets.md, "Quantities"), in
 * decimal.js:
 *
 * - `ledger`: the ledger's position as replayed.
 * - `wallets`: the wallets' balance; the ledger gives it no cost basis, so the cost is null (never
 *   zero) and no P&L at cost is said of it.
 * - `wallets-ledger-cost`: the wallets' balance at the ledger's average cost per token. Holding
 *   less than the ledger, the cost is the ledger's cost x wallets / ledger (its average times the
 *   wallets' quantity, without rounding the average first); holding more, the ledger's whole cost,
 *   and the tokens beyond the ledger's have no cost basis (`uncosted`).
 *
 * Under either wallets choice the realized P&L stays the ledger's: sales are its record, not the
 * chain's. Symbols only the wallets hold join the positions; wallets are handed in by app/ (this
 * room does not read them).
 */

/** The wallets' quantity per symbol, or why they cannot give one now (said in place of it). */
export type WalletQuantities =
  { ok: true; bySymbol: ReadonlyMap<string, string> } | { ok: false; why: string }

export interface SourcedPositions {
  /** The source the figures use: the chosen one, or the ledger when the wallets cannot say. */
  source: QuantitySource
  /** The wallets chosen but unusable: why, and that the ledger's quantities stand in; else null. */
  fallback: string | null
  positions: SourcedPosition[]
}

/** The ledger's position as it is. */
export function fromLedger(position: LedgerPosition): SourcedPosition {
  return { ...position, quantityFrom: 'ledger', ledgerQuantity: position.quantity, uncosted: null }
}

const NOTHING: LedgerPosition = { symbol: '', quantity: '0', cost: '0', averageCost: null, realized: '0' }

function fromWallets(ledger: LedgerPosition, held: Dec, ledgerCost: boolean): SourcedPosition {
  const base = { ...ledger, quantity: held.toFixed(), quantityFrom: 'wallets' as const }
  const sourced = { ...base, ledgerQuantity: ledger.quantity }
  // Nothing held costs nothing: a zero here is true, not a missing cost basis.
  if (held.isZero()) return { ...sourced, cost: '0', averageCost: null, uncosted: null }
  const inLedger = new Dec(ledger.quantity)
  if (!ledgerCost || inLedger.isZero())
    return { ...sourced, cost: null, averageCost: null, uncosted: held.toFixed() }
  if (held.lte(inLedger))
    return {
      ...sourced,
      cost: new Dec(ledger.cost).times(held).dividedBy(inLedger).toFixed(),
      uncosted: null,
    }
  return { ...sourced, cost: ledger.cost, uncosted: held.minus(inLedger).toFixed() }
}

/** The ledger's positions made by `chosen`, with the wallets' quantities where it asks for them. */
export function sourcePositions(
  ledger: readonly LedgerPosition[],
  chosen: QuantitySource,
  wallets: WalletQuantities,
): SourcedPositions {
  if (chosen === 'ledger') return { source: 'ledger', fallback: null, positions: ledger.map(fromLedger) }
  if (!wallets.ok)
    return {
      source: 'ledger',
      fallback: `${wallets.why}: quantities from the ledger`,
      positions: ledger.map(fromLedger),
    }
  const bySymbol = new Map(ledger.map((position) => [position.symbol, position]))
  const inWalletsOnly = [...wallets.bySymbol]
    .filter(([symbol, quantity]) => !bySymbol.has(symbol) && !new Dec(quantity).isZero())
    .map(([symbol]) => ({ ...NOTHING, symbol }))
  const positions = [...ledger, ...inWalletsOnly]
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
    .map((position) =>
      fromWallets(
        position,
        new Dec(wallets.bySymbol.get(position.symbol) ?? 0),
        chosen === 'wallets-ledger-cost',
      ),
    )
  return { source: chosen, fallback: null, positions }
}
