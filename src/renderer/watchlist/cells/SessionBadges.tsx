import { memo } from 'react'
import type { AssetQuote } from '../../../shared/domain'
import { isTradableIn } from '../../../shared/domain'
import { SESSION_LABEL } from '../../../shared/alert-text'
import { CONVENTIONAL_SESSIONS, SESSION_BADGE, type SessionName } from '../../../shared/sessions'
import { useLiveSession, useMarketHalt, useSymbolPauses } from '../../service-status/service-store'
import { PauseReasonLine, PauseSoonMark, PauseTag } from './PauseMarks'

/**
 * PRE REG POST ON: filled when the token trades in that session, outlined and struck through
 * when it does not; the session running now (US Eastern clock) is ringed. A fifth, OFF, only for
 * tokens that trade off-hours (weekends, holidays, after an early close): ringed while it runs. Each badge
 * says all
 * that in words too: its accessible name for screen readers, its tooltip for anyone who cannot
 * tell the styles apart. (A label rather than hidden text: one element a badge instead of three,
 * and the watchlist's first frame lays out four badges a row.)
 *
 * What the service says wins over the calendar: the session ringed is the service's where it
 * disagrees with our calendar (a halt rings none). While the service halts the whole market (an
 * unscheduled pause) every badge reads not tradable, the header saying why. While it pauses the
 * token every badge reads not tradable and a PAUSED (or LIMITED) tag stands in place of the
 * ringed session, its reason and end under the badges.
 */
function SessionBadgesOf({ quote }: { quote: AssetQuote }) {
  // Selecting the session, not the time: the badges re-render when the session changes, not each second.
  const live = useLiveSession()
  const pauses = useSymbolPauses(quote.symbol)
  const halt = useMarketHalt()
  const active = pauses?.active ?? null
  const sessions: readonly SessionName[] = isTradableIn(quote, 'offhours')
    ? [...CONVENTIONAL_SESSIONS, 'offhours']
    : CONVENTIONAL_SESSIONS
  const tagInPlace = active !== null && live !== null && sessions.includes(live)
  const badges = (
    <span className="badges">
      {sessions.map((session) => {
        if (tagInPlace && live === session) return <PauseTag key={session} active={active} />
        const tradable = isTradableIn(quote, session) && active?.effect !== 'paused' && halt === null
        const running = live === session
        const haltText = halt === null ? '' : `, market ${halt.marketStatus} by the service`
        const description =
          `${SESSION_LABEL[session]}: ${tradable ? 'tradable' : 'not tradable'}` +
          `${haltText}${running ? ', in session now' : ''}`
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
      {active !== null && !tagInPlace && <PauseTag active={active} />}
      {pauses && pauses.upcoming.length > 0 && <PauseSoonMark pauses={pauses} />}
    </span>
  )
  if (active === null) return badges
  return (
    <span className="badges-with-pause">
      {badges}
      <PauseReasonLine active={active} />
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
