import type { ActivePause, SymbolPauses } from '../../../shared/service-status'
import { useClock } from '../../store/clock-store'
import {
  pauseTagText,
  pauseWithinADay,
  shortMarketTime,
  upcomingPauseText,
} from '../../service-status/service-status-text'

/**
 * What the service says of a row's token now: a PAUSED or LIMITED tag where the running session's
 * badge would be ringed (SessionBadges), with the reason and the end in words; and a small mark
 * when a pause starts within a day.
 */

export function PauseTag({ active }: { active: ActivePause }) {
  const text = pauseTagText(active)
  if (text === null) return null
  const description = `${text.tag === 'PAUSED' ? 'Paused' : 'Limited'} by the service: ${text.words}`
  return (
    <span
      className={`pause-tag pause-${active.effect}`}
      data-pause={active.effect}
      role="img"
      aria-label={description}
      title={description}
    >
      {text.tag}
    </span>
  )
}

/** "Stock split · until Mon 04:00 ET", under the badges (the whole sentence in its tooltip). */
export function PauseReasonLine({ active }: { active: ActivePause }) {
  const now = useClock((state) => Math.floor(state.now / 60_000) * 60_000)
  const text = pauseTagText(active)
  if (text === null) return null
  const end = active.pause.end === null ? 'end not given' : `until ${shortMarketTime(active.pause.end, now)}`
  const reason = text.words.split(', ')[0]
  return (
    <span className="pause-reason" title={text.words} aria-hidden="true">
      {reason} · {end}
    </span>
  )
}

/** A small clock mark while a pause starts within 24 hours; read once a minute, not each second. */
export function PauseSoonMark({ pauses }: { pauses: SymbolPauses }) {
  const minute = useClock((state) => Math.floor(state.now / 60_000) * 60_000)
  const soon = pauseWithinADay(pauses, minute)
  if (soon === null) return null
  const description = `Coming: ${upcomingPauseText(soon)}`
  return (
    <span className="pause-soon" role="img" aria-label={description} title={description}>
      ◷
    </span>
  )
}
