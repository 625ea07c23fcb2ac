import { useMemo } from 'react'
import { formatFullTime } from '../../shared/display-time'
import { SIDE_LABELS, type LedgerSide, type Transaction } from '../../shared/holdings'
import { measureLabel } from '../chart/chart-page'
import { useDisplayZone } from '../display-zone'
import { describeTrade } from '../ledger/ledger-api'
import { useLedger } from '../ledger/ledger-store'
import type { TradePlace } from './portfolio-model'

/** The glyph of each side under the axis: bought up, sold down, moved in or out a diamond. */
const SIDE_GLYPH: Record<string, string> = { buy: '▲', sell: '▼' }

function sideWords(side: string): string {
  return side in SIDE_LABELS ? SIDE_LABELS[side as LedgerSide] : side
}

/** A mark's tooltip: when, and what was done; with amounts hidden, the side and token only. */
function tradeTitle(
  trade: TradePlace,
  transaction: Transaction | undefined,
  hidden: boolean,
  zone: Parameters<typeof formatFullTime>[1],
): string {
  const when = formatFullTime(trade.t, zone, { year: true })
  const what =
    hidden || !transaction
      ? `${sideWords(trade.side)} ${trade.symbol}${hidden ? ' (amounts hidden)' : ''}`
      : describeTrade(transaction)
  return `${when}: ${what}`
}

/** Each transaction under the axis at its time, its words in its tooltip. */
export function TradeMarks({
  trades,
  width,
  hidden,
}: {
  trades: readonly TradePlace[]
  width: number | null
  hidden: boolean
}) {
  const zone = useDisplayZone()
  const transactions = useLedger((state) => state.view?.transactions)
  const byId = useMemo(() => new Map((transactions ?? []).map((each) => [each.id, each])), [transactions])
  if (trades.length === 0 || width === null) return null
  return (
    <div className="chart-marks chart-trade-marks" style={{ width }}>
      {trades.map((trade) => {
        const glyph = SIDE_GLYPH[trade.side] ?? '◆'
        const half = measureLabel(glyph) / 2
        return (
          <span
            key={trade.id}
            className={`chart-mark chart-trade-mark trade-${trade.side}`}
            data-t={trade.t}
            style={{ left: Math.min(Math.max(0, trade.x * width - half), width - 2 * half) }}
            title={tradeTitle(trade, byId.get(trade.id), hidden, zone)}
          >
            {glyph}
          </span>
        )
      })}
    </div>
  )
}
