import type { OptionalFeature } from '../../../shared/service-status'
import { ApiError } from './api-errors'

/**
 * The endpoints beyond the spec's five are optional: a service that implements only the spec
 * answers them with 404 (no code, or not JSON; real-service-notes.md, "Beyond the spec"). That
 * answer is remembered for the session, so such an endpoint is never asked again and each feature
 * can say, in place, that the service does not publish it.
 */

/**
 * The status features the window reports on, the two history endpoints (issue 31) and the wallets' two (issue
 * 48).
 */
export type OptionalEndpoint =
  OptionalFeature | 'candles' | 'multiplierHistory' | 'tokenAddresses' | 'walletBalances'

export type OptionalAnswer<T> = { available: true; value: T } | { available: false }

/** A 404 about the asked asset is an answer about the asset, not a sign the endpoint is missing. */
const ASSET_CODES = new Set(['ASSET_NOT_FOUND', 'INVALID_SYMBOL', 'MISSING_SYMBOL'])

/**
 * An error about the asked asset (unknown, malformed, missing): the caller's input, not the service's state.
 */
export function isAboutTheAsset(error: unknown): boolean {
  return error instanceof ApiError && error.code !== null && ASSET_CODES.has(error.code)
}

export function meansEndpointMissing(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 404 && (error.code === null || !ASSET_CODES.has(error.code))
  )
}

export class OptionalEndpoints {
  private readonly missing = new Set<OptionalEndpoint>()

  isMissing(endpoint: OptionalEndpoint): boolean {
    return this.missing.has(endpoint)
  }

  /** The endpoints found missing so far, for the status and the logs. */
  missingOnes(): OptionalEndpoint[] {
    return [...this.missing]
  }

  /** Runs `ask` unless the endpoint is known missing; a 404 that says it is missing is remembered. */
  async ask<T>(endpoint: OptionalEndpoint, ask: () => Promise<T>): Promise<OptionalAnswer<T>> {
    if (this.missing.has(endpoint)) return { available: false }
    try {
      return { available: true, value: await ask() }
    } catch (error) {
      if (!meansEndpointMissing(error)) throw error
      this.missing.add(endpoint)
      return { available: false }
    }
  }
}
