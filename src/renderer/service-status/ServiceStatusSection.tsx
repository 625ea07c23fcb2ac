import { useEffect } from 'react'
import { pauseReasonText } from '../../shared/service-status'
import { loadDividends } from '../api'
import { formatExact, MISSING } from '../format'
import { pauseTagText, upcomingPauseText, yieldText } from './service-status-text'
import { useDividends, useServiceState, useSymbolPauses } from './service-store'

/**
 * What the service says of the shown token beyond prices: its pause in force and those to come
 * (from /v1/status/assets), and its dividends. Each says once, in place, when the service does
 * not publish it.
 */

export function AssetPausesSection({ symbol }: { symbol: string }) {
  const pauses = useSymbolPauses(symbol)
  const publishes = useServiceState()?.publishes.assetPauses ?? null
  const active = pauses?.active ?? null
  const tag = pauseTagText(active)
  return (
    <section className="detail-section" aria-labelledby="pauses-title">
      <h3 id="pauses-title" className="section-title">
        Pauses
      </h3>
      {publishes === false ? (
        <p className="muted not-published">This service does not publish asset pauses.</p>
      ) : publishes === null ? (
        <p className="muted">Not known yet.</p>
      ) : (
        <>
          {active !== null && tag !== null && (
            <p className={`pause-now pause-${active.effect}`}>
              <span className={`pause-tag pause-${active.effect}`}>{tag.tag}</span> {tag.words}
              {active.pause.updateSharesMultiplier && '; the multiplier will change'}
            </p>
          )}
          {(pauses?.upcoming.length ?? 0) === 0 ? (
            <p className="muted">
              {active === null ? 'No pause in force or announced.' : 'No other pause announced.'}
            </p>
          ) : (
            <ul className="upcoming-pauses" aria-label="Announced pauses">
              {pauses?.upcoming.map((pause) => (
                <li key={`${pause.reason}-${pause.start}`} title={pauseReasonText(pause.reason)}>
                  {upcomingPauseText(pause)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}

const FREQUENCY_TEXT: Record<string, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  'semi-annually': 'Twice a year',
  annually: 'Yearly',
  yearly: 'Yearly',
  irregular: 'Irregular',
  none: 'None',
}

export function DividendsSection({ symbol }: { symbol: string }) {
  const view = useDividends(symbol)
  useEffect(() => {
    void loadDividends(symbol, 'detail')
  }, [symbol])
  const dividends = view?.dividends ?? null
  const frequency = dividends?.payoutFrequency ?? null
  return (
    <section className="detail-section" aria-labelledby="dividends-title">
      <h3 id="dividends-title" className="section-title">
        Dividends
      </h3>
      {view === undefined ? (
        <p className="muted">Asking the service…</p>
      ) : !view.available ? (
        <p className="muted not-published">This service does not publish dividends.</p>
      ) : dividends === null ? (
        <p className="muted">Not available: {view.problem ?? 'no answer'}</p>
      ) : (
        <dl className="figures">
          <div className="figure">
            <dt>Yield (trailing year)</dt>
            <dd className="num">
              {dividends.dividendYield == null ? MISSING : yieldText(dividends.dividendYield)}
            </dd>
          </div>
          <div className="figure">
            <dt>Pays</dt>
            <dd>{frequency === null ? MISSING : (FREQUENCY_TEXT[frequency] ?? frequency)}</dd>
          </div>
          <div className="figure">
            <dt>Last payment</dt>
            <dd className="num">
              {dividends.lastCashAmount == null ? MISSING : `$${formatExact(dividends.lastCashAmount)}`}
              {dividends.lastPaymentDate ? ` on ${dividends.lastPaymentDate}` : ''}
            </dd>
          </div>
        </dl>
      )}
    </section>
  )
}
