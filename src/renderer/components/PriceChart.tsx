import { memo, useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { axisLabels } from '../../shared/axis-labels'
import { compareDecimalStrings } from '../../shared/decimal'
import type { HistoryPoint } from '../../shared/domain'
import { SESSION_LABEL } from '../../shared/alert-text'
import { sessionSpans } from '../../shared/trading-axis'
import { formatDateTime, formatExact, formatPrice } from '../format'
import { useWatch } from '../store/watch-store'
import { chartPoints, gapRanges, historyDirection, toPolyline, useHistoryAxis } from './cells/Sparkline'

const WIDTH = 360
const HEIGHT = 150
const PLOT_HEIGHT = 128
const AXIS_Y = PLOT_HEIGHT + 16
const PADDING = 4
/** PageUp / PageDown move the crosshair by this many points (an hour of 15-minute points). */
const PAGE_POINTS = 4

/** The axis labels' font: .chart-tick text in panels.css, in the UI font; a day's label is bold. */
const labelFont = () =>
  `600 10px ${getComputedStyle(document.documentElement).getPropertyValue('--font-ui').trim() || 'sans-serif'}`
const LABEL_SLACK_PX = 4

let labelContext: CanvasRenderingContext2D | null | undefined
const labelWidths = new Map<string, number>()

/**
 * How wide an axis label is drawn, measured once per text on a canvas (bold, the wider case), with
 * a few px to spare for a fallback font. The e2e tests check the drawn boxes do not overlap.
 */
function measureLabel(text: string): number {
  let width = labelWidths.get(text)
  if (width === undefined) {
    if (labelContext === undefined) {
      labelContext = document.createElement('canvas').getContext('2d')
      if (labelContext) labelContext.font = labelFont()
    }
    width = (labelContext ? labelContext.measureText(text).width : text.length * 7) + LABEL_SLACK_PX
    labelWidths.set(text, width)
  }
  return width
}

/** The point nearest to x (px), by its x on the chart. */
function nearestIndex(points: readonly { x: number }[], x: number): number {
  let best = 0
  for (let i = 1; i < points.length; i++)
    if (Math.abs((points[i] as { x: number }).x - x) < Math.abs((points[best] as { x: number }).x - x))
      best = i
  return best
}

/** Where the crosshair goes for a key, or undefined for a key it does not take. */
function movedIndex(key: string, index: number | null, count: number): number | null | undefined {
  const last = count - 1
  const from = index ?? last
  switch (key) {
    case 'ArrowLeft':
      return index === null ? last : Math.max(0, from - 1)
    case 'ArrowRight':
      return index === null ? last : Math.min(last, from + 1)
    case 'PageUp':
      return Math.max(0, from - PAGE_POINTS)
    case 'PageDown':
      return Math.min(last, from + PAGE_POINTS)
    case 'Home':
      return 0
    case 'End':
      return last
    case 'Escape':
      // With no crosshair shown, Escape is left to the panel (which closes).
      return index === null ? undefined : null
    default:
      return undefined
  }
}

/**
 * The detail panel's 24h chart on trading time: sessions shaded, a closed weekend or holiday a
 * thin gap with a break mark, time labels that never overlap (and name the day when the window
 * crosses days), and a crosshair showing the exact time and price of the point under the pointer.
 * The crosshair also moves by keyboard (arrows, PageUp/PageDown, Home/End, Escape), and what it
 * shows is announced.
 */
export const PriceChart = memo(function PriceChart({
  history,
  offHours,
}: {
  history: readonly HistoryPoint[]
  offHours: boolean
}) {
  const pending = useWatch((state) => state.historyPending)
  const axis = useHistoryAxis(history, offHours)
  const points = useMemo(() => chartPoints(history, axis, WIDTH, PLOT_HEIGHT, PADDING), [history, axis])
  // The crosshair holds its point's time, so a history that gains a point keeps it where it was.
  const [cursorAt, setCursorAt] = useState<number | null>(null)
  const first = history[0]
  const last = history[history.length - 1]
  if (points.length === 0 || !first || !last || !axis)
    return <p className="muted chart-empty">{pending ? 'Loading the 24h history…' : 'No 24h history yet.'}</p>

  const span = WIDTH - 2 * PADDING
  const xOf = (t: number) => PADDING + axis.x(t) * span
  const direction = historyDirection(history)
  const prices = history.map((point) => point.price)
  // The extremes compared as decimals, so the labels show the exact values the service sent.
  const byValue = [...prices].sort(compareDecimalStrings)
  const area = `${PADDING},${PLOT_HEIGHT} ${toPolyline(points)} ${WIDTH - PADDING},${PLOT_HEIGHT}`
  const label = `24 hour price chart, from ${formatPrice(first.price)} to ${formatPrice(last.price)}, low ${formatPrice(byValue[0])}, high ${formatPrice(byValue[byValue.length - 1])}`
  const gaps = gapRanges(axis, WIDTH, PADDING)
  const bands = sessionSpans(first.t, last.t, offHours)
  const labels = axisLabels(axis, { width: WIDTH, padding: PADDING, measure: measureLabel })

  const found = cursorAt === null ? -1 : history.findIndex((point) => point.t === cursorAt)
  const cursor = found >= 0 ? found : null
  const cursorPoint = cursor === null ? null : history[cursor]
  const cursorXY = cursor === null ? null : points[cursor]

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const x = ((event.clientX - box.left) / box.width) * WIDTH
    setCursorAt(history[nearestIndex(points, x)]?.t ?? null)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = movedIndex(event.key, cursor, history.length)
    if (next === undefined) return
    event.preventDefault()
    setCursorAt(next === null ? null : (history[next]?.t ?? null))
  }

  return (
    <figure
      className="chart"
      tabIndex={0}
      aria-label={`${label}. Arrow keys move a crosshair over the points.`}
      onKeyDown={onKeyDown}
      onBlur={() => setCursorAt(null)}
    >
      <p className="chart-readout" aria-live="polite" aria-atomic="true">
        {cursorPoint ? (
          <>
            <span className="chart-readout-time">{formatDateTime(cursorPoint.t)}</span>{' '}
            <span className="num chart-readout-price">{formatExact(cursorPoint.price)}</span>
          </>
        ) : (
          <span className="muted">Point at the chart, or focus it and use the arrow keys.</span>
        )}
      </p>
      <svg
        className={`chart-svg trend-${direction}`}
        width={WIDTH}
        height={HEIGHT}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        // The figure around it carries the description, and the readout the crosshair's point.
        aria-hidden="true"
        onPointerMove={onPointerMove}
        onPointerLeave={() => setCursorAt(null)}
      >
        {bands.map((band) => (
          <rect
            key={band.start}
            className={`chart-band band-${band.session}`}
            x={xOf(band.start)}
            y={0}
            width={Math.max(0, xOf(band.end) - xOf(band.start))}
            height={PLOT_HEIGHT}
          >
            <title>{SESSION_LABEL[band.session]} session</title>
          </rect>
        ))}
        {gaps.map((gap) => (
          <g key={gap.start} className="chart-gap-mark">
            <rect className="chart-gap" x={gap.x0} y={0} width={gap.x1 - gap.x0} height={PLOT_HEIGHT} />
            {/* A break mark on the baseline: two short slashes, as on a broken axis. */}
            <path
              className="chart-break"
              d={`M${gap.x0 - 2},${PLOT_HEIGHT + 4} l4,-8 M${gap.x1 - 2},${PLOT_HEIGHT + 4} l4,-8`}
            />
            <title>{`Market closed ${formatDateTime(gap.start)} to ${formatDateTime(gap.end)}`}</title>
          </g>
        ))}
        {labels.map((tick) => (
          <g key={tick.t} className={tick.namesDay ? 'chart-tick chart-tick-day' : 'chart-tick'}>
            <line x1={tick.x} x2={tick.x} y1={0} y2={PLOT_HEIGHT} />
            <text x={tick.x} y={AXIS_Y} textAnchor="middle">
              {tick.text}
            </text>
          </g>
        ))}
        <polygon className="chart-area" points={area} />
        <polyline
          className="chart-line"
          points={toPolyline(points)}
          fill="none"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
        {cursorXY && (
          <g className="chart-crosshair">
            <line x1={cursorXY.x} x2={cursorXY.x} y1={0} y2={PLOT_HEIGHT} />
            <line x1={PADDING} x2={WIDTH - PADDING} y1={cursorXY.y} y2={cursorXY.y} />
            <circle cx={cursorXY.x} cy={cursorXY.y} r={3} />
          </g>
        )}
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
