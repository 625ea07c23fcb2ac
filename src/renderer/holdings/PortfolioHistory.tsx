import { lazy, memo, Suspense, useEffect, useState, type KeyboardEvent } from 'react'
import { Dec } from '../../shared/decimal'
import { tradesOffHours } from '../../shared/trading-axis'
import {
  PORTFOLIO_RANGES,
  type BenchmarkFigures,
  type PortfolioRange,
  type PortfolioReport,
  type Returns,
} from '../../shared/portfolio'
import type { AttributionRow, PortfolioChartView } from '../../shared/portfolio-chart-view'
import { percentOfStart } from './portfolio-model'
import { KeptRanges } from '../chart/KeptRanges'
import { RANGE_WORDS, rangeForDigit } from '../chart/range-keys'
import { useDisplayZone } from '../display-zone'
import { formatAge, formatPercent, formatSignedMoney, formatZonedDateTime, signOf } from '../format'
import { loadLedger } from '../ledger/ledger-api'
import { choosePortfolioRange, loadPortfolioHistory } from './portfolio-history-api'
import { useClock } from '../store/clock-store'
import { holdingsTabOnShow, usePortfolio } from './portfolio-store'
import { usePortfolioHistory } from './portfolio-history-store'
import { useWatch } from '../store/watch-store'
import { RangeButtons } from '../detail/RangeBar'
import { HiddenAmount, useAmountsHidden } from './HiddenAmount'

/** The chart is lightweight-charts, the bundle's largest part: loaded when the tab first shows it. */
const PortfolioChart = lazy(() =>
  import('./PortfolioChart').then((module) => ({ default: module.PortfolioChart })),
)

/**
 * Under the Holdings tab (issue #49, item 1): the portfolio over a range, 1W to All, the detail
 * chart's ranges and keys. Above the chart its freshness and source and the range's figures (TWR,
 * MWR, P&L, against the stocks and the benchmark token); under it where the P&L came from, in
 * cents as main put them. Every range drawn stays drawn, hidden while another is shown, as the
 * detail chart's do: going back to one paints at once. The range keys (2 to 7) work while the focus
 * is inside.
 */
export function PortfolioHistory() {
  const shown = usePortfolio(holdingsTabOnShow)
  if (!shown) return null
  return <PortfolioHistorySection />
}

function PortfolioHistorySection() {
  const range = usePortfolioHistory((state) => state.range)
  const entries = usePortfolioHistory((state) => state.entries)
  const entry = entries.get(range)
  const [drawn, setDrawn] = useState<readonly PortfolioRange[]>([])
  if (entry?.state === 'shown' && !drawn.includes(range)) setDrawn([...drawn, range])
  useEffect(() => void loadLedger(), [])
  useEffect(() => void loadPortfolioHistory(range), [range])

  // The detail chart's digits, 2 (1W) to 7 (All): a portfolio has no 1D, so 1 does nothing here.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return
    const next = rangeForDigit(event.key)
    if (next === undefined) return
    event.preventDefault()
    if ((PORTFOLIO_RANGES as readonly string[]).includes(next)) choosePortfolioRange(next as PortfolioRange)
  }

  const keptView = (kept: PortfolioRange) => {
    const keptEntry = entries.get(kept)
    return keptEntry?.state === 'shown' ? <RangeView view={keptEntry.view} /> : null
  }

  return (
    <section className="portfolio-history" aria-label="Portfolio over time" onKeyDown={onKeyDown}>
      <div className="chart-bar">
        <h2 className="section-title">Portfolio over time</h2>
        <RangeButtons ranges={PORTFOLIO_RANGES} range={range} onChoose={choosePortfolioRange} />
      </div>
      <KeptRanges range={range} drawn={drawn} render={keptView}>
        {entry?.state === 'failed' ? (
          <p className="chart-empty chart-failed">
            Could not put the {RANGE_WORDS[range]} portfolio together: {entry.message}
          </p>
        ) : entry?.state !== 'shown' ? (
          <p className="muted chart-empty">Replaying the ledger over {RANGE_WORDS[range]}…</p>
        ) : null}
      </KeptRanges>
    </section>
  )
}

const SOURCE_WORDS: Record<PortfolioReport['source'], string> = {
  service: "the service's candles",
  recorded: 'what Tokenwatch recorded',
  both: "the service's candles and what Tokenwatch recorded",
  none: 'no prices',
}

/** When the report was put together, from what, and everything it says of its figures. */
function PortfolioFreshness({ report }: { report: PortfolioReport }) {
  const now = useClock((state) => state.now)
  const zone = useDisplayZone()
  return (
    <>
      <p className="chart-fresh muted">
        As of {formatZonedDateTime(report.asOf, zone)} ({formatAge(now - report.asOf)} ago): the ledger
        replayed over {SOURCE_WORDS[report.source]}, asked when shown (polled, not streamed)
      </p>
      {report.notes.map((note) => (
        <p key={note} className="chart-note">
          {note}
        </p>
      ))}
    </>
  )
}

/**
 * Why an empty report has no chart. No token had a price in the range (source "none"): the tab
 * shows only while something is held, so "no holdings" would be untrue; it is the prices that lack.
 */
function emptyWords(report: PortfolioReport): string {
  return report.source === 'none'
    ? 'No prices in this range for the tokens held: no chart.'
    : 'No holdings in this range.'
}

/**
 * One range's answer drawn. Memoised, and subscribed to the quotes only for whether any position
 * trades off hours: a range switch or a price push re-rendered every kept range, and each render
 * rebuilt its chart's lines (the Holdings tab's switch took 30 to 50 frames, BENCHMARKS.md).
 */
const RangeView = memo(function RangeView({ view }: { view: PortfolioChartView }) {
  const { report } = view
  const hidden = useAmountsHidden()
  const offHours = useWatch((state) =>
    report.positions.some((position) => {
      const quote = state.quotes.get(position.symbol)
      return quote !== undefined && tradesOffHours(quote)
    }),
  )
  return (
    <div className="portfolio-range" data-range={report.range}>
      <PortfolioFreshness report={report} />
      {report.empty ? (
        <p className="chart-empty portfolio-empty">{emptyWords(report)}</p>
      ) : (
        <>
          <RangeFigures report={report} hidden={hidden} />
          <Suspense fallback={<p className="muted chart-empty">Loading the chart…</p>}>
            <PortfolioChart report={report} offHours={offHours} hidden={hidden} />
          </Suspense>
          <div className="portfolio-attribution-scroll">
            <AttributionTable rows={view.attribution} hidden={hidden} />
          </div>
          <ReturnsTable report={report} />
        </>
      )}
    </div>
  )
})

/** A return fraction ("0.0125") as a signed percent ("+1.25%"). */
function returnPercent(fraction: string | null): string | null {
  return fraction === null ? null : new Dec(fraction).times(100).toFixed()
}

function Signed({ text, value }: { text: string; value: string | null }) {
  const sign = signOf(value)
  return <span className={`num${sign > 0 ? ' up' : sign < 0 ? ' down' : ''}`}>{text}</span>
}

function Figure({ label, title, children }: { label: string; title: string; children: React.ReactNode }) {
  return (
    <span className="portfolio-figure" title={title}>
      <span className="portfolio-label">{label}</span> {children}
    </span>
  )
}

function ReturnFigure({ label, title, fraction }: { label: string; title: string; fraction: string | null }) {
  const percent = returnPercent(fraction)
  return (
    <Figure label={label} title={title}>
      <Signed text={formatPercent(percent)} value={percent} />
    </Figure>
  )
}

function BenchmarkFigure({ bench }: { bench: BenchmarkFigures }) {
  const points = bench.differenceInPoints.twr
  const against = bench.into === 'stocks' ? 'the stocks' : bench.into
  const text =
    points === null ? 'not known' : `${signOf(points) > 0 ? '+' : ''}${new Dec(points).toFixed(2)} pts`
  return (
    <Figure
      label={`Against ${against}`}
      title={
        `Your time-weighted return less that of the same money put into ${against} on the same days, ` +
        `in percentage points`
      }
    >
      <Signed text={text} value={points} />
    </Figure>
  )
}

/** The range's figures: its returns, its P&L, and against the stocks and the benchmark token. */
function RangeFigures({ report, hidden }: { report: PortfolioReport; hidden: boolean }) {
  const { figures, series } = report
  const pnlPercent = percentOfStart(figures.pnl, series, true)
  return (
    <p className="portfolio-figures">
      <ReturnFigure label="TWR" title="Time-weighted return over the range" fraction={figures.twr} />
      {figures.mwr === null ? (
        <Figure label="MWR" title="Money-weighted return (XIRR) over the range">
          <span className="muted">{figures.mwrNote ?? 'none'}</span>
        </Figure>
      ) : (
        <ReturnFigure
          label="MWR"
          title="Money-weighted return (XIRR) over the range"
          fraction={figures.mwr}
        />
      )}
      {figures.annualised && (
        <ReturnFigure
          label="TWR a year"
          title="The time-weighted return annualised"
          fraction={figures.annualised.twr}
        />
      )}
      <Figure
        label="P&L"
        title={
          hidden
            ? 'P&L over the range, in percent of the starting value (amounts hidden)'
            : `P&L over the range, fees included. Exact: ${figures.pnl}`
        }
      >
        {hidden ? (
          <Signed text={`${formatPercent(pnlPercent)} of the start`} value={pnlPercent} />
        ) : (
          <Signed text={formatSignedMoney(figures.pnl)} value={figures.pnl} />
        )}
      </Figure>
      {figures.benchmark.stocks && <BenchmarkFigure bench={figures.benchmark.stocks} />}
      {figures.benchmark.token && <BenchmarkFigure bench={figures.benchmark.token} />}
    </p>
  )
}

const PARTS = ['stock', 'multiplier', 'premium', 'fees'] as const

/**
 * Where the P&L came from, per position and in total, in cents as main put them (they add up),
 * written as every signed amount of the window is ("+1,192.35"); the exact figure in the tooltip.
 */
function AttributionTable({ rows, hidden }: { rows: readonly AttributionRow[]; hidden: boolean }) {
  const cell = (shown: string, exact: string) =>
    hidden ? (
      <HiddenAmount />
    ) : (
      <span title={`Exact: ${exact}`}>
        <Signed text={formatSignedMoney(shown)} value={shown} />
      </span>
    )
  return (
    <table className="portfolio-attribution">
      <caption>Where the P&amp;L came from</caption>
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col">Stock</th>
          <th scope="col">Multiplier</th>
          <th scope="col">Premium</th>
          <th scope="col">Fees</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.symbol ?? 'total'} className={row.symbol === null ? 'attribution-total' : undefined}>
            <th scope="row">{row.symbol ?? 'Total'}</th>
            {PARTS.map((part) => (
              <td key={part} className="num" data-part={part}>
                {cell(row.parts[part], row.exact[part])}
              </td>
            ))}
            <td className="num" data-part="pnl">
              {cell(row.pnl, row.exact.pnl)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** A return in a cell: the signed percent, or "—" with the reason in its tooltip. */
function ReturnCell({ fraction, none, title }: { fraction: string | null; none: string; title: string }) {
  const percent = returnPercent(fraction)
  return (
    <td className="num" title={percent === null ? none : `${title}: ${fraction} as a fraction`}>
      {percent === null ? (
        <span className="muted">—</span>
      ) : (
        <Signed text={formatPercent(percent)} value={percent} />
      )}
    </td>
  )
}

/**
 * Each position's returns over the range, then the whole's (issue #49, item 2): a table of its own
 * beside the attribution's, so that both fit a 360 px window. Percentages: shown with amounts
 * hidden too.
 */
function ReturnsTable({ report }: { report: PortfolioReport }) {
  const rows: { symbol: string | null; returns: Returns }[] = [
    ...report.positions.map((position) => ({ symbol: position.symbol, returns: position })),
    { symbol: null, returns: report.figures },
  ]
  return (
    <table className="portfolio-returns">
      <caption>Each position's returns</caption>
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col" title="Time-weighted return over the range">
            TWR
          </th>
          <th scope="col" title="Money-weighted return (XIRR) over the range">
            MWR
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ symbol, returns }) => (
          <tr key={symbol ?? 'total'} className={symbol === null ? 'returns-total' : undefined}>
            <th scope="row">{symbol ?? 'Total'}</th>
            <ReturnCell
              fraction={returns.twr}
              none="No time-weighted return: nothing was at work in this range"
              title="Time-weighted return"
            />
            <ReturnCell
              fraction={returns.mwr}
              none={`No money-weighted return: ${returns.mwrNote ?? 'none'}`}
              title="Money-weighted return (XIRR)"
            />
          </tr>
        ))}
      </tbody>
    </table>
  )
}
