import { useEffect, useMemo, type RefObject } from 'react'
import type { TradingAxis } from '../../shared/trading-axis'
import { themeColor } from './chart-page'
import { sessionColors, type BandsPicture, type SessionBands } from './session-bands'

/** What a chart draws behind its lines: where its sessions, its time labels and its marks stand. */
export interface PictureShape {
  bands: BandsPicture['bands']
  axis: Pick<TradingAxis, 'x'>
  /** The time labels shown under the plot: a rule is drawn at each. */
  labels: readonly { t: number }[]
  /** Where the multiplier stepped or a transaction was made, 0 to 1 (charts beyond 24 hours). */
  marks?: readonly number[]
  slots?: number
}

/**
 * Shows the session bands, a rule at each time label and one at each mark on every bands
 * primitive of the chart (one per pane), in the theme's colours: again each time one of them or the
 * theme (`theme`, read from the page) changes.
 */
export function useChartPicture(
  host: RefObject<HTMLElement | null>,
  chart: RefObject<{ bandLayers: readonly SessionBands[] } | null>,
  { bands, axis, labels, marks, slots }: PictureShape,
  theme: unknown,
): void {
  const ticks = useMemo(() => labels.map((label) => axis.x(label.t)), [axis, labels])
  useEffect(() => {
    const element = host.current
    const current = chart.current
    if (!element || !current) return
    const picture = {
      bands,
      ticks,
      marks,
      slots,
      bandColors: sessionColors(element),
      tickColor: themeColor(element, '--border'),
      markColor: themeColor(element, '--warn'),
    }
    for (const layer of current.bandLayers) layer.show(picture)
  }, [host, chart, bands, ticks, marks, slots, theme])
}
