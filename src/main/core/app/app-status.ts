import type { PauseReason } from '../feed/poll-scheduler'
import type { ServiceState } from '../../../shared/service-status'
import type { AppStatus, EndpointName, EndpointStatus } from '../../../shared/status'
import type { StreamStatus } from '../../../shared/stream-status'
import type { PollFeed } from '../feed/poll-feed'

/** Errors that say the service cannot be reached at all. */
const UNREACHABLE = new Set(['network', 'timeout', 'key-missing'])

/** What the status is derived from: read afresh each time, so a fixed problem clears at once. */
export interface StatusInputs {
  demo: boolean
  baseUrl: string
  endpoints: Record<EndpointName, EndpointStatus>
  pauseReasons: readonly PauseReason[]
  pinned: boolean
  storageProblem: string | null
  keychainProblem: string | null
  unreadAlerts: number
  service: ServiceState
  stream?: StreamStatus
}

/** What the feed knows of the connection: each endpoint, why polling is paused, the service's state. */
export function feedStatus(
  feed: Pick<PollFeed, 'status'>,
  service: { state(): ServiceState },
): Pick<StatusInputs, 'endpoints' | 'pauseReasons' | 'service' | 'stream'> {
  const { endpoints, pauseReasons, plan } = feed.status()
  return {
    endpoints: { prices: endpoints.prices, market: endpoints.market, limits: endpoints.limits },
    pauseReasons,
    service: service.state(),
    stream: plan.stream,
  }
}

/**
 * The connection in one word, first rule that holds wins: the machine is offline; polling is
 * paused (by the user or a sleeping machine); every endpoint fails, or prices cannot reach the
 * service (no live prices, even while the slower market and limits polls have not noticed yet);
 * some endpoint fails; some endpoint has answered; nothing has answered yet.
 */
export function connectionOf(
  inputs: Pick<StatusInputs, 'endpoints' | 'pauseReasons'>,
): AppStatus['connection'] {
  const { endpoints, pauseReasons } = inputs
  const failing = Object.values(endpoints).filter((endpoint) => endpoint.lastError !== null).length
  const pricesUnreachable = UNREACHABLE.has(endpoints.prices.lastError?.kind ?? '')
  if (pauseReasons.includes('offline')) return 'offline'
  if (pauseReasons.length > 0) return 'paused'
  if (failing === Object.keys(endpoints).length || pricesUnreachable) return 'offline'
  if (failing > 0) return 'degraded'
  if (Object.values(endpoints).some((endpoint) => endpoint.lastSuccessAt !== null)) return 'online'
  return 'connecting'
}

export function deriveAppStatus(inputs: StatusInputs): AppStatus {
  const errors = Object.values(inputs.endpoints).flatMap((endpoint) =>
    endpoint.lastError ? [endpoint.lastError] : [],
  )
  return {
    mode: inputs.demo ? 'demo' : 'live',
    baseUrl: inputs.baseUrl,
    connection: connectionOf(inputs),
    paused: inputs.pauseReasons.includes('user'),
    pinned: inputs.pinned,
    endpoints: inputs.endpoints,
    lastError: errors.sort((a, b) => b.at - a.at)[0] ?? null,
    storageProblem: inputs.storageProblem,
    keychainProblem: inputs.keychainProblem,
    unreadAlerts: inputs.unreadAlerts,
    service: inputs.service,
    ...(inputs.stream ? { stream: inputs.stream } : {}),
  }
}

/** What keeps something on disk says what went wrong with it in problem(); the status bar shows the first. */
export function firstProblem(...stores: { problem(): string | null }[]): string | null {
  for (const store of stores) {
    const problem = store.problem()
    if (problem !== null) return problem
  }
  return null
}
