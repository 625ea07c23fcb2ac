import { describe, expect, it } from 'vitest'
import { streamPlace } from '../../../../src/main/core/feed/stream/stream-address'
import { StreamedPrices } from '../../../../src/main/core/feed/stream/streamed-prices'
import type { PriceUpdateMessage } from '../../../../src/main/core/feed/stream/stream-proto'
import { streamAddressProblem } from '../../../../src/shared/stream-setting'
import { TUESDAY_10_00_ET } from '../../../sim/sim-helpers'
import { uint64 } from '../../../support/uint64'

/** Reading the price stream's records (bad input dropped and counted, newest wins) and where it connects. */

const NOW = TUESDAY_10_00_ET
const nanos = (ms: number, extra = 0n) => uint64(BigInt(ms) * 1_000_000n + extra)
const update = (fields: Partial<PriceUpdateMessage> = {}): PriceUpdateMessage => ({
  ticker: 'AAPL',
  symbol: 'AAPLon',
  stock_price: '230.15',
  token_price: '230.4012',
  timestamp: nanos(NOW - 1_000),
  ...fields,
})

describe('StreamedPrices', () => {
  it('reads an update as the polled record: the strings as sent, the ns timestamp to ms exactly', () => {
    const prices = new StreamedPrices(['AAPLon'])
    const at = uint64('1773350214478735649')
    expect(prices.read([update({ timestamp: at })], 1_773_350_214_478 + 1)).toEqual([
      {
        primaryMarket: { symbol: 'AAPLon', price: '230.4012' },
        underlyingMarket: { ticker: 'AAPL', price: '230.15' },
        timestamp: 1_773_350_214_478,
      },
    ])
  })

  it(
    'keeps the newest per symbol: an older or duplicate update, even ' + '1 ns older, is dropped and counted',
    () => {
      const prices = new StreamedPrices(['AAPLon'])
      const newer = update({ timestamp: nanos(NOW - 1_000, 2n), token_price: '230.41' })
      expect(prices.read([newer, update({ timestamp: nanos(NOW - 1_000, 1n) }), newer], NOW)).toHaveLength(1)
      expect(prices.drops).toEqual({ malformed: 0, unknown: 0, outOfOrder: 2 })
    },
  )

  it(
    'drops a bad decimal, an empty symbol, timestamp 0, one before ' +
      '2000 and one over a minute ahead; keeps the frame',
    () => {
      const prices = new StreamedPrices(['AAPLon'])
      const taken = prices.read(
        [
          update({ token_price: '12.3.4' }),
          update({ token_price: '-1.5' }),
          update({ symbol: '' }),
          update({ timestamp: uint64(0n) }),
          update({ timestamp: nanos(Date.UTC(1999, 11, 31)) }),
          update({ timestamp: nanos(NOW + 60_001) }),
          // Not two 32-bit halves, as no uint64 read off the wire can be.
          update({ timestamp: { low: 0.5, high: 0 } }),
          update({ timestamp: nanos(NOW + 60_000) }),
        ],
        NOW,
      )
      expect(taken.map((record) => record.timestamp)).toEqual([NOW + 60_000])
      expect(prices.drops.malformed).toBe(7)
    },
  )

  it('keeps a 40-digit decimal exactly and drops a 41-digit one whole, never rounded', () => {
    const prices = new StreamedPrices(['AAPLon', 'TSLAon'])
    const forty = `1.${'2'.repeat(40)}`
    const taken = prices.read(
      [update({ token_price: forty }), update({ symbol: 'TSLAon', token_price: `1.${'2'.repeat(41)}` })],
      NOW,
    )
    expect(taken.map((record) => record.primaryMarket.price)).toEqual([forty])
    expect(prices.drops.malformed).toBe(1)
  })

  it('drops and counts a frame of thousands of unknown symbols, remembering only the subscribed ones', () => {
    const prices = new StreamedPrices(['AAPLon'])
    const flood = Array.from({ length: 5_000 }, (_, i) => update({ symbol: `X${i}on` }))
    expect(prices.read(flood, NOW)).toEqual([])
    expect(prices.drops.unknown).toBe(5_000)
    prices.setSymbols(['AAPLon', 'TSLAon'])
    expect(prices.read([update({ symbol: 'X1on' }), update()], NOW)).toHaveLength(1)
  })
})

describe('streamPlace', () => {
  it('derives the grpc. host on 443 over TLS from the service’s api. host', () => {
    expect(streamPlace('https://api.gm.ondo.finance', '')).toEqual({
      ok: true,
      target: { address: 'grpc.gm.ondo.finance:443', host: 'grpc.gm.ondo.finance', tls: true },
    })
  })

  it('takes the setting over the base URL, plaintext only to the loopback', () => {
    expect(streamPlace('https://api.gm.ondo.finance', '127.0.0.1:50051')).toMatchObject({
      ok: true,
      target: { tls: false },
    })
    expect(streamPlace('https://api.gm.ondo.finance', 'localhost:50051')).toMatchObject({
      ok: true,
      target: { tls: false },
    })
    expect(streamPlace('http://127.0.0.1:8080', 'stream.example.test:8443')).toMatchObject({
      ok: true,
      target: { address: 'stream.example.test:8443', tls: true },
    })
  })

  it('says why there is no stream: off, no known address, a setting that is not host:port', () => {
    expect(streamPlace('https://api.gm.ondo.finance', 'off')).toEqual({
      ok: false,
      reason: 'turned off in Settings',
    })
    expect(streamPlace('http://127.0.0.1:8080', '')).toEqual({
      ok: false,
      reason: 'no streaming address is known for 127.0.0.1',
    })
    expect(streamPlace('https://api.gm.ondo.finance', 'https://x.test/')).toEqual({
      ok: false,
      reason: 'the streaming address in Settings is not host:port',
    })
    // A base URL that is no URL at all (an older settings file): said so, not thrown.
    expect(streamPlace('api.gm.ondo.finance', '')).toEqual({
      ok: false,
      reason: 'the service address is not a URL',
    })
  })

  it('the setting refuses a URL, credentials, a path or a port out of range, with a message', () => {
    for (const bad of [
      'https://grpc.example.test',
      'user@grpc.example.test',
      'grpc.example.test/x',
      'grpc.example.test:70000',
    ])
      expect(streamAddressProblem(bad)).not.toBeNull()
    for (const good of ['', 'off', 'grpc.example.test', 'grpc.example.test:443', '127.0.0.1:50051'])
      expect(streamAddressProblem(good)).toBeNull()
  })
})
