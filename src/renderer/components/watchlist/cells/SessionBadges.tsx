import { memo } from 'react'
import type { AssetQuote } from '../../../../shared/domain'
import { isTradableIn } from '../../../../shared/normalize'
import { SESSION_LABEL } from '../../../../shared/alert-text'
import { liveSessionOf } from '../../../../shared/session-clock'
import { CONVENTIONAL_SESSIONS, SESSION_BADGE, type SessionName } from '../../../../shared/sessions'
import { useClock } from '../../../store/clock-store'

/**
 * PRE REG POST ON: filled when the token trades in that session, outlined and struck through
 * when it does not; the session running now (US Eastern clock) is ringed. A fifth, OFF, only for
 * tokens that trade off-hours (weekends, holidays, after an early close): ringed while it runs. Each badge says all
 * that in words too: its accessible name for screen readers, its tooltip for anyone who cannot
 * tell the styles apart. (A label rather than hidden text: one element a badge instead of three,
 * and the watchlist's first frame lays out four badges a row.)
 */
function SessionBadgesOf({ quote }: { quote: AssetQuote }) {
  // Selecting the phase, not the time: the badges re-render when the session changes, not each second.
  const live = useClock((state) => liveSessionOf(state.session.phase))
  const sessions: readonly SessionName[] = isTradableIn(quote, 'offhours')
    ? [...CONVENTIONAL_SESSIONS, 'offhours']
    : CONVENTIONAL_SESSIONS
  return (
    <span className="badges">
      {sessions.map((session) => {
        const tradable = isTradableIn(quote, session)
        const running = live === session
        const description = `${SESSION_LABEL[session]}: ${tradable ? 'tradable' : 'not tradable'}${running ? ', in session now' : ''}`
        return (
          <span
            key={session}
            className={`badge ${tradable ? 'badge-on' : 'badge-off'}${running ? ' badge-now' : ''}`}
            data-session={session}
            data-tradable={tradable}
            data-running={running}
            role="img"
            aria-label={description}
            title={description}
          >
            {SESSION_BADGE[session]}
          </span>
        )
      })}
    </span>
  )
}

/** Re-rendered only when what decides tradability changes, not on every price tick. */
export const SessionBadges = memo(
  SessionBadgesOf,
  (before, after) =>
    before.quote.limits === after.quote.limits &&
    before.quote.tradableSessions === after.quote.tradableSessions,
)
