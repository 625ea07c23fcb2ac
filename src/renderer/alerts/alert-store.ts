import { useStoreSlice } from '../store/use-store-slice'
import { createStore } from 'zustand/vanilla'
import { MAX_LOG_ENTRIES } from '../../shared/alert-limits'
import type { Alert, AlertLogEntry } from '../../shared/alerts'

/**
 * The alerts as main keeps them, the log of those that fired, and the unread count the header's
 * bell shows. Main owns all of it (it evaluates alerts even while the window is hidden); this is
 * its copy for display, replaced by each answer and push.
 */

/** What the alert editor works on: a new alert for a symbol, or one that exists. */
export type AlertEditorTarget = { kind: 'new'; symbol: string } | { kind: 'edit'; alert: Alert }

export interface AlertsState {
  /** Null until main has answered. */
  alerts: readonly Alert[] | null
  /** Newest first. */
  log: readonly AlertLogEntry[]
  unread: number
  /** Entries that were unread when the log was opened, or came in while it was open: drawn as new. */
  fresh: ReadonlySet<string>
  editing: AlertEditorTarget | null
  /** The depth alerts that cannot fire now, by id, with why ("no depth: market closed"). */
  idle: Readonly<Record<string, string>>
}

export const initialAlertsState: AlertsState = {
  alerts: null,
  log: [],
  unread: 0,
  fresh: new Set(),
  editing: null,
  idle: {},
}

export const alertStore = createStore<AlertsState>(() => initialAlertsState)

export function useAlerts<T>(selector: (state: AlertsState) => T): T {
  return useStoreSlice(alertStore, selector)
}

/** A log entry's identity: an alert fires at most once at a given instant. */
export function logEntryKey(entry: Pick<AlertLogEntry, 'alertId' | 'at'>): string {
  return `${entry.alertId}@${entry.at}`
}

export function setAlerts(alerts: readonly Alert[]): void {
  alertStore.setState({ alerts })
}

export function setIdleAlerts(idle: Readonly<Record<string, string>>): void {
  alertStore.setState({ idle })
}

export function setAlertLog(log: readonly AlertLogEntry[]): void {
  alertStore.setState({ log })
}

export function setUnreadAlerts(unread: number): void {
  alertStore.setState({ unread })
}

export function addFiredEntry(entry: AlertLogEntry, unread: number): void {
  const key = logEntryKey(entry)
  alertStore.setState((state) => ({
    // The log loaded at start may already hold it (the push raced the answer).
    log: [entry, ...state.log.filter((held) => logEntryKey(held) !== key)].slice(0, MAX_LOG_ENTRIES),
    unread,
  }))
}

/** Main marked the log read: what was unread until now stays drawn as new while the log is shown. */
export function logMarkedRead(log: readonly AlertLogEntry[]): void {
  alertStore.setState((state) => {
    const fresh = new Set(state.fresh)
    for (const entry of state.log) if (!entry.read) fresh.add(logEntryKey(entry))
    return { log, unread: 0, fresh }
  })
}

/** The log is shown afresh: only what is unread now will be new. */
export function forgetFresh(): void {
  alertStore.setState({ fresh: new Set() })
}

export function setAlertEditing(editing: AlertEditorTarget | null): void {
  alertStore.setState({ editing })
}

/** The alerts of one symbol, in the order they were created. */
export function alertsOf(alerts: readonly Alert[] | null, symbol: string): Alert[] {
  return (alerts ?? []).filter((alert) => alert.symbol === symbol)
}
