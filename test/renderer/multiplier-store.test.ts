import { describe, expect, it } from 'vitest'
import { emptyAsset, type AssetQuote } from '../../src/shared/domain'
import { withMultiplierChanges, type MultiplierChanges } from '../../src/renderer/history/multiplier-store'

const NOW = Date.parse('2026-11-16T09:01:00Z')
const quote = (
  symbol: string,
  sharesMultiplier: string | null,
  marketTimestamp: number | null = null,
): AssetQuote => ({
  ...emptyAsset(symbol),
  sharesMultiplier,
  marketTimestamp,
})
const quotes = (...list: AssetQuote[]) => new Map(list.map((q) => [q.symbol, q]))
const none: MultiplierChanges = new Map()

describe('withMultiplierChanges', () => {
  it('records a split: previous, new, and when the service reported it', () => {
    const at = NOW - 30_000
    const changes = withMultiplierChanges(
      none,
      quotes(quote('LLYon', '0.4812')),
      quotes(quote('LLYon', '1.9248', at)),
      NOW,
    )
    expect(changes.get('LLYon')).toEqual({ previous: '0.4812', current: '1.9248', at })
  })

  it('keeps the same map when nothing changed, a digit spelling included', () => {
    const before = quotes(quote('AAPLon', '10'), quote('Fon', null))
    const after = quotes(quote('AAPLon', '10.000'), quote('Fon', '1.0011'), quote('NEWon', '2'))
    expect(withMultiplierChanges(none, before, after, NOW)).toBe(none)
  })

  it('keeps earlier changes of other tokens, and the clock stands in for a missing timestamp', () => {
    const earlier = withMultiplierChanges(none, quotes(quote('Aon', '1')), quotes(quote('Aon', '2', 5)), NOW)
    const both = withMultiplierChanges(
      earlier,
      quotes(quote('Bon', '10')),
      quotes(quote('Bon', '0.4812')),
      NOW,
    )
    expect([...both.entries()]).toEqual([
      ['Aon', { previous: '1', current: '2', at: 5 }],
      ['Bon', { previous: '10', current: '0.4812', at: NOW }],
    ])
  })
})
