import { describe, expect, it } from 'vitest'
import { applyDelta } from '../../../../src/shared/delta'
import { type Delta, type Snapshot, emptyAsset } from '../../../../src/shared/domain'
import { DeltaMirror } from '../../../../src/main/core/feed/worker/delta-mirror'
import { deltaPieces } from '../../../../src/main/core/feed/worker/delta-pieces'

// Tuesday 2 December 2025, 14:30 UTC: fixed, whatever day the test runs.
const AT = Date.UTC(2025, 11, 2, 14, 30)
const source = { baseUrl: 'http://127.0.0.1:1', demo: false }

const start: Snapshot = {
  asOf: AT,
  source,
  assets: ['AAPLon', 'NVDAon', 'TSLAon'].map((symbol) => ({ ...emptyAsset(symbol), price: '100.10' })),
  errors: [],
}

const deltas: Delta[] = [
  // A market poll: every row's price and history, cut into pieces of one row each.
  ...deltaPieces(
    {
      asOf: AT + 60_000,
      changed: [
        { symbol: 'AAPLon', fields: { price: '120.20', history24h: [{ t: AT, price: '100.10' }] } },
        { symbol: 'NVDAon', fields: { price: '3.5' } },
        { symbol: 'TSLAon', fields: { price: '-0.5', stale: true } },
        { symbol: 'GONEon', fields: { price: '1.25' } },
      ],
      added: [],
      removed: [],
      errors: [{ scope: 'limits', code: 'http-500', message: 'The service failed.' }],
    },
    1,
  ),
  { asOf: AT + 65_000, changed: [], added: [], removed: [], source: { ...source, demo: true } },
  {
    asOf: AT + 70_000,
    changed: [],
    added: [{ ...emptyAsset('SPYon'), price: '600.05' }],
    removed: ['NVDAon'],
  },
  { asOf: AT + 75_000, changed: [{ symbol: 'SPYon', fields: { price: '600.15' } }], added: [], removed: [] },
  {
    asOf: AT + 80_000,
    changed: [{ symbol: 'AAPLon', fields: { price: '120.25' } }],
    added: [],
    removed: [],
    order: ['SPYon', 'TSLAon', 'AAPLon'],
  },
]

describe('DeltaMirror', () => {
  it('reads after each delta as applyDelta gives, whether read after every piece or only at the end', () => {
    const everyPiece = new DeltaMirror(start)
    const atTheEnd = new DeltaMirror(start)
    let expected = start
    const seen: Snapshot[] = []
    for (const delta of deltas) {
      expected = applyDelta(expected, delta)
      everyPiece.apply(delta)
      atTheEnd.apply(delta)
      const read = everyPiece.snapshot()
      expect(read).toEqual(expected)
      seen.push(structuredClone(read))
    }
    expect(atTheEnd.snapshot()).toEqual(expected)
    expect(atTheEnd.snapshot().assets.map((asset) => asset.price)).toEqual(['600.15', '-0.5', '120.25'])
    // A snapshot handed out is never changed afterwards by later deltas.
    let replay = start
    deltas.forEach((delta, index) => {
      replay = applyDelta(replay, delta)
      expect(seen[index]).toEqual(replay)
    })
  })

  it('starts over from a new snapshot', () => {
    const mirror = new DeltaMirror(start)
    mirror.apply(deltas[0]!)
    const fresh: Snapshot = { ...start, asOf: AT + 90_000, assets: [emptyAsset('Fon')] }
    mirror.reset(fresh)
    expect(mirror.snapshot()).toBe(fresh)
    mirror.apply({
      asOf: AT + 95_000,
      changed: [{ symbol: 'Fon', fields: { price: '11.05' } }],
      added: [],
      removed: [],
    })
    expect(mirror.snapshot().assets[0]?.price).toBe('11.05')
    expect(fresh.assets[0]?.price).toBeNull()
  })
})
