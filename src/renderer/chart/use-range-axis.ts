import { useMemo } from 'react'
import type { TradingAxis } from '../../shared/trading-axis'
import { useDisplayZone } from '../display-zone'
import { measureLabel } from './chart-page'
import { rangeAxisLabels } from './range-axis-labels'

/** A closed stretch narrower than this is left to the bands (a year has fifty weekends). */
const MIN_GAP_PX = 3

/**
 * The axis of a chart beyond 24 hours on a plot `plotWidth` px wide: its labels (none until the
 * width is known) and the closed stretches wide enough to be drawn as gaps.
 */
export function useRangeAxis(axis: TradingAxis, plotWidth: number | null) {
  const zone = useDisplayZone()
  const axisLabels = useMemo(
    () =>
      plotWidth
        ? rangeAxisLabels(axis, { width: plotWidth, measure: measureLabel, timeZone: zone.timeZone })
        : { unit: 'day' as const, labels: [] },
    [axis, plotWidth, zone],
  )
  const gaps = axis.segments.filter(
    (segment) => segment.gap && (segment.x1 - segment.x0) * (plotWidth ?? 0) >= MIN_GAP_PX,
  )
  return { axisLabels, gaps }
}
