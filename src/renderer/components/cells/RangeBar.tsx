import { memo } from 'react'
import { isDecimalString } from '../../../shared/decimal'
import { formatPrice } from '../../format'

/**
 * Where a price sits in its 52-week range, 0 (at the low) to 1 (at the high), clamped: the
 * range is the underlying's daily closes, so an intraday price can poke outside it. The fraction
 * is a CSS position, shown to a whole percent at most, so it is worked out in floating point: a
 * double's error is some 13 orders of magnitude below that, and an exact decimal division
 * (80 digits) cost a millisecond per row on first paint. No price is displayed from it.
 */
export function rangePosition(price: string | null, low: string | null, high: string | null): number | null {
  if (!isDecimalString(price) || !isDecimalString(low) || !isDecimalString(high)) return null
  const lowValue = Number(low)
  const span = Number(high) - lowValue
  if (!(span > 0)) return null
  return Math.min(1, Math.max(0, (Number(price) - lowValue) / span))
}

/** Re-rendered only when one of its three values changes. */
export const RangeBar = memo(function RangeBar(props: {
  price: string | null
  low: string | null
  high: string | null
}) {
  const { price, low, high } = props
  const position = rangePosition(price, low, high)
  if (position === null) return <span className="muted">—</span>
  const percent = Math.round(position * 100)
  const label = `52-week range ${formatPrice(low)} to ${formatPrice(high)}, price at ${percent}% of the range`
  return (
    <span
      className="range"
      role="img"
      aria-label={label}
      title={`${formatPrice(low)} – ${formatPrice(high)}`}
    >
      <span className="range-track">
        <span className="range-fill" style={{ width: `${percent}%` }} />
        <span className="range-marker" style={{ left: `${percent}%` }} />
      </span>
    </span>
  )
})
