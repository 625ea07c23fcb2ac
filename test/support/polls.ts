import type { AppCore } from '../../src/main/core/app/app-core'

/** Waiting on main's polls by what they did, not by how long they usually take. */

/** Resolves once `probe` holds, checking every 10 ms; fails naming `what` after `timeoutMs`. */
export async function until(probe: () => unknown, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Resolves once none of main's endpoints has a request under way. */
export function untilNoPollInFlight(core: AppCore): Promise<void> {
  return until(
    () => Object.values(core.status().endpoints).every((endpoint) => !endpoint.inFlight),
    'the polls in flight to land',
  )
}

/**
 * Resolves once main's prices poll has run after this call (answered or failed): what a test waits
 * for after asking for a refresh. Call it before asking, so it cannot miss the poll.
 */
export function nextPricesPoll(core: AppCore): Promise<void> {
  const before = core.status().endpoints.prices
  return until(() => {
    const now = core.status().endpoints.prices
    return !now.inFlight && (now.lastSuccessAt !== before.lastSuccessAt || now.lastError !== before.lastError)
  }, 'the next prices poll')
}
