import { SESSION_LABEL } from '../../shared/alert-text'
import {
  easternClock,
  formatCountdown,
  type MarketPhase,
  type SessionState,
} from '../../shared/session-clock'
import { SESSION_BADGE, isSessionName } from '../../shared/sessions'
import { formatClockTime } from '../format'
import { useClock } from '../store/clock-store'

function phaseName(phase: MarketPhase): string {
  if (phase === 'paused') return 'Paused'
  if (phase === 'closed') return 'Market closed'
  return SESSION_LABEL[phase]
}

function phaseTag(phase: MarketPhase): string {
  return isSessionName(phase) ? SESSION_BADGE[phase] : phase.toUpperCase()
}

/** The running session as a short coloured tag: REG, PRE, POST, ON, PAUSED, CLOSED. */
export function PhaseTag() {
  const phase = useClock((state) => state.session.phase)
  return (
    <span className={`phase-tag phase-${phase}`} title={phaseName(phase)}>
      {phaseTag(phase)}
    </span>
  )
}

/** Why the market is shut or short today, when there is a reason worth saying. */
function dayNote(session: SessionState, weekday: number): string | null {
  if (session.holiday) return session.holiday
  if (session.earlyClose) return 'Early close'
  if (session.phase === 'closed' && (weekday === 0 || weekday === 6)) return 'Weekend'
  return null
}

/** The header clock: the US Eastern time, the session running now and how long until it changes. */
export function SessionClock() {
  const nowMs = useClock((state) => state.now)
  const session = useClock((state) => state.session)
  const { phase, nextPhase } = session
  const countdown = formatCountdown(session.nextChangeAt - nowMs)
  const next = isSessionName(phase)
    ? `${nextPhase === 'paused' ? 'Pauses' : 'Ends'} in ${countdown}`
    : `${phaseName(nextPhase)} in ${countdown}`
  const note = dayNote(session, easternClock(nowMs).weekday)
  return (
    <section className="session-clock" data-phase={phase} aria-label="Market session">
      <PhaseTag />
      <span className="session-text">
        <span className="session-name">
          {phaseName(phase)}
          {note && <span className="muted"> · {note}</span>}
        </span>
        <span className="session-next muted">{next}</span>
      </span>
      <span className="et-time num">
        {formatClockTime(nowMs, 'America/New_York')}
        <span className="muted"> ET</span>
      </span>
    </section>
  )
}
