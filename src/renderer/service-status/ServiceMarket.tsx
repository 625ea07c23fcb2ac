import { type MarketReading, serviceLiveSession } from '../../shared/service-status'
import { SESSION_BADGE } from '../../shared/sessions'
import { marketHeadline } from '../../shared/session-text'
import { marketTime } from './service-status-text'
import { useServiceState } from './service-store'

/**
 * The market state as the service says it, in the header. Where the service disagrees with our
 * calendar (a halt, an unscheduled pause, a changed schedule), SessionClock shows this in its
 * place, marked as the service's; where it agrees, a small mark says the service confirms the
 * calendar; where it publishes no market status, a small mark says the session is the calendar's.
 */

/** "Opens Nov 18, 11:00:00 ET", "Reopening not given". */
function nextText(market: MarketReading): string {
  if (market.isOpen)
    return market.nextClose === null ? 'Close not given' : `Closes ${marketTime(market.nextClose)}`
  return market.nextOpen === null ? 'Reopening not given' : `Opens ${marketTime(market.nextOpen)}`
}

/** SessionClock's body while the service disagrees with the calendar. */
export function ServiceSessionClock({ market, compact }: { market: MarketReading; compact: boolean }) {
  const live = serviceLiveSession(market)
  const phase = live ?? (market.marketStatus === 'closed' ? 'closed' : 'paused')
  const tag = live ? SESSION_BADGE[live] : market.marketStatus.toUpperCase()
  const words = `${marketHeadline(market, market.offhoursOpen ? 1 : 0)} · ${nextText(market)}`
  const title = `The service's market status; our calendar says otherwise. ${words}`
  return (
    <section
      className={`session-clock service-session${compact ? ' session-clock-compact' : ''}`}
      data-phase={phase}
      data-source="service"
      aria-label="Market session, as the service says"
      title={title}
    >
      <span className={`phase-tag phase-${live === 'offhours' ? 'offhours' : phase}`}>{tag}</span>
      {compact ? (
        <span className="visually-hidden">{words}</span>
      ) : (
        <span className="session-text">
          <span className="session-name">{marketHeadline(market, market.offhoursOpen ? 1 : 0)}</span>
          <span className="session-next muted">{nextText(market)}</span>
        </span>
      )}
    </section>
  )
}

/**
 * Beside the session clock: whether the session shown is confirmed by the service or the calendar's alone.
 */
export function ServiceMarketMark() {
  const service = useServiceState()
  if (service === null) return null
  const { market, publishes } = service
  // A failing status poll is never silent: the session shown may be the calendar's fallback.
  if (service.problem !== null)
    return (
      <span
        className="service-mark service-mark-failing"
        data-source={market.source}
        title={`The service's market status could not be read: ${service.problem}`}
      >
        {market.source === 'service' ? 'service status old' : 'calendar (service failing)'}
      </span>
    )
  if (market.source === 'service' && market.calendarAgrees !== false)
    return (
      <span
        className="service-mark"
        data-source="service"
        title="The service's market status says the same as our calendar"
      >
        ✓ service
      </span>
    )
  if (market.source === 'calendar' && publishes.marketStatus === false)
    return (
      <span
        className="service-mark muted"
        data-source="calendar"
        title="This service does not publish a market status: the session shown is our calendar's"
      >
        calendar only
      </span>
    )
  return null
}
