import { memo } from 'react'
import { compareDecimalStrings } from '../../../shared/decimal'
import type { HistoryPoint } from '../../../shared/domain'
import { useWatch } from '../../store/watch-store'

/**
 * Screen coordinates for a price history, normalised to the box by the min and max price. The
 * prices go through Number here and only here: a y-coordinate needs a fraction of a pixel, not
 * the price's exact digits, and a double is exact to far below a pixel for any price.
 */
export function chartPoints(
  history: readonly HistoryPoint[],
  width: number,
  height: number,
  padding = 1,
): { x: number; y: number }[] {
  if (history.length < 2) return []
  const prices = history.map((point) => Number(point.price))
  const times = history.map((point) => point.t)
  const low = Math.min(...prices)
  const high = Math.max(...prices)
  const first = times[0] as number
  const span = (times[times.length - 1] as number) - first || 1
  const range = high - low || 1
  return history.map((_, index) => ({
    x: padding + (((times[index] as number) - first) / span) * (width - 2 * padding),
    // A flat history draws along the middle rather than the bottom edge.
    y:
      high === low
        ? height / 2
        : padding + (1 - ((prices[index] as number) - low) / range) * (height - 2 * padding),
  }))
}

export function toPolyline(points: readonly { x: number; y: number }[]): string {
  return points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')
}

/** Up, down or flat over the history: colours the line. */
export function historyDirection(history: readonly HistoryPoint[]): 'up' | 'down' | 'flat' {
  const order = compareDecimalStrings(history[history.length - 1]?.price, history[0]?.price)
  return order > 0 ? 'up' : order < 0 ? 'down' : 'flat'
}

const WIDTH = 76
const HEIGHT = 22

/** The 24h history as a small line, drawn only when the history itself changes. */
export const Sparkline = memo(function Sparkline({ history }: { history: readonly HistoryPoint[] }) {
  const pending = useWatch((state) => state.historyPending)
  const points = chartPoints(history, WIDTH, HEIGHT)
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
      <polyline points={toPolyline(points)} fill="none" strokeWidth="1.25" strokeLinejoin="round" />
    </svg>
  )
})
