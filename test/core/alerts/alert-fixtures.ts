import {
  type Alert,
  type AlertConditionInput,
  type AlertFiring,
  alertSchema,
} from '../../../src/shared/alerts'
import type { DepthLadder, DepthLevel } from '../../../src/shared/depth'
import { type AssetQuote, emptyAsset } from '../../../src/shared/domain'
import type { AssetPauseReading } from '../../../src/shared/service-status'
import { type AlertStates, evaluateAlerts } from '../../../src/main/core/alerts/alert-engine'

/** Shared by the alert tests: alerts and quotes built from the few fields a test cares about. */

export const SYMBOL = 'AAPLon'
export const T0 = Date.parse('2026-01-13T15:00:00Z')

/** A saved alert, checked by the real schema (so defaults apply as they would in the app). */
export function makeAlert(
  condition: AlertConditionInput,
  fields: Partial<Omit<Alert, 'condition'>> = {},
): Alert {
  return alertSchema.parse({ id: 'a1', createdAt: T0, symbol: SYMBOL, condition, cooldownMs: 0, ...fields })
}

export function quote(fields: Partial<AssetQuote>, symbol = SYMBOL): AssetQuote {
  return { ...emptyAsset(symbol), ...fields }
}

export interface Step {
  at: number
  asset: AssetQuote
}

/** Feeds observations one by one through the engine, as the app does, and collects the firings. */
export function run(alerts: readonly Alert[], steps: readonly Step[], states: AlertStates = {}) {
  const fired: AlertFiring[] = []
  let current = states
  for (const step of steps) {
    const result = evaluateAlerts(alerts, current, new Map([[step.asset.symbol, step.asset]]), step.at)
    fired.push(...result.fired)
    current = result.states
  }
  return { fired, states: current }
}

/** One observation per value, `intervalMs` apart from T0, each value put in `field`. */
export function series(
  field: 'price' | 'changePct24h' | 'premiumPct',
  values: readonly string[],
  intervalMs = 5_000,
): Step[] {
  return values.map((value, i) => ({
    at: T0 + i * intervalMs,
    asset: quote({ [field]: value, priceTimestamp: T0 }),
  }))
}

export const level = (price: string, quantity: string): DepthLevel => ({ price, quantity })

/** A depth ladder of `symbol` in the regular session, with no error, as the held depth stream hands it. */
export function ladder(
  bids: DepthLevel[],
  asks: DepthLevel[],
  fields: Partial<DepthLadder> = {},
  symbol = SYMBOL,
): DepthLadder {
  return {
    symbol,
    ticker: symbol.replace(/on$/, ''),
    session: 'regular',
    knownSession: 'regular',
    error: null,
    timestampNs: '1763395200000000000',
    bids,
    asks,
    crossed: false,
    repairs: { outOfOrder: 0, dropped: 0, droppedForError: 0, cut: 0 },
    ...fields,
  }
}

/** A spread of 9.99 bp of the mid, and one of 26.94 bp. */
export const tight = ladder([level('100.10', '40')], [level('100.20', '35')])
export const wide = ladder([level('100.10', '12.5')], [level('100.37', '8')])

/**
 * A split of LLYon: its pause runs from Monday 2026-11-16 19:50 ET to Tuesday 04:00 ET (EST,
 * -05:00), said in market time as main's texts say it unless Settings chose another zone.
 */
export const LLY = 'LLYon'
export const SPLIT_START = Date.parse('2026-11-16T19:50:00-05:00')
export const SPLIT_END = Date.parse('2026-11-17T04:00:00-05:00')
export const SPLIT_WINDOW = 'from Nov 16, 19:50:00 ET until Nov 17, 04:00:00 ET'

/** The split's pause as the service lists it: upcoming, announcing a multiplier change. */
export function split(fields: Partial<AssetPauseReading> = {}): AssetPauseReading {
  return {
    symbol: LLY,
    status: 'upcoming',
    type: 'scheduled',
    code: 'ASSET_PAUSED',
    reason: 'stock_split',
    start: SPLIT_START,
    end: SPLIT_END,
    updateSharesMultiplier: true,
    ...fields,
  }
}
