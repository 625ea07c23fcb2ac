import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { backendService } from '../../src/main/core/feed/stream/stream-proto'
import { uint64Of } from '../../src/main/core/uint64'

/** The streams' uint64 read exactly from the Long protobufjs decodes, never through a float. */

const priceStream = () => backendService().StreamPriceUpdates!
/** One update written as the simulator writes it (the timestamp's decimal text), read back off the wire. */
function readBack(timestamp: string): unknown {
  const { responseSerialize, responseDeserialize } = priceStream()
  const frame = {
    updates: [{ ticker: 'AAPL', symbol: 'AAPLon', stock_price: '1', token_price: '1', timestamp }],
  }
  const read = responseDeserialize(responseSerialize(frame)) as { updates: { timestamp: unknown }[] }
  return read.updates[0]!.timestamp
}

describe('uint64Of', () => {
  it('reads every uint64 the wire can carry exactly, the top bit and the last nanosecond included', () => {
    for (const text of ['0', '1', '4294967295', '4294967296', '1773350214478735649', '18446744073709551615'])
      expect(uint64Of(readBack(text))).toBe(BigInt(text))
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (value) => {
        expect(uint64Of(readBack(value.toString()))).toBe(value)
      }),
      { numRuns: 500 },
    )
  })

  it('refuses what is not two 32-bit halves: text, a float, a missing or fractional half', () => {
    for (const value of ['1773350214478735649', 1.7e18, null, undefined, {}, { low: 1 }, { high: 1 }])
      expect(uint64Of(value)).toBeNull()
    expect(uint64Of({ low: 0.5, high: 0 })).toBeNull()
    expect(uint64Of({ low: 0, high: 2 ** 32 })).toBeNull()
    expect(uint64Of({ low: '1', high: 0 })).toBeNull()
  })
})
