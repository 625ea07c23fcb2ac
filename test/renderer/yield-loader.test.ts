import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** The yield column's requests: one symbol every few seconds, each at most once a day, never a burst. */

const asked: Array<{ symbol: string; at: number }> = []
vi.mock('../../src/renderer/api', () => ({
  loadDividends: (symbol: string) => {
    asked.push({ symbol, at: Date.now() })
    return Promise.resolve()
  },
}))

const { wantYield, YIELD_REQUEST_SPACING_MS } = await import('../../src/renderer/watchlist/yield-loader')

/** Tuesday 2026-11-17 10:00 ET. */
const START = Date.UTC(2026, 10, 17, 15, 0)

beforeEach(() => {
  vi.useFakeTimers({ now: START })
  asked.length = 0
})
afterEach(() => {
  vi.useRealTimers()
})

describe('wantYield', () => {
  it('twenty cells at once: one request at a time, spaced, each symbol once', () => {
    const symbols = Array.from({ length: 20 }, (_, n) => `S${String(n).padStart(2, '0')}on`)
    for (const symbol of symbols) wantYield(symbol)
    for (const symbol of symbols) wantYield(symbol) // re-rendered cells ask nothing more
    vi.advanceTimersByTime(0)
    expect(asked).toHaveLength(1)
    vi.advanceTimersByTime(20 * YIELD_REQUEST_SPACING_MS)
    expect(asked.map((entry) => entry.symbol)).toEqual(symbols)
    const gaps = asked.slice(1).map((entry, i) => entry.at - (asked[i] as { at: number }).at)
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(YIELD_REQUEST_SPACING_MS)
  })

  it('asks a symbol again only after a day', () => {
    wantYield('YLDAon')
    vi.advanceTimersByTime(0)
    vi.advanceTimersByTime(23 * 3_600_000)
    wantYield('YLDAon')
    vi.advanceTimersByTime(YIELD_REQUEST_SPACING_MS)
    expect(asked).toHaveLength(1)
    vi.advanceTimersByTime(3_600_000)
    wantYield('YLDAon')
    vi.advanceTimersByTime(0)
    expect(asked).toHaveLength(2)
  })
})
