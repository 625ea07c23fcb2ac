import { request } from 'undici'
import type { SimRequest } from './sim-process'

/**
 * The floor of the core's CPU: a process that does the same network work as the core and nothing
 * else. It asks the simulator for the very paths the core asked for, at the same offsets from its
 * first request (recorded by the simulator during the core's run, bench/node/sim-process.ts),
 * through undici as the core does, and parses each answer with JSON.parse. What the core spends
 * beyond this (validation, normalisation, deltas, the worker hop, the status and holdings
 * features) is what its budget, a ratio to this floor, limits.
 */

export interface NetworkFloor {
  /** Requests made. */
  requests: number
  /** Stops the requests not yet made and waits for those in flight. */
  stop(): Promise<void>
}

/** Starts repeating `schedule` against the simulator at `baseUrl`, its first request now. */
export function replayRequests(
  baseUrl: string,
  apiKey: string,
  schedule: readonly SimRequest[],
): NetworkFloor {
  const first = schedule[0]?.atMs ?? 0
  const inFlight = new Set<Promise<void>>()
  let made = 0
  let failure: unknown = null
  const fetchAndParse = async (path: string) => {
    const { body } = await request(new URL(path, baseUrl), {
      headers: { 'x-api-key': apiKey, accept: 'application/json' },
    })
    JSON.parse(await body.text())
  }
  const timers = schedule.map(({ atMs, path }) =>
    setTimeout(() => {
      made += 1
      const done = fetchAndParse(path)
        .catch((error: unknown) => {
          failure ??= error
        })
        .finally(() => inFlight.delete(done))
      inFlight.add(done)
    }, atMs - first),
  )
  return {
    get requests() {
      return made
    },
    stop: async () => {
      for (const timer of timers) clearTimeout(timer)
      await Promise.all(inFlight)
      if (failure !== null) throw new Error('a request of the network floor failed', { cause: failure })
    },
  }
}
