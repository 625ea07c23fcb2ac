import type { AtBidsView, PositionAtBids } from '../../shared/at-bids'
import { atBidsVsDisplayPct } from '../../shared/at-bids'
import { formatAge, formatExact, formatMoney, formatPercent } from '../format'
import { useAtBids, usePositionAtBids } from './at-bids-store'
import { useClock } from '../store/clock-store'
import { HiddenAmount } from './HiddenAmount'
import { countCellRender } from '../instrument'

/**
 * What the holdings would fetch sold now at the bids of the streamed depth, beside their display
 * value: the portfolio line's total and, on the Holdings tab, each position's. Indicative, not a
 * quote; how old the ladder is and whether its stream is interrupted are said. A service without
 * the depth stream: the display value is shown alone, labelled as such.
 */

const INDICATIVE = 'What selling at the bids of the streamed depth would fetch now (indicative, not a quote)'

/** Why nothing is valued at the bids: the service publishes no depth, or no stream is open. */
function displayOnlyWhy(view: AtBidsView | null): string | null {
  if (view?.state === 'unavailable') return 'this service publishes no depth'
  if (view?.state === 'off' && view.positions.length > 0) return `no depth: ${view.reason ?? 'off'}`
  return null
}

/**
 * "received 3s ago", and the stream's trouble while it is retried (the figure is then marked old).
 * The clock is read for that text only, so a tick renders the figure when its age moves, never
 * while there is no ladder (each tick re-rendered the portfolio line's figure of an idle page).
 */
function useFreshness(view: AtBidsView | null, receivedAt: number | null): { text: string; stale: boolean } {
  const age = useClock((clock) =>
    receivedAt === null ? 'no ladder yet' : `ladder received ${formatAge(clock.now - receivedAt)} ago`,
  )
  const retrying = view?.state === 'retrying'
  return { text: retrying ? `${age}; stream interrupted: ${view.reason}` : age, stale: retrying }
}

/** "(-0.39%)" against the display value, in the sign's colour. */
function VsDisplay({ atBids, display }: { atBids: string; display: string | null }) {
  const pct = atBidsVsDisplayPct(atBids, display)
  if (pct === null) return null
  const sign = pct.startsWith('-') ? ' down' : pct === '0' ? '' : ' up'
  return <span className={`num${sign}`}> ({formatPercent(pct)})</span>
}

/** The portfolio line's figure after the total value: "at bids $12,381.40 (-0.39%)". */
export function AtBidsTotal({ value, hidden }: { value: string | null; hidden: boolean }) {
  countCellRender('portfolio', 'atBids')
  const view = useAtBids()
  const freshness = useFreshness(view, view?.oldestAt ?? null)
  const displayOnly = displayOnlyWhy(view)
  if (displayOnly !== null)
    return (
      <span
        className="portfolio-figure at-bids-none"
        title={`The value is at display prices; ${displayOnly}`}
      >
        display prices only
      </span>
    )
  if (view === null || view.positions.length === 0) return null
  const total = view.total
  const title =
    total === null
      ? `${INDICATIVE}: ${view.totalMissing ?? 'not known yet'}`
      : `${INDICATIVE}; ${freshness.text}${hidden ? '' : `. Exact: ${total}`}`
  return (
    <span className={`portfolio-figure${freshness.stale ? ' figure-stale' : ''}`} title={title}>
      <span className="portfolio-label">at bids</span>{' '}
      {total === null ? (
        <span className="at-bids-none">— {view.totalMissing}</span>
      ) : hidden ? (
        <HiddenAmount />
      ) : (
        <span className="num">
          {formatMoney(total)}
          <VsDisplay atBids={total} display={value} />
        </span>
      )}
    </span>
  )
}

function PositionFigure({ position, hidden }: { position: PositionAtBids; hidden: boolean }) {
  switch (position.kind) {
    case 'value':
      return hidden ? <HiddenAmount /> : <span className="num">{formatMoney(position.value)}</span>
    case 'short':
      return (
        <span className="at-bids-none">
          more than the ladder holds ({hidden ? <HiddenAmount /> : formatExact(position.holds.tokens)} tokens)
        </span>
      )
    case 'none':
      return <span className="at-bids-none">{position.why}</span>
  }
}

/**
 * Under a position's display value on the Holdings tab: "bids 1,498.10", or why not; the percent
 * against the display value is in its tooltip (the column keeps the width a narrow window has room for).
 */
export function PositionAtBidsLine({
  symbol,
  display,
  hidden,
}: {
  symbol: string
  display: string | null
  hidden: boolean
}) {
  const view = useAtBids()
  const position = usePositionAtBids(symbol)
  const freshness = useFreshness(view, position?.receivedAt ?? null)
  const displayOnly = displayOnlyWhy(view)
  if (displayOnly !== null)
    return (
      <span className="at-bids-line at-bids-none" title={`At the display price; ${displayOnly}`}>
        display price only
      </span>
    )
  if (position === null) return null
  const pct = position.kind === 'value' ? atBidsVsDisplayPct(position.value, display) : null
  const exact =
    position.kind === 'value' && !hidden
      ? `. Exact: ${position.value}${pct === null ? '' : `, ${formatPercent(pct)} against the display value`}`
      : ''
  const holds =
    position.kind === 'short' && !hidden
      ? `. The bids hold ${position.holds.tokens} tokens, $${position.holds.dollars}`
      : ''
  return (
    <span
      className={`at-bids-line${freshness.stale ? ' figure-stale' : ''}`}
      title={`${INDICATIVE}; ${freshness.text}${exact}${holds}`}
    >
      <span className="portfolio-label">{position.kind === 'value' ? 'bids' : 'bids:'}</span>{' '}
      <PositionFigure position={position} hidden={hidden} />
    </span>
  )
}
