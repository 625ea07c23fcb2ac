import { memo } from 'react'
import { compareDecimalStrings } from '../../shared/decimal'
import type { HistoryPoint } from '../../shared/domain'
import { formatHourMinute, formatPrice } from '../format'
import { useWatch } from '../store/watch-store'
import { chartPoints, historyDirection, toPolyline } from './cells/Sparkline'

const WIDTH = 360
const HEIGHT = 150
const PLOT_HEIGHT = 128
const AXIS_Y = PLOT_HEIGHT + 16
const HOUR_MS = 3_600_000
/** A time mark every few hours, so 24 hours get five or six labels. */
const TICK_EVERY_MS = 4 * HOUR_MS
/** Half a label's width: a mark closer to an edge than this is left out, or its label would be cut. */
const EDGE_LABEL_MARGIN = 16

/** Marks on whole local hours divisible by four (00:00, 04:00, ...), as the axis labels read. */
function timeTicks(first: number, last: number): number[] {
  const ticks: number[] = []
  const offsetMs = (t: number) => new Date(t).getTimezoneOffset() * 60_000
  const firstLocal = first - offsetMs(first)
  for (let local = Math.ceil(firstLocal / TICK_EVERY_MS) * TICK_EVERY_MS; ; local += TICK_EVERY_MS) {
    const t = local + offsetMs(local)
    if (t > last) return ticks
    ticks.push(t)
  }
}

/** The detail panel's 24h chart: the line with a soft area under it, a time axis and the range. */
export const PriceChart = memo(function PriceChart({ history }: { history: readonly HistoryPoint[] }) {
  const pending = useWatch((state) => state.historyPending)
  const points = chartPoints(history, WIDTH, PLOT_HEIGHT, 4)
  const first = history[0]
  const last = history[history.length - 1]
  if (points.length === 0 || !first || !last)
    return <p className="muted chart-empty">{pending ? 'Loading the 24h history…' : 'No 24h history yet.'}</p>
  const direction = historyDirection(history)
  const prices = history.map((point) => point.price)
  // The extremes compared as decimals, so the labels show the exact values the service sent.
  const byValue = [...prices].sort(compareDecimalStrings)
  const span = last.t - first.t || 1
  const area = `4,${PLOT_HEIGHT} ${toPolyline(points)} ${WIDTH - 4},${PLOT_HEIGHT}`
  const label = `24 hour price chart, from ${formatPrice(first.price)} to ${formatPrice(last.price)}, low ${formatPrice(byValue[0])}, high ${formatPrice(byValue[byValue.length - 1])}`
  return (
    <figure className="chart">
      <svg
        className={`chart-svg trend-${direction}`}
        width={WIDTH}
        height={HEIGHT}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
      >
        {timeTicks(first.t, last.t).map((t) => {
          const x = 4 + ((t - first.t) / span) * (WIDTH - 8)
          if (x < EDGE_LABEL_MARGIN || x > WIDTH - EDGE_LABEL_MARGIN) return null
          return (
            <g key={t} className="chart-tick">
              <line x1={x} x2={x} y1={0} y2={PLOT_HEIGHT} />
              <text x={x} y={AXIS_Y} textAnchor="middle">
                {formatHourMinute(t)}
              </text>
            </g>
          )
        })}
        <polygon className="chart-area" points={area} />
        <polyline
          className="chart-line"
          points={toPolyline(points)}
          fill="none"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
      <figcaption className="chart-range">
        <span>
          Low <span className="num">{formatPrice(byValue[0])}</span>
        </span>
        <span>
          High <span className="num">{formatPrice(byValue[byValue.length - 1])}</span>
        </span>
      </figcaption>
    </figure>
  )
})
