import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts'
import { useEffect, type RefObject } from 'react'
import { slotTime } from './chart-slots'

/**
 * Puts the chart's crosshair on the point the pointer or the keyboard chose (`at`: its slot and
 * its plotted value, on the series `seriesOf` picks), or takes it away: again each time the chart's
 * data is drawn anew (`drawn`), since drawing it moves the crosshair. `seriesOf` is a function made
 * once (at module level), so that choosing it anew does not count as a change.
 */
export function useChartCrosshair<Chart extends { api: IChartApi }>(
  chart: RefObject<Chart | null>,
  at: { slot: number; value: number } | undefined,
  seriesOf: (current: Chart) => ISeriesApi<SeriesType>,
  drawn: unknown,
): void {
  const slot = at?.slot
  const value = at?.value
  useEffect(() => {
    const current = chart.current
    if (!current) return
    if (slot === undefined || value === undefined) current.api.clearCrosshairPosition()
    else current.api.setCrosshairPosition(value, slotTime(slot), seriesOf(current))
  }, [chart, slot, value, seriesOf, drawn])
}
