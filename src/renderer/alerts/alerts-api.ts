import { describeAlert } from '../../shared/alert-text'
import type { Alert, AlertInput } from '../../shared/alerts'
import type { AlertEvent, IpcResult } from '../../shared/ipc-contract'
import { playAlertChime } from './alert-sound'
import {
  addFiredEntry,
  type AlertEditorTarget,
  alertStore,
  forgetFresh,
  logMarkedRead,
  setAlertEditing,
  setAlertLog,
  setAlerts,
  setIdleAlerts,
} from './alert-store'
import { showToast } from '../store/toast-store'
import {
  announce,
  closeDialog,
  openDialog,
  setAlertsOpen,
  showNotice,
  watchStore,
} from '../store/watch-store'

/**
 * The alert commands and the alert push. Main evaluates the alerts and keeps them and their log;
 * every answer here replaces the renderer's copy.
 */

function api() {
  return window.tokenwatch
}

export async function loadAlerts(): Promise<void> {
  const [alerts, log, idle] = await Promise.all([
    api().listAlerts(),
    api().getAlertLog(),
    api().getIdleAlerts(),
  ])
  if (alerts.ok) setAlerts(alerts.value)
  if (log.ok) setAlertLog(log.value)
  if (idle.ok) setIdleAlerts(idle.value)
  const failed = [alerts, log, idle].find((result) => !result.ok)
  if (failed && !failed.ok) showNotice(`Could not load the alerts: ${failed.error.message}`)
}

/** Creates or edits; the caller shows a refusal beside the field it concerns. */
export async function saveAlert(target: AlertEditorTarget, input: AlertInput): Promise<IpcResult<Alert[]>> {
  const result =
    target.kind === 'new'
      ? await api().createAlert({ input })
      : await api().updateAlert({ id: target.alert.id, input })
  if (result.ok) {
    setAlerts(result.value)
    const saved =
      target.kind === 'new' ? result.value.at(-1) : result.value.find((a) => a.id === target.alert.id)
    if (saved) announce(`${target.kind === 'new' ? 'Created' : 'Saved'} the alert: ${describeAlert(saved)}`)
  }
  return result
}

async function changeAlert(
  request: Promise<IpcResult<Alert[]>>,
  failure: string,
  success: string,
  before: readonly Alert[] | null = null,
) {
  const result = await request
  if (!result.ok) {
    if (before) setAlerts(before)
    showNotice(`${failure}: ${result.error.message}`)
    return
  }
  setAlerts(result.value)
  announce(success)
}

/** The switch moves at once; a refusal puts it back (changeAlert's notice says why). */
export function setAlertEnabled(alert: Alert, enabled: boolean): Promise<void> {
  const words = describeAlert(alert)
  const before = alertStore.getState().alerts
  if (before) setAlerts(before.map((held) => (held.id === alert.id ? { ...held, enabled } : held)))
  return changeAlert(
    api().setAlertEnabled({ id: alert.id, enabled }),
    `Could not ${enabled ? 'enable' : 'disable'} the alert`,
    `${enabled ? 'Enabled' : 'Disabled'} the alert: ${words}`,
    before,
  )
}

export function removeAlert(alert: Alert): Promise<void> {
  return changeAlert(
    api().removeAlert({ id: alert.id }),
    'Could not delete the alert',
    `Deleted the alert: ${describeAlert(alert)}`,
  )
}

export function openAlertEditor(target: AlertEditorTarget): void {
  setAlertEditing(target)
  openDialog('alert-editor')
}

export function closeAlertEditor(): void {
  closeDialog()
  setAlertEditing(null)
}

async function markAlertsRead(): Promise<void> {
  const result = await api().markAlertsRead()
  if (result.ok) logMarkedRead(result.value)
}

/** The alerts and their log, beside the list; showing the log marks every fired alert read. */
export function showAlerts(): void {
  // New this time is what is unread now, whatever was new when the log was last shown.
  forgetFresh()
  setAlertsOpen(true)
  if (alertStore.getState().unread > 0) void markAlertsRead()
}

export function hideAlerts(): void {
  setAlertsOpen(false)
}

export function toggleAlerts(): void {
  if (watchStore.getState().alertsOpen) hideAlerts()
  else showAlerts()
}

/** Main's push when an alert fires (also while the window is hidden, for the log and the sound). */
export function onAlertFired({ entry, unreadAlerts }: AlertEvent): void {
  addFiredEntry(entry, unreadAlerts)
  if (entry.sound) playAlertChime()
  if (document.visibilityState !== 'visible') return
  announce(entry.message)
  showToast({
    tone: 'alert',
    title: `Alert · ${entry.symbol}`,
    text: entry.message,
    detail: entry.note,
    symbol: entry.symbol,
  })
  // The log is on screen: the person is looking at it.
  if (watchStore.getState().alertsOpen) void markAlertsRead()
}

/**
 * A desktop notification the OS refused (an unsigned macOS build, a missing notification
 * server): main sends it here instead. An alert's own toast is already on screen when the window
 * is in view.
 */
export function showRefusedNotification(notice: { title: string; body: string; symbol?: string }): void {
  if (notice.symbol && document.visibilityState === 'visible') return
  showToast({
    tone: notice.symbol ? 'alert' : 'info',
    title: notice.title,
    text: notice.body,
    symbol: notice.symbol,
  })
}
