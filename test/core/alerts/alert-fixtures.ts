import {
  type Alert,
  type AlertConditionInput,
  type AlertFiring,
  alertSchema,
} from '../../../src/shared/alerts'
import { type AssetQuote, emptyAsset } from '../../../src/shared/domain'
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
