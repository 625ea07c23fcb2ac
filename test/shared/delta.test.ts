import { describe, expect, it } from 'vitest'
import { applyAssetChange, diffAsset } from '../../src/shared/delta'
import { type AssetQuote, emptyAsset } from '../../src/shared/domain'

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

  it('applyAssetChange replaces any single field, and only that field', () => {
    for (const key of fields) {
      const value = otherValue(key)
      expect(applyAssetChange(base, { [key]: value }), key).toStrictEqual({ ...base, [key]: value })
    }
  })
})
