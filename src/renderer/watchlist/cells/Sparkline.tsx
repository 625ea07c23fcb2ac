import { memo, useMemo } from 'react'
import { compareDecimalStrings } from '../../../shared/decimal'
import type { HistoryPoint } from '../../../shared/domain'
import { historyAxis, type TradingAxis } from '../../../shared/trading-axis'
import { useWatch } from '../../store/watch-store'

/**
 * Screen coordinates for a price history on its trading-time axis (closed stretches squeezed to
 * thin gaps), normalised to the box by the min and max price. The prices go through Number here
 * and only here: a y-coordinate needs a fraction of a pixel, not the price's exact digits, and a
 * double is exact to far below a pixel for any price.
 */
function chartPoints(
  history: readonly HistoryPoint[],
  axis: TradingAxis | null,
  width: number,
  height: number,
  padding = 1,
): { x: number; y: number }[] {
  if (history.length < 2 || axis === null) return []
  const prices = history.map((point) => Number(point.price))
  const low = Math.min(...prices)
  const high = Math.max(...prices)
  const range = high - low || 1
  return history.map((point, index) => ({
    x: padding + axis.x(point.t) * (width - 2 * padding),
    // A flat history draws along the middle rather than the bottom edge.
    y:
      high === low
        ? height / 2
        : padding + (1 - ((prices[index] as number) - low) / range) * (height - 2 * padding),
  }))
}

function toPolyline(points: readonly { x: number; y: number }[]): string {
  return points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')
}

/** Up, down or flat over the history: colours the line. */
export function historyDirection(history: readonly HistoryPoint[]): 'up' | 'down' | 'flat' {
  const order = compareDecimalStrings(history[history.length - 1]?.price, history[0]?.price)
  return order > 0 ? 'up' : order < 0 ? 'down' : 'flat'
}

const WIDTH = 76
const HEIGHT = 22

/** The history's trading-time axis, rebuilt only when the history or the token's sessions change. */
export function useHistoryAxis(history: readonly HistoryPoint[], offHours: boolean): TradingAxis | null {
  return useMemo(
    () =>
      historyAxis(
        history.map((point) => point.t),
        offHours,
      ),
    [history, offHours],
  )
}

/** The closed stretches of an axis, as x ranges in px on a plot `width` wide inside `padding`. */
function gapRanges(axis: TradingAxis | null, width: number, padding: number) {
  const span = width - 2 * padding
  return (axis?.segments ?? [])
    .filter((segment) => segment.gap)
    .map((gap) => ({
      start: gap.start,
      end: gap.end,
      x0: padding + gap.x0 * span,
      x1: padding + gap.x1 * span,
    }))
}

/**
 * The 24h history as a small line on trading time, a weekend or holiday a thin shaded gap; drawn
 * only when the history itself changes. `offHours`: the token trades off-hours, so its market
 * never closes and nothing is squeezed.
 */
export const Sparkline = memo(function Sparkline({
  history,
  offHours,
}: {
  history: readonly HistoryPoint[]
  offHours: boolean
}) {
  const pending = useWatch((state) => state.historyPending)
  const axis = useHistoryAxis(history, offHours)
  const points = chartPoints(history, axis, WIDTH, HEIGHT)
  // Blank while the histories are on their way, a dash once it is known there is none.
  if (points.length === 0) return pending ? null : <span className="muted">—</span>
  const direction = historyDirection(history)
  return (
    <svg
      className={`sparkline trend-${direction}`}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`24 hour trend ${direction}`}
    >
      {gapRanges(axis, WIDTH, 1).map((gap) => (
        <rect
          key={gap.start}
          className="sparkline-gap"
          x={gap.x0}
          y={0}
          width={gap.x1 - gap.x0}
          height={HEIGHT}
        />
      ))}
      <polyline points={toPolyline(points)} fill="none" strokeWidth="1.25" strokeLinejoin="round" />
    </svg>
  )
})
