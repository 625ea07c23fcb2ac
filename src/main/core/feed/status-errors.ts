import type { StatusError } from '../../../shared/status'
import { ApiError } from '../api/api-errors'
import type { PollFailureInfo } from './poll-scheduler'

/** Turns whatever a poll threw into the status the user sees and the wait the server asked for. */
export function describeFailure(error: unknown, now: number): PollFailureInfo {
  if (error instanceof ApiError) {
    const status: StatusError = { kind: error.kind, message: error.message, at: now, retryAt: null }
    return { error: status, retryAfterMs: error.retryAfterMs }
  }
  // Not an API failure: a bug of ours. Say so plainly rather than blame the service.
  const message = error instanceof Error ? error.message : String(error)
  return {
    error: {
      kind: 'invalid-response',
      message: `Unexpected problem while reading the data: ${message}`,
      at: now,
      retryAt: null,
    },
    retryAfterMs: null,
  }
}
