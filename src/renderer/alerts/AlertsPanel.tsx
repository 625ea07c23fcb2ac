import { useEffect, useRef, type ReactNode } from 'react'
import { describeAlert, describeCondition } from '../../shared/alert-text'
import { DEFAULT_REARM_BAND } from '../../shared/alert-limits'
import type { Alert, AlertLogEntry } from '../../shared/alerts'
import { hideAlerts, openAlertEditor, removeAlert, setAlertEnabled } from './alerts-api'
import { useDisplayZone } from '../display-zone'
import { dayKey, formatZonedDateTime, formatZonedTime } from '../format'
import { GRID_ID } from '../element-ids'
import { rememberPanelOpener, returnPanelFocus } from '../detail/panel-focus'
import { logEntryKey, useAlerts } from './alert-store'
import { useClock } from '../store/clock-store'
import { showSymbol, useWatch, watchStore } from '../store/watch-store'
import { IconButton } from '../ui/IconButton'

const MINUTE_MS = 60_000

/** The settings an alert has beyond its condition: "cooldown 5 min · re-arm 0.5% · sound". */
function alertDetails(alert: Alert): string {
  const parts = [`cooldown ${alert.cooldownMs / MINUTE_MS} min`]
  const band = 'rearmBand' in alert.condition ? alert.condition.rearmBand : null
  if (band !== null && band !== DEFAULT_REARM_BAND) parts.push(`re-arm ${band}%`)
  if (alert.sound) parts.push('sound')
  return parts.join(' · ')
}

/**
 * One alert in words, with its switch, edit and delete. In the alerts panel it names its symbol;
 * in an asset's detail panel the symbol goes without saying.
 */
export function AlertItem({ alert, withSymbol }: { alert: Alert; withSymbol: boolean }) {
  const words = describeAlert(alert)
  const idle = useAlerts((state) => (alert.enabled ? state.idle[alert.id] : undefined))
  return (
    <li className={`alert-item${alert.enabled ? '' : ' alert-off'}`}>
      <input
        type="checkbox"
        role="switch"
        className="switch"
        checked={alert.enabled}
        aria-label={`Enabled: ${words}`}
        onChange={(event) => void setAlertEnabled(alert, event.target.checked)}
      />
      <div className="alert-text">
        <p className="alert-condition">
          {withSymbol && <span className="alert-symbol">{alert.symbol}</span>}{' '}
          {describeCondition(alert.condition)}
        </p>
        <p className="alert-details">
          {alertDetails(alert)}
          {alert.note && <span className="alert-note"> · {alert.note}</span>}
        </p>
        {idle && <p className="alert-idle">Idle: {idle}</p>}
      </div>
      <IconButton label={`Edit alert: ${words}`} onClick={() => openAlertEditor({ kind: 'edit', alert })}>
        ✎
      </IconButton>
      <IconButton label={`Delete alert: ${words}`} className="danger" onClick={() => void removeAlert(alert)}>
        ✕
      </IconButton>
    </li>
  )
}

/** A titled part of a side panel, its count beside the title. */
export function PanelSection(props: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <section className="detail-section" aria-labelledby={props.id}>
      <h3 id={props.id} className="section-title">
        {props.title} <span className="count">{props.count}</span>
      </h3>
      {props.children}
    </section>
  )
}

/** "14:03:12 ET" today, "Nov 17, 14:03:12 ET" before: the day and time in the zone times are shown in. */
function FiredAt({ at }: { at: number }) {
  const zone = useDisplayZone()
  const today = useClock((state) => dayKey(state.now, zone.timeZone))
  const sameDay = dayKey(at, zone.timeZone) === today
  return (
    <time className="log-time num" dateTime={new Date(at).toISOString()}>
      {sameDay ? formatZonedTime(at, zone) : formatZonedDateTime(at, zone)}
    </time>
  )
}

function LogEntry({ entry, fresh }: { entry: AlertLogEntry; fresh: boolean }) {
  return (
    <li className={`log-entry${fresh ? ' fresh' : ''}`}>
      <span className="log-dot" aria-hidden="true" />
      <FiredAt at={entry.at} />
      <div className="log-text">
        <p className="log-message">
          {fresh && <span className="visually-hidden">New: </span>}
          {entry.message}
        </p>
        {entry.note && <p className="log-note">{entry.note}</p>}
      </div>
      <button
        type="button"
        className="button button-small button-quiet"
        aria-label={`Show ${entry.symbol}`}
        onClick={() => showSymbol(entry.symbol)}
      >
        Show
      </button>
    </li>
  )
}

function AlertList() {
  const alerts = useAlerts((state) => state.alerts)
  if (alerts === null) return <p className="muted">Loading alerts…</p>
  if (alerts.length === 0)
    return (
      <p className="panel-empty muted">
        No alerts yet. Right-click a row, or select it and press <kbd>Shift</kbd> <kbd>F10</kbd>, to create
        one.
      </p>
    )
  return (
    <ul className="alert-list">
      {alerts.map((alert) => (
        <AlertItem key={alert.id} alert={alert} withSymbol />
      ))}
    </ul>
  )
}

function AlertLog() {
  const log = useAlerts((state) => state.log)
  const fresh = useAlerts((state) => state.fresh)
  if (log.length === 0) return <p className="panel-empty muted">No alert has fired yet.</p>
  return (
    <ol className="alert-log" aria-label="Fired alerts, newest first">
      {log.map((entry) => {
        const key = logEntryKey(entry)
        return <LogEntry key={key} entry={entry} fresh={fresh.has(key)} />
      })}
    </ol>
  )
}

/** A new alert from the panel: for the selected row, else the first on the watchlist. */
function newAlertSymbol(): string | null {
  const state = watchStore.getState()
  return state.selected ?? state.order[0] ?? null
}

/** The alerts and the log of those that fired, beside the watchlist. Escape or ✕ hides it. */
export function AlertsPanel() {
  const open = useWatch((state) => state.alertsOpen)
  const count = useAlerts((state) => state.alerts?.length ?? 0)
  const logCount = useAlerts((state) => state.log.length)
  const canCreate = useWatch((state) => state.order.length > 0)
  const panel = useRef<HTMLElement>(null)
  // Focus moves into the panel when it opens, so the keyboard can go on from there.
  useEffect(() => {
    if (!open) return
    rememberPanelOpener()
    panel.current?.focus()
  }, [open])
  if (!open) return null
  const close = () => {
    hideAlerts()
    returnPanelFocus(() => document.getElementById(GRID_ID)?.focus())
  }
  const create = () => {
    const symbol = newAlertSymbol()
    if (symbol) openAlertEditor({ kind: 'new', symbol })
  }
  return (
    <aside ref={panel} className="detail alerts-panel" aria-labelledby="alerts-title" tabIndex={-1}>
      <header className="detail-head">
        <h2 id="alerts-title" className="detail-symbol">
          Alerts
        </h2>
        <div className="panel-actions">
          <button type="button" className="button button-small" disabled={!canCreate} onClick={create}>
            New alert
          </button>
          <IconButton label="Close alerts" onClick={close}>
            ✕
          </IconButton>
        </div>
      </header>
      <div className="detail-scroll">
        <PanelSection id="alert-list-title" title="Watching" count={count}>
          <AlertList />
        </PanelSection>
        <PanelSection id="alert-log-title" title="Fired" count={logCount}>
          <AlertLog />
        </PanelSection>
      </div>
    </aside>
  )
}
