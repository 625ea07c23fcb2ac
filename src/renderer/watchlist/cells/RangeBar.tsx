import { memo, useMemo } from 'react'
import { isDecimalString } from '../../../shared/decimal'
import { formatPrice } from '../../format'

/** A decimal string as a whole number of 10^-scale ("-12.5" at scale 3: -12500n). */
function unitsAt(text: string, scale: number): bigint {
  const [whole = '', fraction = ''] = text.split('.')
  return BigInt(whole + fraction.padEnd(scale, '0'))
}

function fractionDigits(text: string): number {
  const dot = text.indexOf('.')
  return dot < 0 ? 0 : text.length - dot - 1
}

/** The position's resolution: a millionth, where the bar shows whole percents. */
const PARTS = 1_000_000n

/**
 * Where a price sits in its 52-week range, 0 (at the low) to 1 (at the high), clamped: the
 * range is the underlying's daily closes, so an intraday price can poke outside it. Worked out on
 * whole numbers, exactly, to a millionth (cut off, never rounded across a whole percent); only
 * that becomes a Number, for CSS. (decimal.js took a tenth of a delta's render at 1,000 rows.)
 */
export function rangePosition(price: string | null, low: string | null, high: string | null): number | null {
  if (!isDecimalString(price) || !isDecimalString(low) || !isDecimalString(high)) return null
  const scale = Math.max(fractionDigits(price), fractionDigits(low), fractionDigits(high))
  const lowUnits = unitsAt(low, scale)
  const span = unitsAt(high, scale) - lowUnits
  if (span <= 0n) return null
  const parts = ((unitsAt(price, scale) - lowUnits) * PARTS) / span
  return Math.min(1, Math.max(0, Number(parts) / Number(PARTS)))
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
