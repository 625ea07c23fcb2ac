import { easternTimeText } from '../market-calendar-reading'
import { type AssetPauseReading, pauseReasonText } from '../../../shared/service-status'

/**
 * The service's asset pauses as alert news, pure like the rest of the engine: a pause announced
 * (it appears as upcoming), one starting (upcoming to in force, or in force when first listed),
 * one ending (in force, then gone or past its end). And the words a multiplier-change alert adds
 * when the change falls inside a pause that announced it.
 */

/** What the service says of the asset's pauses now; null: not known (not published, not answered yet). */
export interface KnownPauses {
  current: readonly AssetPauseReading[] | null
  /** Pauses seen lately that announced a multiplier change, kept a while after the service drops them. */
  multiplierPauses: readonly AssetPauseReading[]
}

export const NO_KNOWN_PAUSES: KnownPauses = { current: null, multiplierPauses: [] }

/** A pause's phase as last seen, by its identity (pauseKey). */
export type PausePhases = Record<string, 'upcoming' | 'active'>

/** After the end of a pause that announced a multiplier change, its change may still be seen this long. */
export const MULTIPLIER_PAUSE_GRACE_MS = 6 * 60 * 60_000

/** One pause across answers: the same symbol, kind, reason and start (the service's eventId is not kept). */
export function pauseKey(pause: AssetPauseReading): string {
  return JSON.stringify([pause.symbol, pause.code, pause.reason, pause.type, pause.start])
}

function inForce(pause: AssetPauseReading, now: number): boolean {
  if (pause.start !== null && now < pause.start) return false
  if (pause.end !== null && now >= pause.end) return false
  return pause.status === 'active' || pause.start !== null
}

/** "Stock split pause", "Earnings limit". */
function pauseName(pause: AssetPauseReading): string {
  return `${pauseReasonText(pause.reason)} ${pause.code === 'ASSET_LIMITED' ? 'limit' : 'pause'}`
}

function windowText(pause: AssetPauseReading): string {
  const from = pause.start === null ? '' : ` from ${easternTimeText(pause.start)}`
  const to = pause.end === null ? ', end not given' : ` until ${easternTimeText(pause.end)}`
  return `${from}${to}`
}

/**
 * The symbol's pauses now against those seen before. The first reading (`before` null) is only
 * remembered, as every alert's first observation is: a pause already known at start is not news.
 */
export function pauseNews(
  symbol: string,
  before: PausePhases | null,
  current: readonly AssetPauseReading[],
  now: number,
): { phases: PausePhases; news: string[] } {
  const phases: PausePhases = {}
  const news: string[] = []
  for (const pause of current) {
    if (pause.symbol !== symbol) continue
    if (pause.end !== null && now >= pause.end) continue
    const key = pauseKey(pause)
    const phase = inForce(pause, now) ? 'active' : 'upcoming'
    phases[key] = phase
    if (before === null || before[key] === phase) continue
    const multiplier = pause.updateSharesMultiplier ? '; the multiplier will change' : ''
    if (phase === 'upcoming')
      news.push(`${symbol}: ${pauseName(pause)} announced${windowText(pause)}${multiplier}`)
    else
      news.push(
        `${symbol}: ${pauseName(pause)} started${pause.end === null ? '' : ` until ${easternTimeText(pause.end)}`}` +
          `${multiplier}`,
      )
  }
  for (const [key, phase] of Object.entries(before ?? {}))
    if (phase === 'active' && phases[key] !== 'active') news.push(`${symbol}: ${endedName(key)} ended`)
  return { phases, news }
}

/** The name of a pause known only by its key (it has left the answer). */
function endedName(key: string): string {
  const [, code, reason] = JSON.parse(key) as [string, string | null, string | null]
  return `${pauseReasonText(reason)} ${code === 'ASSET_LIMITED' ? 'limit' : 'pause'}`
}

/** ", in the announced stock split pause" when a pause that announced a multiplier change holds `now`. */
export function multiplierPauseNote(
  symbol: string,
  pauses: readonly AssetPauseReading[],
  now: number,
): string {
  const within = pauses.find(
    (pause) =>
      pause.symbol === symbol &&
      pause.updateSharesMultiplier &&
      (pause.start === null || now >= pause.start) &&
      (pause.end === null || now < pause.end + MULTIPLIER_PAUSE_GRACE_MS),
  )
  return within ? `, in the announced ${pauseName(within).toLowerCase()}${windowText(within)}` : ''
}
