import type { AssetQuote } from '../../../shared/domain'
import { usePortfolio } from '../../holdings/portfolio-store'
import { PositionAtBidsLine } from '../../holdings/AtBids'
import { useAmountsHidden } from '../../holdings/HiddenAmount'
import { HoldingCell } from './HoldingCell'

/**
 * The Holdings tab's value: the position at its display price, and under it what selling the
 * whole quantity at the bids would fetch now (or why that cannot be said).
 */
export function ValueAtBidsCell({ quote }: { quote: AssetQuote }) {
  const display = usePortfolio((state) => state.positions.get(quote.symbol)?.value ?? null)
  const hidden = useAmountsHidden()
  return (
    <span className="value-at-bids">
      <HoldingCell symbol={quote.symbol} quoteStale={quote.stale} column="positionValue" />
      <PositionAtBidsLine symbol={quote.symbol} display={display} hidden={hidden} />
    </span>
  )
}
