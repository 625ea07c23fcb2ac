import { SESSION_LABEL } from '../../../shared/alert-text'
import type { AlertInput } from '../../../shared/alerts'
import { type AssetQuote, isTradableIn } from '../../../shared/domain'
import { SESSION_BADGE, SESSION_NAMES } from '../../../shared/sessions'

/**
 * Why a session alert can never fire for this token, or null when it can (or when the token's
 * sessions are not known yet). An alert on a session the token cannot trade in would sit
 * "Watching" for ever: main refuses it with this sentence, shown under the session field.
 */
export function sessionAlertRefusal(asset: AssetQuote, condition: AlertInput['condition']): string | null {
  if (condition.kind !== 'session' || condition.session === 'any') return null
  if (asset.marketTimestamp === null && asset.limitsTimestamp === null) return null
  if (isTradableIn(asset, condition.session)) return null
  const tradable = SESSION_NAMES.filter((session) => isTradableIn(asset, session))
  const choices =
    tradable.length > 0
      ? `choose a session it trades in (${tradable.map((session) => SESSION_BADGE[session]).join(', ')})`
      : 'it trades in no session now'
  return (
    `${asset.symbol} cannot trade in the ${SESSION_LABEL[condition.session]}` +
    ` session, so this alert would never fire: ${choices}`
  )
}
