import { ApiClient } from '../api/api-client'
import type { Clock } from '../clock'
import type { FeedConnection } from './poll-feed'

/**
 * The client for a connection, with arrival stamps and Retry-After dates on `clock`, the clock
 * that measures their age (the tests' virtual clocks included).
 */
export function clientForConnection(connection: FeedConnection, clock: Clock): ApiClient {
  return new ApiClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    timeoutMs: connection.timeoutMs,
    now: () => clock.now(),
    userAgent: connection.userAgent,
  })
}
