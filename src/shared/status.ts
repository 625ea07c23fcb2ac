/**
 * What the app tells about itself: the connection, each endpoint's last answer and error, the
 * keychain and saved files. Plain types and one constant, no schemas: the core's poll scheduler,
 * the shells and the renderer all name a status, and none of them should need the IPC contract
 * (or zod) to do so. The contract carries these types; it does not define them.
 */

import type { ServiceState } from './service-status'
import type { StreamStatus } from './stream-status'

export interface KeyStatus {
  stored: boolean
  /** The last 4 characters of the key, the only part that ever leaves main. */
  last4: string | null
  /** Where it is held: the OS keychain, or (no keychain on this machine) memory for this run only. */
  storage: 'keychain' | 'memory' | null
  keychainAvailable: boolean
  /** Why the keychain is not usable, in plain words, when it is not. */
  keychainProblem: string | null
}

export const ENDPOINT_NAMES = ['prices', 'market', 'limits'] as const
export type EndpointName = (typeof ENDPOINT_NAMES)[number]

export type ErrorKind =
  | 'key-missing'
  | 'key-rejected'
  | 'not-found'
  | 'invalid-request'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'invalid-response'
  | 'config'
  /** Our own poller stopped (it runs in a worker thread) and is being restarted. */
  | 'poller'

export interface StatusError {
  kind: ErrorKind
  message: string
  at: number
  /** When the next attempt is due (ms), for "rate limited: retrying at ...". */
  retryAt: number | null
}

export interface EndpointStatus {
  cadenceMs: number
  lastSuccessAt: number | null
  lastError: StatusError | null
  nextPollAt: number | null
  inFlight: boolean
}

export interface AppStatus {
  mode: 'demo' | 'live'
  baseUrl: string
  connection: 'connecting' | 'online' | 'degraded' | 'offline' | 'paused'
  paused: boolean
  pinned: boolean
  endpoints: Record<EndpointName, EndpointStatus>
  /** The most recent error of any endpoint, in plain words. */
  lastError: StatusError | null
  /** A problem with saved files (a corrupt settings file moved aside, a failed write). */
  storageProblem: string | null
  keychainProblem: string | null
  /** Alerts fired that the user has not seen in the log yet (the tray shows a dot). */
  unreadAlerts: number
  /**
   * What the service says of the market now (its state, or our calendar's), and the watched symbols' pauses.
   */
  service: ServiceState
  /** Whether prices stream or are polled, since when, and why not streamed (absent: not known yet). */
  stream?: StreamStatus
}
