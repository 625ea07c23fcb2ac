import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type PackedCandle,
  type PackedPoll,
  packCandles,
  packPolls,
  unpackCandles,
  unpackPolls,
} from '../../../src/main/core/history/history-pack'

/**
 * The packed form gives back exactly what went in: every decimal the service may send (with its
 * trailing zeros, without a point, with leading zeros, past 15 digits), nulls, and times of any
 * gap, also where the scale changes from one price to the next.
 */

const HOUR_START = Date.UTC(2026, 10, 16, 15)

const decimal = fc.oneof(
  fc
    .tuple(fc.stringMatching(/^(?:0|[1-9]\d{0,6})$/), fc.stringMatching(/^\d{1,8}$/))
    .map(([i, f]) => `${i}.${f}`),
  fc.stringMatching(/^(?:0|[1-9]\d{0,9})$/),
  fc.stringMatching(/^\d{1,40}(?:\.\d{1,40})?$/),
  fc.constantFrom('235.18760000', '0.00000001', '100', '100.0', '007.50', '-1.5', '123456789012345.6'),
)
/** Times in ascending order within an hour, some sharing a gap. */
const times = fc
  .array(fc.oneof(fc.constant(5_000), fc.integer({ min: 1, max: 60_000 })), { maxLength: 300 })
  .map((gaps) => gaps.reduce<number[]>((out, gap) => [...out, (out.at(-1) ?? HOUR_START) + gap], []))

describe('packed history', () => {
  it('polls come back as they went in, byte for byte', () => {
    fc.assert(
      fc.property(
        times.chain((ts) =>
          fc.tuple(
            fc.constant(ts),
            fc.array(fc.tuple(decimal, fc.option(decimal, { nil: null })), {
              minLength: ts.length,
              maxLength: ts.length,
            }),
          ),
        ),
        ([ts, values]) => {
          const polls: PackedPoll[] = ts.map((t, i) => ({
            t,
            price: values[i]?.[0] as string,
            underlying: values[i]?.[1] ?? null,
          }))
          expect(unpackPolls(HOUR_START, packPolls(HOUR_START, polls))).toEqual(polls)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('minute candles come back as they went in, byte for byte', () => {
    const candle = fc.tuple(decimal, decimal, decimal, decimal, fc.option(decimal, { nil: null }))
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1_439 }), { maxLength: 200 }),
        fc.array(candle, { minLength: 200, maxLength: 200 }),
        (minutes, values) => {
          const candles: PackedCandle[] = [...minutes]
            .sort((a, b) => a - b)
            .map((m, i) => {
              const [open, high, low, close, underlying] = values[i] as [
                string,
                string,
                string,
                string,
                string | null,
              ]
              return { t: HOUR_START + m * 60_000, open, high, low, close, underlying }
            })
          expect(unpackCandles(HOUR_START, packCandles(HOUR_START, candles))).toEqual(candles)
        },
      ),
      { numRuns: 200 },
    )
  })

  it('an hour of 5 s polls of a moving price packs to under 4 bytes a poll', () => {
    const polls: PackedPoll[] = Array.from({ length: 720 }, (_, i) => {
      const price = (235.1876 + Math.sin(i / 50) * 0.5).toFixed(8)
      return { t: HOUR_START + i * 5_000, price, underlying: price.slice(0, -6) }
    })
    const packed = packPolls(HOUR_START, polls)
    expect(unpackPolls(HOUR_START, packed)).toEqual(polls)
    expect(packed.length / polls.length).toBeLessThan(4)
  })

  it('prices past 15 digits, kept as their text, come back whole however many there are', () => {
    // Every poll's price goes as text: the writer must grow for the text itself, not only for its length.
    const polls: PackedPoll[] = Array.from({ length: 500 }, (_, i) => ({
      t: HOUR_START + i * 5_000,
      price: `171.383708297189751${String(i).padStart(3, '0')}`,
      underlying: null,
    }))
    expect(unpackPolls(HOUR_START, packPolls(HOUR_START, polls))).toEqual(polls)
  })
})
