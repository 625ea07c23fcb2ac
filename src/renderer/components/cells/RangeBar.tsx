import { memo, useMemo } from 'react'
import { Dec, isDecimalString } from '../../../shared/decimal'
import { formatPrice } from '../../format'

/**
 * Division to 12 significant digits: the fraction is a CSS position, shown to a whole percent at
 * most. The app's own `Dec` divides to 80 digits, which cost a millisecond per row on first paint.
 */
const Fraction = Dec.clone({ precision: 12 })

/**
 * Where a price sits in its 52-week range, 0 (at the low) to 1 (at the high), clamped: the
 * range is the underlying's daily closes, so an intraday price can poke outside it. The
 * differences are exact decimals; only the final fraction becomes a Number, for CSS.
 */
export function rangePosition(price: string | null, low: string | null, high: string | null): number | null {
  if (!isDecimalString(price) || !isDecimalString(low) || !isDecimalString(high)) return null
  const span = new Dec(high).minus(low)
  if (span.lte(0)) return null
  const position = new Fraction(new Dec(price).minus(low)).dividedBy(span).toNumber()
  return Math.min(1, Math.max(0, position))
}

/**
 * Re-rendered only when one of its three values changes: in practice the price, on every move.
 * The range's ends change once a day, so their formatting is kept from render to render.
 */
export const RangeBar = memo(function RangeBar(props: {
  price: string | null
  low: string | null
  high: string | null
}) {
  const { price, low, high } = props
  const ends = useMemo(() => ({ low: formatPrice(low), high: formatPrice(high) }), [low, high])
  const position = rangePosition(price, low, high)
  if (position === null) return <span className="muted">—</span>
  const percent = Math.round(position * 100)
  return (
    <span
      className="range"
      role="img"
      aria-label={`52-week range ${ends.low} to ${ends.high}, price at ${percent}% of the range`}
      title={`${ends.low} – ${ends.high}`}
    >
      <span className="range-track">
        <span className="range-fill" style={{ width: `${percent}%` }} />
        <span className="range-marker" style={{ left: `${percent}%` }} />
      </span>
    </span>
  )
})
