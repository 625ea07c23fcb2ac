import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyDelta } from '../../../src/shared/delta'
import { type Snapshot, sameServiceAs } from '../../../src/shared/domain'
import type { WireMarketRecord, WirePriceRecord } from '../../../src/main/core/api/wire/wire'
import type { LimitsWithTime } from '../../../src/main/core/api/wire/wire-parse'
import { SnapshotState } from '../../../src/main/core/feed/snapshot-state'
import { packHistories } from '../../../src/shared/packed-histories'

const UNIVERSE = ['AAPLon', 'NVDAon', 'TSLAon', 'SPYon', 'Fon']
const source = { baseUrl: 'http://127.0.0.1:1', demo: true }

const priceText = fc
  .tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 9_999 }))
  .map(([i, f]) => `${i}.${String(f).padStart(4, '0')}`)

function priceRecord(symbol: string, price: string, t: number): WirePriceRecord {
  return {
    primaryMarket: { symbol, price },
    underlyingMarket: { ticker: symbol.slice(0, -2), price },
    timestamp: t,
  }
}

function marketRecord(symbol: string, price: string, multiplier: string, t: number): WireMarketRecord {
  return {
    primaryMarket: {
      symbol,
      price,
      priceChange24h: '-1.5',
      priceChangePct24h: '-0.75',
      priceHistory24h: [
        { timestamp: t - 900_000, price: '1.0' },
        { timestamp: t, price },
      ],
      totalHolders: 42,
      sharesMultiplier: multiplier,
      tradableSessions: ['regular', 'overnight'],
    },
    underlyingMarket: {
      ticker: symbol.slice(0, -2),
      name: `${symbol} Inc.`,
      price,
      priceHigh52w: '100000',
      priceLow52w: '0.5',
    },
    timestamp: t,
  }
}

function limitsRecord(symbol: string, tradable: boolean, t: number): LimitsWithTime {
  const limit = { tradable, maxAttestationCount: '500', maxActiveNotionalValue: '10000' }
  return { symbol, premarket: limit, regular: limit, postmarket: limit, overnight: limit, timestamp: t }
}

const symbolArb = fc.constantFrom(...UNIVERSE)
const op = fc.oneof(
  fc.record({ kind: fc.constant('prices' as const), symbols: fc.subarray(UNIVERSE), price: priceText }),
  fc.record({
    kind: fc.constant('market' as const),
    symbol: symbolArb,
    price: priceText,
    multiplier: fc.constantFrom('1.000000000000000001', '1.003376073740221058'),
  }),
  fc.record({ kind: fc.constant('limits' as const), symbol: symbolArb, tradable: fc.boolean() }),
  fc.record({ kind: fc.constant('watchlist' as const), symbols: fc.shuffledSubarray(UNIVERSE) }),
  fc.record({ kind: fc.constant('errors' as const), count: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('stale' as const), maxAge: fc.integer({ min: 0, max: 20_000 }) }),
)

/** Grid points of the sliding histories, close enough for the steps below (1 s apart) to slide them. */
const GRID_MS = 10_000

/**
 * The record with a history as the service's slides: the last three grid points (each time with its
 * own price) and the price at the record's instant, so that the next answer's history continues
 * this one (a new last point, and a grid point more now and then): the deltas carry tails.
 */
function withSlidingHistory(record: WireMarketRecord): WireMarketRecord {
  const t = record.timestamp as number
  const lastGrid = Math.floor((t - 1) / GRID_MS) * GRID_MS
  const grid = [2, 1, 0].map((k) => lastGrid - k * GRID_MS)
  const history = [
    ...grid.map((at) => ({ timestamp: at, price: `${(at / GRID_MS) % 7}.25` })),
    { timestamp: t, price: record.primaryMarket.price as string },
  ]
  return { ...record, primaryMarket: { ...record.primaryMarket, priceHistory24h: history } }
}

describe('SnapshotState deltas', () => {
  it('applying every delta to the first snapshot gives the last, history tails included (property)', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const store = new SnapshotState(source, UNIVERSE.slice(0, 3))
        let now = 1_700_000_000_000
        store.commit(now)
        let replayed: Snapshot = store.snapshot()
        for (const step of ops) {
          now += 1_000
          if (step.kind === 'prices')
            store.applyPrices(
              step.symbols.map((s) => priceRecord(s, step.price, now)),
              now,
            )
          if (step.kind === 'market')
            store.applyMarket(
              [withSlidingHistory(marketRecord(step.symbol, step.price, step.multiplier, now))],
              now,
            )
          if (step.kind === 'limits') store.applyLimits([limitsRecord(step.symbol, step.tradable, now)])
          if (step.kind === 'watchlist') store.setWatchlist(step.symbols)
          if (step.kind === 'errors')
            store.setErrors(
              'prices',
              Array.from({ length: step.count }, (_, i) => ({
                scope: 'prices',
                code: 'E',
                message: `m${i}`,
              })),
            )
          if (step.kind === 'stale') store.updateStaleness(now, step.maxAge)
          const delta = store.commit(now)
          if (delta) replayed = applyDelta(replayed, delta)
          expect(replayed).toEqual(store.snapshot())
        }
      }),
      { numRuns: 300 },
    )
  })

  it('pushes nothing when nothing changed, and only the changed fields when something did', () => {
    const store = new SnapshotState(source, ['AAPLon', 'NVDAon'])
    store.applyMarket(
      [marketRecord('AAPLon', '190.5', '1.001', 1), marketRecord('NVDAon', '120', '1.002', 1)],
      1,
    )
    expect(store.commit(10)).not.toBeNull()
    expect(store.commit(11)).toBeNull()
    // Same values again: no delta.
    store.applyPrices([priceRecord('AAPLon', '190.5', 1)], 12)
    expect(store.commit(12)).toBeNull()
    store.applyPrices([priceRecord('AAPLon', '191.25', 2)], 13)
    const delta = store.commit(13)
    expect(delta?.changed.map((c) => c.symbol)).toEqual(['AAPLon'])
    expect(Object.keys(delta?.changed[0]?.fields ?? {}).sort()).toEqual(
      // Token and underlying moved together, so the premium is unchanged and not sent.
      ['fairValue', 'price', 'priceTimestamp', 'underlying'].sort(),
    )
    expect(delta?.added).toEqual([])
    expect(delta?.removed).toEqual([])
    // Nor the order, the errors or the source: none of them changed.
    expect(Object.keys(delta ?? {}).sort()).toEqual(['added', 'asOf', 'changed', 'removed'])
  })

  it('reports removed symbols and the new order', () => {
    const store = new SnapshotState(source, ['AAPLon', 'NVDAon', 'Fon'])
    store.commit(1)
    store.setWatchlist(['Fon', 'AAPLon'])
    const delta = store.commit(2)
    expect(delta?.removed).toEqual(['NVDAon'])
    expect(delta?.order).toEqual(['Fon', 'AAPLon'])
    store.setWatchlist(['Fon']) // the last row leaves: the rest keep their order, which is said too
    expect(store.commit(3)).toMatchObject({ removed: ['AAPLon'], order: ['Fon'] })
  })

  it.each([
    ['another base URL', { baseUrl: 'http://127.0.0.1:2', demo: true }],
    ['the same base URL, live', { baseUrl: source.baseUrl, demo: false }],
  ])('pushes the new source, and only it, when the service changes: %s', (_what, next) => {
    const store = new SnapshotState(source, ['AAPLon'])
    store.commit(1)
    store.setSource(next)
    expect(store.commit(2)).toEqual({ asOf: 2, changed: [], added: [], removed: [], source: next })
  })

  it("lists an endpoint's errors after the others' once they cleared and came back", () => {
    // A row shows its first error: the one whose endpoint has been failing longest.
    const store = new SnapshotState(source, ['AAPLon'])
    const failed = (code: string) => [{ scope: 'AAPLon', code, message: `${code} failed` }]
    store.setErrors('prices', failed('PRICES'))
    store.setErrors('market', failed('MARKET'))
    store.setErrors('prices', [])
    store.setErrors('prices', failed('PRICES'))
    expect(store.snapshot().errors.map((error) => error.code)).toEqual(['MARKET', 'PRICES'])
  })

  it('drops the errors of a symbol that leaves the list at once, and keeps every other error', () => {
    const store = new SnapshotState(source, ['AAPLon', 'Fon'])
    const about = (scope: string, code: string) => ({ scope, code, message: `${code} failed` })
    store.setErrors('prices', [about('AAPLon', 'GONE'), about('Fon', 'STAYS')])
    store.setErrors('limits', [about('AAPLon', 'GONE')])
    store.setErrors('market', [about('market', 'ENDPOINT')])
    store.setWatchlist(['Fon'])
    expect(store.snapshot().errors.map((error) => error.code)).toEqual(['STAYS', 'ENDPOINT'])
    store.setWatchlist([])
    expect(store.snapshot().errors.map((error) => error.code)).toEqual(['ENDPOINT'])
  })

  it('keeps a cached asset marked stale until fresh data arrives', () => {
    const store = new SnapshotState(source, ['AAPLon'])
    store.applyPrices([priceRecord('AAPLon', '100', 1)], 1)
    const cached = store.snapshot()
    const reopened = new SnapshotState(source, ['AAPLon'])
    reopened.seed(cached)
    expect(reopened.snapshot().assets[0]).toMatchObject({ price: '100', stale: true })
    reopened.updateStaleness(2, 10_000)
    expect(reopened.snapshot().assets[0]?.stale).toBe(true)
    reopened.applyPrices([priceRecord('AAPLon', '101', 5)], 5)
    expect(reopened.snapshot().assets[0]).toMatchObject({ price: '101', stale: false })
    reopened.updateStaleness(5 + 10_001, 10_000)
    expect(reopened.snapshot().assets[0]?.stale).toBe(true)
  })

  it("takes a cached snapshot only from the same service: another one's prices are never shown", () => {
    const live = { baseUrl: 'https://api.example.test', demo: false }
    const cachedStore = new SnapshotState(live, ['AAPLon'])
    cachedStore.applyPrices([priceRecord('AAPLon', '100', 1)], 1)
    const cached = cachedStore.snapshot()

    const otherService = new SnapshotState({ baseUrl: 'https://other.example.test', demo: false }, ['AAPLon'])
    otherService.seed(cached)
    expect(otherService.snapshot().assets[0]).toMatchObject({ price: null, stale: false })
    expect(otherService.snapshot().asOf).toBe(0)

    const demo = new SnapshotState(source, ['AAPLon'])
    demo.seed(cached)
    expect(demo.snapshot().assets[0]?.price).toBeNull()
  })
})

describe('each record reaches its own row', () => {
  // The store remembers which row each position of an endpoint's last answer fell on; these check
  // that answers in any order, watchlists that change between them and the other endpoints'
  // answers in between never put a record on another row, or on a row no longer shown.
  const step = fc.oneof(
    fc.record({
      kind: fc.constant('prices' as const),
      symbols: fc.shuffledSubarray(UNIVERSE),
      price: priceText,
    }),
    fc.record({
      kind: fc.constant('market' as const),
      symbols: fc.shuffledSubarray(UNIVERSE),
      price: priceText,
    }),
    fc.record({ kind: fc.constant('watchlist' as const), symbols: fc.shuffledSubarray(UNIVERSE) }),
  )

  it(
    'holds the last price answered for every row shown, whatever ' + 'the order of the answers (property)',
    () => {
      fc.assert(
        fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
          const store = new SnapshotState(source, UNIVERSE)
          // The model: each shown symbol's last price since it joined the list (a row added back
          // starts empty).
          const expected = new Map<string, string | null>(UNIVERSE.map((symbol) => [symbol, null]))
          let now = 1_700_000_000_000
          for (const next of steps) {
            now += 1_000
            if (next.kind === 'watchlist') {
              store.setWatchlist(next.symbols)
              for (const symbol of [...expected.keys()])
                if (!next.symbols.includes(symbol)) expected.delete(symbol)
              for (const symbol of next.symbols) if (!expected.has(symbol)) expected.set(symbol, null)
              continue
            }
            if (next.kind === 'prices')
              store.applyPrices(
                next.symbols.map((symbol) => priceRecord(symbol, next.price, now)),
                now,
              )
            else
              store.applyMarket(
                next.symbols.map((symbol) => marketRecord(symbol, next.price, '1.000000000000000001', now)),
                now,
              )
            for (const symbol of next.symbols) if (expected.has(symbol)) expected.set(symbol, next.price)
          }
          const shown = store.snapshot().assets.map((asset) => [asset.symbol, asset.price])
          expect(new Map(shown as [string, string | null][])).toEqual(expected)
        }),
        { numRuns: 500 },
      )
    },
  )

  it('puts a poll on a row added back since the last poll of the same answer', () => {
    const store = new SnapshotState(source, ['AAPLon', 'NVDAon'])
    const poll = (price: string, at: number) =>
      store.applyPrices([priceRecord('AAPLon', price, at), priceRecord('NVDAon', price, at)], at)
    poll('100.0000', 1_000)
    store.setWatchlist(['NVDAon'])
    store.setWatchlist(['NVDAon', 'AAPLon'])
    poll('101.0000', 2_000)
    expect(store.snapshot().assets.map((asset) => asset.price)).toEqual(['101.0000', '101.0000'])
  })
})

describe('the store at its edges', () => {
  it('carries no history in a price-only delta (a streamed frame), so nothing is packed for it', () => {
    // A Wednesday, 10:30 in New York: the regular session.
    const at = Date.UTC(2026, 10, 25, 15, 30)
    const store = new SnapshotState(source, ['AAPLon', 'NVDAon'])
    store.applyMarket(
      [marketRecord('AAPLon', '100.10', '1', at), marketRecord('NVDAon', '120.20', '1', at)],
      at,
    )
    store.commit(at)
    store.applyPrices(
      [priceRecord('AAPLon', '100.15', at + 1_000), priceRecord('NVDAon', '120.25', at + 1_000)],
      at + 1_000,
    )
    const delta = store.commit(at + 1_000)
    expect(delta?.changed.map((change) => [change.symbol, change.fields.price])).toEqual([
      ['AAPLon', '100.15'],
      ['NVDAon', '120.25'],
    ])
    for (const change of delta?.changed ?? []) expect(change.fields).not.toHaveProperty('history24h')
    expect(delta && packHistories(delta)).toBe(delta)
  })

  it('has nothing to push with an empty watchlist', () => {
    const store = new SnapshotState(source)
    expect(store.watchlist()).toEqual([])
    expect(store.commit(1)).toBeNull()
  })

  it('does not report as removed a symbol that left and came back between two commits', () => {
    const store = new SnapshotState(source, ['AAPLon', 'NVDAon'])
    store.commit(1)
    store.setWatchlist(['AAPLon'])
    store.setWatchlist(['AAPLon', 'NVDAon'])
    expect(store.commit(2)).toBeNull()
  })

  it('does not report as removed a symbol that came and left between two commits', () => {
    const store = new SnapshotState(source, ['AAPLon'])
    store.commit(1)
    store.setWatchlist(['AAPLon', 'NVDAon'])
    store.setWatchlist(['AAPLon'])
    expect(store.commit(2)).toBeNull()
  })

  it('keeps its data when told the same service again', () => {
    const store = new SnapshotState(source, ['AAPLon'])
    store.applyPrices([priceRecord('AAPLon', '10.0000', 1_000)], 1_000)
    store.setSource({ ...source })
    expect(store.snapshot().assets[0]?.price).toBe('10.0000')
    store.setSource({ baseUrl: 'https://elsewhere.example', demo: false })
    expect(store.snapshot().assets[0]?.price).toBeNull()
  })

  it('turns an asset stale only once more than the allowed age has passed', () => {
    const store = new SnapshotState(source, ['AAPLon'])
    store.applyPrices([priceRecord('AAPLon', '10.0000', 1_000)], 1_000)
    store.updateStaleness(1_500, 500)
    expect(store.snapshot().assets[0]?.stale).toBe(false)
    store.updateStaleness(1_501, 500)
    expect(store.snapshot().assets[0]?.stale).toBe(true)
  })

  it('says when the first fresh asset turns stale, whatever the order of the rows', () => {
    const store = new SnapshotState(source, UNIVERSE)
    expect(store.nextStaleAt(500)).toBeNull()
    const seenAt = { AAPLon: 2_000, NVDAon: 1_000, TSLAon: 3_000, SPYon: 1_200 }
    for (const [symbol, at] of Object.entries(seenAt))
      store.applyPrices([priceRecord(symbol, '10.0000', 1)], at)
    // Fon was never seen: loading, not about to turn stale.
    expect(store.nextStaleAt(500)).toBe(1_500)
    store.updateStaleness(1_501, 500)
    expect(store.nextStaleAt(500)).toBe(1_700)
  })
})

describe('sameServiceAs', () => {
  it('demo is one service whatever its port; otherwise the base URL and the mode decide', () => {
    const live = (baseUrl: string) => ({ baseUrl, demo: false })
    const demo = (baseUrl: string) => ({ baseUrl, demo: true })
    expect(sameServiceAs(demo('http://127.0.0.1:4001'), demo('http://127.0.0.1:4002'))).toBe(true)
    expect(sameServiceAs(live('https://a.example'), live('https://a.example'))).toBe(true)
    expect(sameServiceAs(live('https://a.example'), live('https://b.example'))).toBe(false)
    expect(sameServiceAs(demo('https://a.example'), live('https://a.example'))).toBe(false)
    expect(sameServiceAs(live('https://a.example'), demo('https://a.example'))).toBe(false)
  })
})
