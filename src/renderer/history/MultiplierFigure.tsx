import type { AssetQuote } from '../../shared/domain'
import { useDisplayZone } from '../display-zone'
import { formatExact, formatZonedDateTime } from '../format'
import { useMultiplierChange } from './multiplier-store'

/**
 * The shares multiplier with every digit sent, and, once it has changed while the app was open (a
 * split, a reinvested dividend), the change: "was 1.0011, changed Nov 23, 10:15:00 ET".
 */
export function MultiplierFigure({ quote }: { quote: AssetQuote }) {
  const change = useMultiplierChange(quote.symbol)
  const zone = useDisplayZone()
  const current = formatExact(quote.sharesMultiplier)
  if (!change || change.current !== quote.sharesMultiplier) return <>{current}</>
  return (
    <span className="multiplier-changed">
      <span className="multiplier-step">
        <span className="muted">{formatExact(change.previous)}</span> <span>→ {current}</span>
      </span>{' '}
      <span className="muted multiplier-when">changed {formatZonedDateTime(change.at, zone)}</span>
    </span>
  )
}
