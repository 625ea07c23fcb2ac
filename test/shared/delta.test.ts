import { describe, expect, it } from 'vitest'
import { applyAssetChange, applyDelta, diffAsset, sameUnderlying } from '../../src/shared/delta'
import { type AssetQuote, type UnderlyingMarket, emptyAsset } from '../../src/shared/domain'

/**
 * diffAsset and applyAssetChange name every field of a quote one by one (for speed, see
 * delta.ts). These checks fail when a field is added to AssetQuote (emptyAsset must list it) but
 * not to them.
 */

const base = emptyAsset('AAPLon')
const fields = Object.keys(base).filter((key) => key !== 'symbol') as (keyof Omit<AssetQuote, 'symbol'>)[]

/** A value of the field's kind that differs from the empty asset's. */
function otherValue(key: keyof AssetQuote): unknown {
  const value = base[key]
  if (typeof value === 'boolean') return !value
  if (Array.isArray(value)) return [{ t: 1, price: '1' }]
  return key.endsWith('Timestamp') || key === 'holders' ? 42 : { changed: key }
}

describe('quote fields', () => {
  it('diffAsset reports a change in any single field, and only that field', () => {
    for (const key of fields) {
      const changed = { ...base, [key]: otherValue(key) } as AssetQuote
      expect(diffAsset(base, changed), key).toEqual({ [key]: changed[key] })
      expect(diffAsset(base, { ...base }), key).toBeNull()
    }
  })

  it('diffAsset finds no change between a quote and a deep copy of it, whatever field is set', () => {
    // A poll decodes fresh objects each time: equal limits or history from a repeated answer are
    // new objects, so a field compared by reference would be pushed on every poll.
    for (const key of fields) {
      const withValue = { ...base, [key]: otherValue(key) } as AssetQuote
      expect(diffAsset(withValue, structuredClone(withValue)), key).toBeNull()
    }
  })

  it('diffAsset compares structured values by content', () => {
    const history = [{ t: 1, price: '1.5' }]
    const before = { ...base, history24h: history }
    expect(diffAsset(before, { ...base, history24h: structuredClone(history) })).toBeNull()
    expect(diffAsset(before, { ...base, history24h: [{ t: 1, price: '1.6' }] })).toEqual({
      history24h: [{ t: 1, price: '1.6' }],
    })
  })

  it('sameUnderlying tells apart two underlying quotes that differ in any one field, and no others', () => {
    const underlying: UnderlyingMarket = {
      ticker: 'AAPL',
      name: 'Apple Inc.',
      price: '190.25',
      high52w: '199.62',
      low52w: '164.08',
      volume: '48120000',
      averageVolume: '52300000',
      sharesOutstanding: '15204100000',
      marketCap: '2892580025000',
    }
    expect(sameUnderlying(underlying, structuredClone(underlying))).toBe(true)
    expect(sameUnderlying(null, null)).toBe(true)
    expect(sameUnderlying(underlying, null)).toBe(false)
    for (const key of Object.keys(underlying) as (keyof UnderlyingMarket)[]) {
      const other = { ...underlying, [key]: key === 'name' ? null : `${underlying[key]}1` }
      expect(sameUnderlying(underlying, other), key).toBe(false)
      expect(diffAsset({ ...base, underlying }, { ...base, underlying: other }), key).toEqual({
        underlying: other,
      })
    }
  })

  it('applyAssetChange replaces any single field, and only that field', () => {
    for (const key of fields) {
      const value = otherValue(key)
      expect(applyAssetChange(base, { [key]: value }), key).toStrictEqual({ ...base, [key]: value })
    }
  })
})

describe('applyDelta', () => {
  const source = { baseUrl: 'http://127.0.0.1:1', demo: true }
  const snapshot = {
    asOf: 1,
    source,
    assets: ['AAPLon', 'TSLAon', 'NVDAon'].map((symbol) => emptyAsset(symbol)),
    errors: [{ scope: 'prices', code: 'X', message: 'old' }],
  }
  const symbolsOf = (s: { assets: AssetQuote[] }) => s.assets.map((asset) => asset.symbol)

  it('drops removed assets and appends added ones, keeping the order of the rest', () => {
    const next = applyDelta(snapshot, {
      asOf: 2,
      changed: [],
      added: [emptyAsset('Fon'), emptyAsset('SPYon')],
      removed: ['TSLAon'],
    })
    expect(symbolsOf(next)).toEqual(['AAPLon', 'NVDAon', 'Fon', 'SPYon'])
    expect(next.asOf).toBe(2)
    // Errors and source stand unless the delta says otherwise.
    expect(next.errors).toBe(snapshot.errors)
    expect(next.source).toBe(source)
  })

  it('follows a new order, and places an added asset the order names where it names it', () => {
    const next = applyDelta(snapshot, {
      asOf: 2,
      changed: [{ symbol: 'NVDAon', fields: { price: '5.5' } }],
      added: [emptyAsset('Fon')],
      removed: [],
      order: ['NVDAon', 'Fon', 'AAPLon', 'TSLAon'],
      errors: [],
    })
    expect(symbolsOf(next)).toEqual(['NVDAon', 'Fon', 'AAPLon', 'TSLAon'])
    expect(next.assets[0]?.price).toBe('5.5')
    expect(next.errors).toEqual([])
  })

  it('lists an asset added twice once', () => {
    const next = applyDelta(snapshot, {
      asOf: 2,
      changed: [],
      added: [emptyAsset('Fon'), emptyAsset('Fon')],
      removed: [],
    })
    expect(symbolsOf(next)).toEqual(['AAPLon', 'TSLAon', 'NVDAon', 'Fon'])
  })

  it('appends an added asset its order leaves out, without changing the delta it was given', () => {
    const order = ['NVDAon', 'AAPLon', 'TSLAon']
    const delta = { asOf: 2, changed: [], added: [emptyAsset('Fon')], removed: [], order }
    const next = applyDelta(snapshot, delta)
    expect(symbolsOf(next)).toEqual(['NVDAon', 'AAPLon', 'TSLAon', 'Fon'])
    expect(delta.order).toEqual(['NVDAon', 'AAPLon', 'TSLAon'])
    expect(symbolsOf(snapshot)).toEqual(['AAPLon', 'TSLAon', 'NVDAon'])
  })
})

describe('diffAsset across kinds of value', () => {
  it('tells an object from an array, and a value from null', () => {
    const withObject = { ...base, limits: {} } as unknown as AssetQuote
    const withArray = { ...base, limits: [] } as unknown as AssetQuote
    expect(diffAsset(withObject, withArray)).toEqual({ limits: [] })
    expect(diffAsset(withArray, withObject)).toEqual({ limits: {} })
    expect(diffAsset(withObject, base)).toEqual({ limits: null })
  })

  it('sees a key that one object has and the other lacks, whichever side it is on', () => {
    const fewer = { ...base, limits: { ticker: 'AAPL' } } as unknown as AssetQuote
    const more = { ...base, limits: { ticker: 'AAPL', price: '1' } } as unknown as AssetQuote
    expect(diffAsset(fewer, more)).toEqual({ limits: { ticker: 'AAPL', price: '1' } })
    expect(diffAsset(more, fewer)).toEqual({ limits: { ticker: 'AAPL' } })
  })
})
