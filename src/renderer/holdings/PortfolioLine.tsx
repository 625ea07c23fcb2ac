import { type HoldingsTotals, QUANTITY_SOURCE_WORDS } from '../../shared/holdings'
import { toggleHideAmounts } from '../api'
import { formatMoney, formatPercent, formatSignedMoney, signOf } from '../format'
import { usePricesSilent } from '../store/freshness'
import { usePortfolio } from './portfolio-store'
import { HiddenAmount, useAmountsHidden } from './HiddenAmount'
import { useHeightVariable } from './use-height-variable'
import { Dec } from '../../shared/decimal'
import { Fragment } from 'react'
import { AtBidsTotal } from './AtBids'

/** Said in place of a P&L whose tokens have no cost basis (issue 48: never a zero cost). */
export const NO_COST_BASIS = 'no cost basis: quantities from wallets'

/**
 * Where the quantities come from, first on the line so that every figure after it reads by it:
 * "Quantities: wallets, cost from ledger", or, the wallets chosen but unusable, why and that the
 * ledger's stand in.
 */
function QuantitiesSource() {
  const source = usePortfolio((state) => state.quantitySource)
  const fallback = usePortfolio((state) => state.quantityFallback)
  return (
    <span
      className={`portfolio-source${fallback ? ' portfolio-source-fallback' : ''}`}
      title="Where the quantities come from (Settings, Holdings)"
    >
      {fallback ?? `Quantities: ${QUANTITY_SOURCE_WORDS[source]}`}
    </span>
  )
}

/**
 * The portfolio in one line above the status bar, once the ledger holds anything: where the
 * quantities come from, total value, 24 h change, unrealized and realized P&L, premium exposure.
 * Each figure is one piece that never breaks, and the line folds onto a second one in a narrow
 * window rather than clip a figure. A total that rests on a stale price is marked so; one that lacks
 * a price says which is missing, and a P&L whose tokens have no cost basis says that.
 */

type Figure = {
  label: string
  value: string | null
  signed: boolean
  title: string
  stale: boolean
  pct?: string | null
  /** What to say in place of a figure that lacks a price: "no price for GONEon". */
  missing: string
}

function Amount({ figure, hidden }: { figure: Figure; hidden: boolean }) {
  const sign = figure.signed ? signOf(figure.value) : 0
  // Money shows in cents; the figure as main sent it is in the tooltip (not while hidden).
  const exact = hidden || figure.value === null ? '' : `. Exact: ${figure.value}`
  return (
    <span
      className={`portfolio-figure${figure.stale ? ' figure-stale' : ''}`}
      title={`${figure.title}${exact}`}
    >
      <span className="portfolio-label">{figure.label}</span>{' '}
      {hidden ? (
        <HiddenAmount />
      ) : (
        <span className={`num${sign > 0 ? ' up' : sign < 0 ? ' down' : ''}`}>
          {figure.value === null
            ? figure.missing
            : figure.signed
              ? formatSignedMoney(figure.value)
              : formatMoney(figure.value)}
          {figure.pct !== undefined && figure.pct !== null && ` (${formatPercent(figure.pct)})`}
        </span>
      )}
    </span>
  )
}

/** Unrealized as a percent of the cost of what is held; null when either is missing or the cost is zero. */
function unrealizedPct(totals: HoldingsTotals): string | null {
  if (totals.unrealized === null || totals.cost === null || new Dec(totals.cost).isZero()) return null
  return new Dec(totals.unrealized).times(100).dividedBy(totals.cost).toSignificantDigits(6).toString()
}

export function PortfolioLine() {
  const totals = usePortfolio((state) => state.totals)
  const anyPosition = usePortfolio((state) => state.positions.size > 0)
  const staleHeld = usePortfolio((state) => state.anyStale)
  const problem = usePortfolio((state) => state.problem)
  // Held symbols with no price: the totals that need one name them rather than sum without them.
  const unpriced = usePortfolio((state) => state.unpriced)
  // Held tokens with no cost basis (quantities from the wallets): the P&L sums those that have one.
  const uncosted = usePortfolio((state) => state.uncosted)
  const silent = usePricesSilent()
  const hidden = useAmountsHidden()
  const line = useHeightVariable('--portfolio-line-height')
  if (problem)
    return (
      <div ref={line} className="portfolio-line portfolio-problem" role="status">
        {problem}
      </div>
    )
  if (!totals || !anyPosition) return null
  // The same rule as the rows' marker: main's word on each quote, or the prices endpoint silent.
  const stale = staleHeld || silent
  const priced = (title: string) => (stale ? `${title}; computed on a stale price` : title)
  // A total lacking a position's figure: which held symbol has no price, else that market data lacks.
  // Said once, on the value; the other totals show a dash, their tooltip saying why.
  const missing = unpriced ? `no price for ${unpriced}` : 'not known yet'
  const dash = { missing: '—', why: unpriced ? `; no price for ${unpriced}` : '' }
  // No price missing, yet no P&L: no held token has a cost basis, which is said in place.
  const pnlMissing = unpriced || !uncosted ? dash.missing : NO_COST_BASIS
  const leftOut =
    uncosted && totals.unrealized !== null ? `; left out, having no cost basis: ${uncosted}` : ''
  const figures: Figure[] = [
    {
      label: 'Value',
      value: totals.value,
      signed: false,
      stale,
      missing,
      title: priced('Total value of the positions held'),
    },
    {
      label: '24h',
      value: totals.dayChange,
      signed: true,
      stale,
      missing: dash.missing,
      title: priced(`24 h change of the positions held${dash.why}`),
    },
    {
      label: 'P&L',
      value: totals.unrealized,
      signed: true,
      stale,
      pct: unrealizedPct(totals),
      missing: pnlMissing,
      title: priced(`Unrealized P&L (value - cost), and its percent of cost${dash.why}${leftOut}`),
    },
    {
      label: 'Realized',
      value: totals.realized,
      signed: true,
      stale: false,
      missing: dash.missing,
      title: 'Realized P&L of every sale',
    },
    {
      label: 'Prem',
      value: totals.premiumExposure,
      signed: true,
      stale,
      missing: dash.missing,
      title: priced(`Premium exposure: what the positions would lose if every premium closed${dash.why}`),
    },
  ]
  return (
    <section ref={line} className="portfolio-line" aria-label="Portfolio">
      <QuantitiesSource />
      {figures.map((figure) => (
        <Fragment key={figure.label}>
          <Amount figure={figure} hidden={hidden} />
          {figure.label === 'Value' && <AtBidsTotal value={totals.value} hidden={hidden} />}
        </Fragment>
      ))}
      <button
        type="button"
        className="portfolio-hide"
        aria-pressed={hidden}
        title="Hide or show amounts (H)"
        onClick={() => void toggleHideAmounts()}
      >
        {hidden ? 'Show amounts' : 'Hide amounts'}
      </button>
    </section>
  )
}
