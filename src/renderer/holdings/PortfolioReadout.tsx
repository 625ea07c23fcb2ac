import { formatFullTime } from '../../shared/display-time'
import type { PortfolioReport } from '../../shared/portfolio'
import { useDisplayZone } from '../display-zone'
import { formatMoney, formatPercent, formatSignedMoney } from '../format'
import { percentOfStart } from './portfolio-model'

/**
 * The point under the crosshair: its time, value, value at fair value, cost, what the same money
 * would be worth in the stocks and in the benchmark token (where known), and P&L.
 */
export function PortfolioReadout({
  report,
  index,
  hidden,
}: {
  report: PortfolioReport
  index: number | null
  hidden: boolean
}) {
  const zone = useDisplayZone()
  const { series } = report
  const point = index === null ? undefined : series[index]
  const bench = index === null ? undefined : report.benchmarkSeries[index]
  const figure = (value: string | null, isChange: boolean) => {
    if (!hidden) return isChange ? formatSignedMoney(value) : formatMoney(value)
    return formatPercent(percentOfStart(value, series, isChange))
  }
  return (
    <p className="chart-readout chart-readout-portfolio" aria-live="polite" aria-atomic="true">
      {point ? (
        <>
          <span className="chart-readout-item">{formatFullTime(point.t, zone, { year: true })}</span>{' '}
          <span className="chart-readout-item">
            <span className="muted">Value</span> <span className="num">{figure(point.value, false)}</span>
          </span>{' '}
          <span className="chart-readout-item">
            <span className="muted">At fair value</span>{' '}
            <span className="num">{figure(point.valueAtFairValue, false)}</span>
          </span>{' '}
          <span className="chart-readout-item">
            <span className="muted">Cost</span> <span className="num">{figure(point.cost, false)}</span>
          </span>{' '}
          {bench?.stocks != null && (
            <span className="chart-readout-item">
              <span className="muted">In the stocks</span>{' '}
              <span className="num">{figure(bench.stocks, false)}</span>
            </span>
          )}{' '}
          {bench?.token != null && (
            <span className="chart-readout-item">
              <span className="muted">In {report.benchmarkSymbol}</span>{' '}
              <span className="num">{figure(bench.token, false)}</span>
            </span>
          )}{' '}
          <span className="chart-readout-item">
            <span className="muted">P&amp;L</span> <span className="num">{figure(point.pnl, true)}</span>
          </span>
        </>
      ) : (
        <span className="muted">Point at the chart, or focus it and use the arrow keys.</span>
      )}
    </p>
  )
}
