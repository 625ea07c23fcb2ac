import { formatCountdown, type MarketPhase, type SessionState } from '../../shared/session-clock'
import { SESSION_BADGE, isSessionName } from '../../shared/sessions'
import { offhoursTokenCount, sessionHeadline } from '../../shared/session-text'
import { formatClockTime } from '../format'
import { MARKET_TIME_ZONE } from '../../shared/display-time'
import { type ClockState, clockStore, useClock } from '../store/clock-store'
import { useDisagreeingMarket } from '../service-status/service-store'
import { type WatchState, useWatch } from '../store/watch-store'
import { ClockText } from './ClockText'
import { ServiceSessionClock } from '../service-status/ServiceMarket'

/**
 * How many tokens of the watchlist trade in the off-hours session, counted only while the market
 * is closed: the only time it is said (phaseTag, sessionHeadline). The count is a pass over every
 * row, run at each delta: at 10,000 rows it was half of a delta's commit (BENCHMARKS.md).
 */
function useOffhoursTokenCount(phase: MarketPhase): number {
  return useWatch((state) => (phase === 'closed' ? offhoursTokenCountOf(state) : 0))
}

/** The last count, kept for the rows it was counted on: the header and the tag ask for the same. */
let lastCount: { order: readonly string[]; quotes: WatchState['quotes']; count: number } | null = null

function offhoursTokenCountOf({ order, quotes }: WatchState): number {
  if (lastCount?.order !== order || lastCount.quotes !== quotes)
    lastCount = { order, quotes, count: offhoursTokenCount(order.map((symbol) => quotes.get(symbol))) }
  return lastCount.count
}

function phaseTag(phase: MarketPhase, offhoursTokens: number): string {
  if (phase === 'closed' && offhoursTokens > 0) return SESSION_BADGE.offhours
  return isSessionName(phase) ? SESSION_BADGE[phase] : phase.toUpperCase()
}

/**
 * The running session as a short coloured tag: REG, PRE, POST, ON, PAUSED, CLOSED; OFF while the
 * market is closed but tokens of the watchlist trade off-hours.
 */
export function PhaseTag() {
  const phase = useClock((state) => state.session.phase)
  const offhoursTokens = useOffhoursTokenCount(phase)
  const offhours = phase === 'closed' && offhoursTokens > 0
  return (
    <span
      className={`phase-tag phase-${offhours ? 'offhours' : phase}`}
      title={sessionHeadline(phase, offhoursTokens)}
    >
      {phaseTag(phase, offhoursTokens)}
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

/**
 * The header clock: the US Eastern time, the session running now and how long until it changes.
 * Compact (a narrow window): one badge, the session's tag and the countdown, the words in its
 * tooltip and for screen readers.
 */
export function SessionClock({ compact = false }: { compact?: boolean }) {
  // The service knows of a halt or a changed schedule our calendar cannot: its state is shown then.
  const serviceMarket = useDisagreeingMarket()
  if (serviceMarket !== null) return <ServiceSessionClock market={serviceMarket} compact={compact} />
  return <CalendarSessionClock compact={compact} />
}

/** What comes next and when: "Ends in 4h 27m 46s"; while closed, the next conventional session. */
function nextText({ now, session }: ClockState): string {
  const countdown = formatCountdown(session.nextChangeAt - now)
  return isSessionName(session.phase)
    ? `${session.nextPhase === 'paused' ? 'Pauses' : 'Ends'} in ${countdown}`
    : `${sessionHeadline(session.nextPhase, 0)} in ${countdown}`
}

const countdownText = ({ now, session }: ClockState) => formatCountdown(session.nextChangeAt - now)
const timeText = ({ now }: ClockState) => formatClockTime(now, MARKET_TIME_ZONE)

/**
 * Renders when the session changes; the seconds (time, countdown) are written by ClockText. The
 * compact badge's tooltip carries the countdown too: it is read when hovered, not each second.
 */
function CalendarSessionClock({ compact }: { compact: boolean }) {
  const session = useClock((state) => state.session)
  const { phase } = session
  const offhoursTokens = useOffhoursTokenCount(phase)
  const note = dayNote(session, new Date(`${session.easternDate}T00:00:00Z`).getUTCDay())
  const time = (
    <span className="et-time num">
      <ClockText text={timeText} />
      <span className="muted"> ET</span>
    </span>
  )
  if (compact) {
    const words = `${sessionHeadline(phase, offhoursTokens)}${note ? ` · ${note}` : ''} · `
    return (
      <section
        className="session-clock session-clock-compact"
        data-phase={phase}
        aria-label="Market session"
        onPointerEnter={(event) => {
          event.currentTarget.title = words + nextText(clockStore.getState())
        }}
        title={words + nextText(clockStore.getState())}
      >
        <PhaseTag />
        <ClockText className="session-countdown num" text={countdownText} hidden />
        <span className="visually-hidden">
          {words}
          <ClockText text={nextText} />
        </span>
        {time}
      </section>
    )
  }
  return (
    <section className="session-clock" data-phase={phase} aria-label="Market session">
      <PhaseTag />
      <span className="session-text">
        <span className="session-name">
          {sessionHeadline(phase, offhoursTokens)}
          {note && <span className="muted"> · {note}</span>}
        </span>
        <ClockText className="session-next muted" text={nextText} />
      </span>
      {time}
    </section>
  )
}
