import { describe, expect, it } from 'vitest'
import { chooseEndpointMode } from '../../../src/main/core/api/endpoint-fetchers'

/**
 * Per-symbol requests or one all-assets request (endpoint-fetchers.ts): per-symbol while the
 * watchlist is at most half the listing and within PER_SYMBOL_MAX_REQUESTS, else all-assets.
 */
describe('chooseEndpointMode', () => {
  it('asks per symbol for a small watchlist of a large listing', () => {
    expect(chooseEndpointMode(8, 400)).toBe('per-symbol')
    expect(chooseEndpointMode(1, 2)).toBe('per-symbol')
  })

  it('asks for all assets once the watchlist is more than half the listing', () => {
    expect(chooseEndpointMode(10, 20)).toBe('per-symbol')
    expect(chooseEndpointMode(10, 19)).toBe('all')
    expect(chooseEndpointMode(3, 4)).toBe('all')
  })

  it('asks for all assets past the request limit, listing known or not', () => {
    expect(chooseEndpointMode(25, null)).toBe('per-symbol')
    expect(chooseEndpointMode(26, null)).toBe('all')
    expect(chooseEndpointMode(25, 1_000)).toBe('per-symbol')
    expect(chooseEndpointMode(26, 1_000)).toBe('all')
  })

  it('asks per symbol while the listing is not known yet and the watchlist is small', () => {
    expect(chooseEndpointMode(8, null)).toBe('per-symbol')
  })
})
