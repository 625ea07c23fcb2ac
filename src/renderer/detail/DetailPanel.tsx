import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import type { AssetQuote } from '../../shared/domain'
import { liveSessionOf } from '../../shared/session-clock'
import { SESSION_NAMES } from '../../shared/sessions'
import { tradesOffHours } from '../../shared/trading-axis'
import {
  formatAge,
  formatCompact,
  formatZonedDateTime,
  formatExact,
  formatInteger,
  formatPercent,
  formatPrice,
  formatSignedPrice,
  MISSING,
  signOf,
} from '../format'
import { SESSION_LABEL } from '../../shared/alert-text'
import { listsHolding } from '../../shared/watchlists'
import { addSymbol } from '../api'
import { openAlertEditor } from '../alerts/alerts-api'
import { useDisplayZone } from '../display-zone'
import { GRID_ID } from '../element-ids'
import { rememberPanelOpener, returnPanelFocus } from './panel-focus'
import { alertsOf, useAlerts } from '../alerts/alert-store'
import { useClock } from '../store/clock-store'
import { closeDetail, shownList, useWatch } from '../store/watch-store'
import { AlertItem, PanelSection } from '../alerts/AlertsPanel'
import { SymbolTransactions } from '../ledger/SymbolTransactions'
import { StaleMarker } from '../watchlist/cells/StaleMarker'
import { IconButton } from '../ui/IconButton'
import { CapacityPanel } from '../service-status/CapacityPanel'
import { DepthPanel } from './DepthPanel'
import { MultiplierFigure } from '../history/MultiplierFigure'
import { usePaintedOnce } from './use-painted-once'
import { AssetPausesSection, DividendsSection } from '../service-status/ServiceStatusSection'

/** The detail chart and lightweight-charts with it: loaded after the first frame (App preloads it). */
export const loadPriceChart = () => import('./PriceChart')
const PriceChart = lazy(() => loadPriceChart().then((module) => ({ default: module.PriceChart })))

function Figures({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section className="detail-section" aria-label={title}>
      <h3 className="section-title">{title}</h3>
      <dl className="figures">
        {rows.map(([label, value]) => (
          <div key={label} className="figure">
            <dt>{label}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** Every session's limits, off-hours included (the service sends its block), the running one marked. */
function LimitsTable({ quote }: { quote: AssetQuote }) {
  const live = useClock((state) => liveSessionOf(state.session.phase))
  return (
    <section className="detail-section" aria-label="Session limits, the maxima per session">
      <h3 className="section-title">Session limits: maxima per session</h3>
      {quote.limits === null ? (
        <p className="muted">No session limits received yet.</p>
      ) : (
        <table className="limits">
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Tradable</th>
              <th scope="col" className="align-end">
                Max attestations
              </th>
              <th scope="col" className="align-end">
                Max notional (USD)
              </th>
            </tr>
          </thead>
          <tbody>
            {SESSION_NAMES.map((session) => {
              const limit = quote.limits?.[session] ?? null
              return (
                <tr key={session} className={live === session ? 'now' : undefined}>
                  <th scope="row">
                    {SESSION_LABEL[session]}
                    {live === session && <span className="now-tag">now</span>}
                  </th>
                  <td className={limit?.tradable ? 'up' : 'muted'}>
                    {limit === null ? MISSING : limit.tradable ? 'Yes' : 'No'}
                  </td>
                  <td className="num align-end">{formatExact(limit?.maxAttestationCount)}</td>
                  <td className="num align-end">{formatExact(limit?.maxActiveNotionalValue)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </section>
  )
}

/** What a basket holds, as the service lists it (`constituentTokens`); nothing for a single stock. */
function Constituents({ tokens }: { tokens: readonly string[] }) {
  if (tokens.length === 0) return null
  return (
    <section className="detail-section" aria-label="Constituents">
      <h3 className="section-title">
        Holds {tokens.length} {tokens.length === 1 ? 'token' : 'tokens'}
      </h3>
      <ul className="constituents">
        {tokens.map((token) => (
          <li key={token}>{token}</li>
        ))}
      </ul>
    </section>
  )
}

function Timestamp({ at }: { at: number | null }) {
  const nowMs = useClock((state) => state.now)
  const zone = useDisplayZone()
  if (at === null) return <>{MISSING}</>
  return (
    <>
      {formatZonedDateTime(at, zone)} <span className="muted">({formatAge(nowMs - at)} ago)</span>
    </>
  )
}

/** The asset's own alerts, each with its switch, edit and delete. */
function SymbolAlerts({ symbol }: { symbol: string }) {
  const all = useAlerts((state) => state.alerts)
  const alerts = alertsOf(all, symbol)
  return (
    <PanelSection id="detail-alerts-title" title="Alerts" count={alerts.length}>
      {alerts.length === 0 ? (
        <p className="muted">No alerts for {symbol}.</p>
      ) : (
        <ul className="alert-list">
          {alerts.map((alert) => (
            <AlertItem key={alert.id} alert={alert} withSymbol={false} />
          ))}
        </ul>
      )}
    </PanelSection>
  )
}

/** Where the chart will be, while the panel paints first and while its code loads. */
const CHART_PLACEHOLDER = <p className="muted chart-empty">Loading the chart…</p>

function DetailBody({ quote }: { quote: AssetQuote }) {
  // The header, price, session and figures paint first; the heavy parts mount just after.
  const painted = usePaintedOnce()
  const underlying = quote.underlying
  const changeSign = signOf(quote.changePct24h)
  const trend = changeSign > 0 ? 'up' : changeSign < 0 ? 'down' : ''
  return (
    <>
      <div className="detail-price">
        <span className="big-price num">{formatPrice(quote.price)}</span>
        <span className={`num ${trend}`}>
          {formatSignedPrice(quote.change24h)} ({formatPercent(quote.changePct24h)})
        </span>
        <StaleMarker quote={quote} />
      </div>
      {painted ? (
        <Suspense fallback={CHART_PLACEHOLDER}>
          <PriceChart symbol={quote.symbol} history={quote.history24h} offHours={tradesOffHours(quote)} />
        </Suspense>
      ) : (
        CHART_PLACEHOLDER
      )}
      <AssetPausesSection symbol={quote.symbol} />
      {painted && <CapacityPanel quote={quote} />}
      {painted && <DepthPanel quote={quote} />}
      <SymbolAlerts symbol={quote.symbol} />
      {painted && <SymbolTransactions symbol={quote.symbol} />}
      <Figures
        title="Token"
        rows={[
          ['Fair value', formatPrice(quote.fairValue)],
          ['Premium / discount', formatPercent(quote.premiumPct, 3)],
          ['Shares multiplier', <MultiplierFigure key="multiplier" quote={quote} />],
          ['Holders', formatInteger(quote.holders)],
          ['Tradable sessions', quote.tradableSessions.map((s) => SESSION_LABEL[s]).join(', ') || MISSING],
          ...(quote.otherSessions.length > 0
            ? [['Other sessions', quote.otherSessions.join(', ')] as [string, ReactNode]]
            : []),
        ]}
      />
      <Figures
        title={underlying ? `Underlying · ${underlying.ticker}` : 'Underlying'}
        rows={[
          ['Price', formatPrice(underlying?.price)],
          ['52-week high', formatPrice(underlying?.high52w)],
          ['52-week low', formatPrice(underlying?.low52w)],
          ['Volume', formatExact(underlying?.volume)],
          ['Average volume', formatExact(underlying?.averageVolume)],
          ['Shares outstanding', formatExact(underlying?.sharesOutstanding)],
          ['Market cap', `${formatCompact(underlying?.marketCap)} (${formatExact(underlying?.marketCap)})`],
        ]}
      />
      <LimitsTable quote={quote} />
      <DividendsSection symbol={quote.symbol} />
      <Constituents tokens={quote.constituentTokens} />
      <Figures
        title="Data"
        rows={[
          ['Price', <Timestamp key="price" at={quote.priceTimestamp} />],
          ['Market data', <Timestamp key="market" at={quote.marketTimestamp} />],
          ['Limits', <Timestamp key="limits" at={quote.limitsTimestamp} />],
        ]}
      />
    </>
  )
}

/**
 * A symbol shown from an alert after it left every watchlist (its alerts kept, main polls it for
 * them): the panel says so, and offers to add it to the shown list.
 */
function NoWatchlistNote({ symbol }: { symbol: string }) {
  const listName = useWatch((state) => (state.settings ? shownList(state)?.name : undefined))
  const inSomeList = useWatch(
    (state) => state.settings !== null && listsHolding(state.settings, symbol).length > 0,
  )
  if (inSomeList || listName === undefined) return null
  return (
    <p className="detail-no-list">
      <span>In no watchlist; polled for its alerts.</span>
      <button type="button" className="button button-small" onClick={() => void addSymbol(symbol)}>
        Add {symbol} to {listName}
      </button>
    </p>
  )
}

/** Everything about the selected asset, beside the list. Escape or the close button hides it. */
export function DetailPanel() {
  const open = useWatch((state) => state.detailOpen)
  const symbol = useWatch((state) => state.selected)
  const quote = useWatch((state) => (symbol === null ? undefined : state.quotes.get(symbol)))
  useEffect(() => {
    if (open) rememberPanelOpener()
  }, [open])
  if (!open || !quote) return null
  const close = () => {
    closeDetail()
    returnPanelFocus(() => document.getElementById(GRID_ID)?.focus())
  }
  return (
    <aside className="detail" aria-labelledby="detail-title">
      <header className="detail-head">
        <div>
          <h2 id="detail-title" className="detail-symbol">
            {quote.symbol}
          </h2>
          <p className="detail-name muted">{quote.name ?? quote.ticker ?? ''}</p>
          <NoWatchlistNote symbol={quote.symbol} />
        </div>
        <div className="panel-actions">
          <button
            type="button"
            className="button button-small"
            onClick={() => openAlertEditor({ kind: 'new', symbol: quote.symbol })}
          >
            New alert
          </button>
          <IconButton label="Close details" onClick={close}>
            ✕
          </IconButton>
        </div>
      </header>
      {/* Focusable, so the figures can be scrolled from the keyboard. */}
      <div className="detail-scroll" tabIndex={0}>
        <DetailBody quote={quote} />
      </div>
    </aside>
  )
}
