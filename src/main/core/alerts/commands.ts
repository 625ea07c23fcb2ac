import type { AlertInput } from '../../../shared/alerts'
import { sessionAlertRefusal } from './session-alerts'
import { RefusedChange } from '../storage/refused-change'
import type { SomeCommandHandlers } from '../command-handlers'
import type { PollFeed } from '../feed/poll-feed'
import type { AlertCenter } from './alert-center'

/** What the alerts' commands use: the alerts, the latest quotes, and the app's reaction to a change. */
export interface AlertCommandContext {
  alerts: AlertCenter
  feed: Pick<PollFeed, 'snapshot'>
  /** The alerts changed: poll their symbols too, and let the engine see them. */
  alertsChanged<T>(result: T): T
}

type AlertCommand =
  | 'listAlerts'
  | 'createAlert'
  | 'updateAlert'
  | 'setAlertEnabled'
  | 'removeAlert'
  | 'getAlertLog'
  | 'markAlertsRead'
  | 'getIdleAlerts'

/** The saved alerts and their log. Each change re-plans polling, so an alert's symbol is watched. */
export function alertCommands({
  alerts,
  feed,
  alertsChanged,
}: AlertCommandContext): SomeCommandHandlers<AlertCommand> {
  /** A session alert for a session the token cannot trade in would never fire: refused, with why. */
  const refuseImpossibleAlert = (input: AlertInput) => {
    const asset = feed.snapshot().assets.find((candidate) => candidate.symbol === input.symbol)
    const refusal = asset ? sessionAlertRefusal(asset, input.condition) : null
    if (refusal) throw new RefusedChange('failed', `input.condition.session: ${refusal}`)
  }
  return {
    listAlerts: async () => alerts.file.list(),
    createAlert: async ({ input }) => {
      refuseImpossibleAlert(input)
      return alertsChanged(await alerts.file.create(input))
    },
    updateAlert: async ({ id, input }) => {
      refuseImpossibleAlert(input)
      return alertsChanged(await alerts.file.update(id, input))
    },
    setAlertEnabled: async ({ id, enabled }) => alertsChanged(await alerts.file.setEnabled(id, enabled)),
    removeAlert: async ({ id }) => alertsChanged(await alerts.file.remove(id)),
    getAlertLog: async () => alerts.log.entries(),
    markAlertsRead: async () => alerts.markAllRead(),
    getIdleAlerts: async () => alerts.idleAlerts(),
  }
}
