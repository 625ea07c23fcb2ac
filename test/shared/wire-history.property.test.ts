import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  parseCandlesResponse,
  parseMultiplierHistoryResponse,
  wireCandle,
  wireMultiplierChange,
} from '../../src/main/core/api/wire/wire-history'
import { parseEach } from '../../src/main/core/api/wire/wire-parse'
import { nearMisses, unsignedDecimal } from '../support/wire-arbitraries'

/**
 * The candle and multiplier answers are read by a hand-written check first and by the zod schemas
 * only where it is not sure (wire-history.ts). On candles and changes that are valid, nearly valid
 * and plainly wrong, the answer is exactly the schemas' alone: the same records kept, in time order,
 * the same ones left out with the same reasons.
 */

const decimalOrNot = fc.oneof({ arbitrary: unsignedDecimal, weight: 8 }, { arbitrary: nearMisses, weight: 1 })
const timestamp = fc.oneof(
  { arbitrary: fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }), weight: 6 },
  { arbitrary: fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }), weight: 1 },
  { arbitrary: fc.constantFrom(0, -1, Number.NaN, 253_402_300_800_000, '1700000000000'), weight: 1 },
)

const candle = fc.oneof(
  {
    arbitrary: fc.record({
      timestamp,
      open: decimalOrNot,
      high: decimalOrNot,
      low: decimalOrNot,
      close: decimalOrNot,
    }),
    weight: 8,
  },
  // low and high the same, or the same value written with more zeros: at most, not above.
  {
    arbitrary: fc.tuple(timestamp, unsignedDecimal).map(([t, p]) => ({
      timestamp: t,
      open: p,
      high: p,
      low: `${p.includes('.') ? p : `${p}.`}0`,
      close: p,
    })),
    weight: 2,
  },
  { arbitrary: fc.constantFrom(null, 1, 'candle', [], {}), weight: 1 },
)

const change = fc.oneof(
  { arbitrary: fc.record({ sharesMultiplier: decimalOrNot, changeTimestamp: timestamp }), weight: 8 },
  { arbitrary: fc.constantFrom(null, 'change', { sharesMultiplier: '1.0' }), weight: 1 },
)

const inTimeOrder = <T extends { t: number }>(items: T[]) => [...items].sort((a, b) => a.t - b.t)

describe('history answers: the hand-written check agrees with the schemas', () => {
  it('candles: the same kept, in time order, the same left out for the same reasons', () => {
    fc.assert(
      fc.property(
        fc.array(candle, { maxLength: 12 }),
        fc.array(candle, { maxLength: 12 }),
        (token, stock) => {
          const answer = parseCandlesResponse({
            interval: '1day',
            range: 'all',
            primaryMarket: { symbol: 'AAPLon', data: token },
            underlyingMarket: { ticker: 'AAPL', data: stock },
          })
          const byZod = { token: parseEach(wireCandle, token), stock: parseEach(wireCandle, stock) }
          expect(answer.token).toEqual(inTimeOrder(byZod.token.records))
          expect(answer.stock).toEqual(inTimeOrder(byZod.stock.records))
          expect(answer.rejected).toEqual([...byZod.token.rejected, ...byZod.stock.rejected])
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it(
    'multiplier changes: the same kept, oldest first, zeros and negatives ' + 'left out for the same reasons',
    () => {
      fc.assert(
        fc.property(fc.array(change, { maxLength: 12 }), (history) => {
          const answer = parseMultiplierHistoryResponse({ history })
          const byZod = parseEach(wireMultiplierChange, history)
          expect(answer.steps).toEqual(inTimeOrder(byZod.records))
          expect(answer.rejected).toEqual(byZod.rejected)
        }),
        { numRuns: 1_000 },
      )
    },
  )
})
