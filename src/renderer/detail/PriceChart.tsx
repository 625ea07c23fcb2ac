import { memo, useEffect, useState } from 'react'
import type { HistoryRange } from '../../shared/history'
import { KeptRanges } from '../chart/KeptRanges'
import { RANGE_WORDS } from '../chart/range-keys'
import { showChartOf } from '../api'
import { exportHistory, loadHistory } from '../history/history-api'
import { historyKey, useHistoryEntries } from '../history/history-store'
import { HistoryChart } from '../history/HistoryChart'
import { useWatch } from '../store/watch-store'
import { DayChart, type ChartProps } from './DayChart'
import { RangeBar } from './RangeBar'

type LongRange = Exclude<HistoryRange, '1d'>

/**
 * The detail panel's chart: the range buttons, then today's 24 hours (DayChart.tsx) or, for a week
 * to all time, the history main puts together on request (HistoryChart.tsx). The range is a setting.
 * A range already fetched paints from the renderer's memo without asking main again, and every
 * range drawn for this symbol stays drawn, hidden (inert) while another is shown: going back to it
 * shows a chart already laid out and painted. The keyboard's focus stays on the chart shown.
 */
export const PriceChart = memo(function PriceChart({ symbol, history, offHours }: ChartProps) {
  const range = useWatch((state) => state.settings?.chartRange ?? '1d')
  const style = useWatch((state) => state.settings?.chartStyle ?? 'candles')
  const entries = useHistoryEntries()
  const entry = range === '1d' ? undefined : entries.get(historyKey(symbol, range))
  const [drawn, setDrawn] = useState<{ symbol: string; ranges: readonly LongRange[] }>({ symbol, ranges: [] })
  const drawnRanges = drawn.symbol === symbol ? drawn.ranges : []
  if (range !== '1d' && entry?.state === 'shown' && !drawnRanges.includes(range))
    setDrawn({ symbol, ranges: [...drawnRanges, range] })
  useEffect(() => {
    if (range !== '1d') void loadHistory(symbol, range)
  }, [symbol, range])
  // The 1D chart shown: main streams its symbol's live minute (and stops when it is not shown).
  useEffect(() => {
    if (range !== '1d') return
    void showChartOf(symbol)
    return () => void showChartOf(null)
  }, [symbol, range])

  const exportShown =
    range !== '1d' && entry?.state === 'shown' && entry.series.points.length > 0
      ? () => void exportHistory(symbol, range)
      : null
  const keptChart = (kept: LongRange) => {
    const keptEntry = entries.get(historyKey(symbol, kept))
    if (keptEntry?.state !== 'shown') return null
    return <HistoryChart series={keptEntry.series} range={kept} offHours={offHours} style={style} />
  }
  return (
    <section className="detail-chart" aria-label="Price chart">
      <RangeBar range={range} style={style} onExport={exportShown} />
      <KeptRanges range={range} drawn={drawnRanges} render={keptChart}>
        {range === '1d' ? (
          <div className="chart-slot chart-shown">
            <DayChart symbol={symbol} history={history} offHours={offHours} />
          </div>
        ) : entry?.state === 'failed' ? (
          <p className="chart-empty chart-failed">
            Could not load the {RANGE_WORDS[range]} history: {entry.message}
          </p>
        ) : entry?.state !== 'shown' ? (
          <p className="muted chart-empty">Loading the {RANGE_WORDS[range]} history…</p>
        ) : null}
      </KeptRanges>
    </section>
  )
})
