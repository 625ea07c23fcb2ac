import { describe, expect, it } from 'vitest'
import { type Delta, emptyAsset } from '../../src/shared/domain'
import { packHistories, unpackHistories } from '../../src/shared/packed-histories'

const history = [
  { t: 1, price: '1.5' },
  { t: 2, price: '-0.000001' },
]

function deltaWithHistories(): Delta {
  return {
    asOf: 2,
    changed: [
      { symbol: 'AAPLon', fields: { price: '2', history24h: history } },
      { symbol: 'NVDAon', fields: { price: '3' } },
      // A change of the history alone: packed, its fields are empty, and the change stays.
      { symbol: 'TSLAon', fields: { history24h: [{ t: 3, price: '250.10' }] } },
      // A history's tail (the market answer a minute later): packed as the tail, not as points.
      {
        symbol: 'QQQon',
        fields: { price: '520.35' },
        historyTail: {
          base: { length: 2, lastT: 2, digest: 4_011_239_827 },
          drop: 0,
          keep: 1,
          points: [{ t: 62, price: '520.35' }],
        },
      },
    ],
    added: [{ ...emptyAsset('SPYon'), price: '4', history24h: history }, emptyAsset('Fon')],
    removed: ['IWMon'],
    order: ['AAPLon', 'NVDAon', 'TSLAon', 'QQQon', 'SPYon', 'Fon'],
  }
}

describe('packHistories', () => {
  it('takes every history out of the changes and added assets, into one text', () => {
    const packed = packHistories(deltaWithHistories())
    expect(packed.changed).toEqual([
      { symbol: 'AAPLon', fields: { price: '2' } },
      { symbol: 'NVDAon', fields: { price: '3' } },
      { symbol: 'TSLAon', fields: {} },
      { symbol: 'QQQon', fields: { price: '520.35' } },
    ])
    expect(packed.added.map((asset) => [asset.symbol, asset.price, asset.history24h])).toEqual([
      ['SPYon', '4', []],
      ['Fon', null, []],
    ])
    expect(typeof packed.histories).toBe('string')
    // What a structured clone of it holds besides the text: no history point anywhere.
    expect(JSON.stringify({ ...packed, histories: undefined })).not.toContain('"t":')
  })

  it('passes a delta without histories on as it is, with no text, and never changes the one given', () => {
    const prices: Delta = {
      asOf: 5,
      changed: [{ symbol: 'AAPLon', fields: { price: '2' } }],
      added: [],
      removed: [],
    }
    expect(packHistories(prices)).toBe(prices)
    const delta = deltaWithHistories()
    packHistories(delta)
    expect(delta).toEqual(deltaWithHistories())
  })
})

describe('unpackHistories', () => {
  it('gives back the delta that was packed, through a structured clone as IPC copies it', () => {
    const packed = structuredClone(packHistories(deltaWithHistories()))
    expect(unpackHistories(packed)).toEqual(deltaWithHistories())
  })

  it('gives a delta that carries no text back unchanged', () => {
    const plain = deltaWithHistories()
    expect(unpackHistories(plain)).toEqual(deltaWithHistories())
  })

  it('keeps prices exact: the decimal strings come back character for character', () => {
    const points = [{ t: 1, price: '0.10000000000000000001' }]
    const packed = packHistories({
      asOf: 1,
      changed: [{ symbol: 'AAPLon', fields: { history24h: points } }],
      added: [],
      removed: [],
    })
    expect(unpackHistories(structuredClone(packed)).changed[0]?.fields.history24h).toEqual(points)
  })
})
