import type { AppCore } from '../../src/main/core/app/app-core'
import { Dec } from '../../src/shared/decimal'
import type { AlertEvent } from '../../src/shared/ipc-contract'
import { nextPricesPoll } from '../support/polls'
import type { LiveHarness } from './live-sim'

/**
 * Making an alert fire in a browser test: levels a hair either side of the price, and a market
 * moved on a couple of minutes per poll until the walk crosses one of them.
 */

/** How far the market moves per step, and how many steps a crossing may take at most. */
const STEP_MS = 2 * 60_000
const MAX_STEPS = 60

/** Price levels 0.1 % above and below a price, to the cent: the walk leaves that band in a few steps. */
export function levelsAround(price: string): { above: string; below: string } {
  const exact = new Dec(price)
  return {
    above: exact.times('1.001').toDecimalPlaces(2, Dec.ROUND_UP).toFixed(2),
    below: exact.times('0.999').toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed(2),
  }
}

export function priceOf(core: AppCore, symbol: string): string {
  const price = core.currentSnapshot().assets.find((asset) => asset.symbol === symbol)?.price
  if (!price) throw new Error(`no price for ${symbol}`)
  return price
}

/** Every alert main reports from now on. */
export function recordFirings(core: AppCore): AlertEvent[] {
  const fired: AlertEvent[] = []
  core.on('alert', (event) => fired.push(event))
  return fired
}

/** Moves the market on, a poll per step, until `fired` holds a firing; returns the first. */
export async function stepUntilFired(
  harness: LiveHarness,
  fired: readonly AlertEvent[],
): Promise<AlertEvent> {
  for (let step = 0; step < MAX_STEPS && fired.length === 0; step++) {
    await harness.advanceMarket(STEP_MS)
    const polled = nextPricesPoll(harness.core)
    await harness.core.invoke('refreshNow', undefined)
    await polled
  }
  const first = fired[0]
  if (!first) throw new Error(`no alert fired in ${MAX_STEPS} steps of ${STEP_MS} ms`)
  return first
}
