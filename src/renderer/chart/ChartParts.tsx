import { useState, type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject } from 'react'
import { SESSION_LABEL } from '../../shared/alert-text'
import type { AxisLabel } from './axis-labels'
import { SESSION_NAMES, type SessionName } from '../../shared/sessions'
import type { AxisSegment } from '../../shared/trading-axis'
import { nearestPoint } from './chart-slots'
import { closedGapText } from './closed-gap'
import { movedIndex } from './crosshair-keys'
import { useDisplayZone } from '../display-zone'

/** What the detail panel's charts (today's and the longer ranges) draw alike around the canvas. */

/**
 * The crosshair of a chart on slots: the point the pointer or the keyboard chose (arrows,
 * PageUp/PageDown, Home/End, Escape), held by its time, so a history that gains a point keeps it
 * where it was. `slotOf` gives each point's slot of `slots`; `plotWidth` the plot's width in px.
 */
export function useCrosshair(
  points: readonly { t: number }[],
  slotOf: readonly number[],
  slots: number,
  plotWidth: number | null,
) {
  const [cursorAt, setCursorAt] = useState<number | null>(null)
  const found = cursorAt === null ? -1 : points.findIndex((point) => point.t === cursorAt)
  const clear = () => setCursorAt(null)
  return {
    cursor: found >= 0 ? found : null,
    clear,
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      if (!plotWidth) return
      // The slot under the pointer, to a fraction (the chart's own lookup rounds to a whole one).
      const fraction = (event.clientX - event.currentTarget.getBoundingClientRect().left) / plotWidth
      setCursorAt(points[nearestPoint(slotOf, fraction * (slots - 1))]?.t ?? null)
    },
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      const next = movedIndex(event.key, found >= 0 ? found : null, points.length)
      if (next === undefined) return
      event.preventDefault()
      setCursorAt(next === null ? null : (points[next]?.t ?? null))
    },
  }
}

/** The plot's look for the charts beyond one day (history and portfolio): every gap drawn, however narrow. */
export const RANGE_PLOT = {
  canvasClass: 'chart-canvas chart-canvas-history',
  minGapWidth: 0,
  gapClass: 'chart-gap chart-gap-history',
} as const

/**
 * The plot: the chart's canvas (in `host`), each closed stretch as a thin strip with a break mark
 * saying when the market was closed (closed-gap.ts), and the time labels under it. It takes the
 * pointer for the crosshair; the figure around it carries the description.
 */
export function ChartPlot({
  host,
  canvasClass,
  crosshair,
  gaps,
  minGapWidth,
  gapClass,
  axisFrom,
  labels,
  width,
  children,
}: {
  host: RefObject<HTMLDivElement | null>
  canvasClass: string
  crosshair: { onPointerMove(event: PointerEvent<HTMLDivElement>): void; clear(): void }
  gaps: readonly AxisSegment[]
  minGapWidth: number
  gapClass: string
  axisFrom: number
  labels: readonly AxisLabel[]
  width: number | null
  children?: ReactNode
}) {
  const zone = useDisplayZone()
  return (
    <div
      className="chart-plot"
      aria-hidden="true"
      onPointerMove={crosshair.onPointerMove}
      onPointerLeave={crosshair.clear}
    >
      <div ref={host} className={canvasClass} />
      {width !== null &&
        gaps.map((gap) => (
          <div
            key={gap.start}
            className={gapClass}
            style={{ left: gap.x0 * width, width: Math.max(minGapWidth, (gap.x1 - gap.x0) * width) }}
            title={closedGapText(gap, axisFrom, zone)}
          />
        ))}
      <ChartTicks labels={labels} width={width} />
      {children}
    </div>
  )
}

/** The time labels, in a row as wide as the plot (the price scale aside): their x are the plot's. */
function ChartTicks({ labels, width }: { labels: readonly AxisLabel[]; width: number | null }) {
  return (
    <div className="chart-ticks" style={{ width: width ?? undefined }}>
      {labels.map((tick) => (
        <span
          key={tick.t}
          className={tick.namesDay ? 'chart-tick chart-tick-day' : 'chart-tick'}
          style={{ left: tick.x }}
        >
          {tick.text}
        </span>
      ))}
    </div>
  )
}

/** The sessions the bands show, and "Closed" when a gap is drawn, as swatches. */
export function SessionLegend({
  bands,
  closed,
  children,
}: {
  bands: readonly { session: SessionName }[]
  closed: boolean
  children?: ReactNode
}) {
  return (
    <span className="chart-legend">
      {SESSION_NAMES.filter((session) => bands.some((band) => band.session === session)).map((session) => (
        <span key={session} className={`chart-legend-item band-${session}`}>
          {SESSION_LABEL[session]}
        </span>
      ))}
      {closed && <span className="chart-legend-item band-closed">Closed</span>}
      {children}
    </span>
  )
}
