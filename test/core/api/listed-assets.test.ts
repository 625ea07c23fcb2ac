import { describe, expect, it } from 'vitest'
import { listedAssetsOf } from '../../../src/main/core/api/listed-assets'
import { marketRecord } from './api-client.fixtures'

/** What the search lists of an all-assets answer: each element's symbol, ticker and name alone. */

describe('the listing of an all-assets answer', () => {
  it('lists each element by its symbol, ticker and name, in order', () => {
    expect(listedAssetsOf([marketRecord('AAPLon'), marketRecord('TSLAon')])).toEqual([
      { symbol: 'AAPLon', ticker: 'AAPL', name: 'AAPL Inc.' },
      { symbol: 'TSLAon', ticker: 'TSLA', name: 'TSLA Inc.' },
    ])
  })

  it('lists a basket without a stock, and a stock without a name, with what is missing as null', () => {
    const basket = { ...marketRecord('SPYon'), underlyingMarket: null }
    const nameless = { primaryMarket: { symbol: 'QQQon' }, underlyingMarket: { ticker: 'QQQ' } }
    expect(listedAssetsOf([basket, nameless])).toEqual([
      { symbol: 'SPYon', ticker: null, name: null },
      { symbol: 'QQQon', ticker: 'QQQ', name: null },
    ])
  })

  it('lists an element whose other fields are broken, and passes over one it cannot name', () => {
    const brokenPrice = { ...marketRecord('NVDAon'), primaryMarket: { symbol: 'NVDAon', price: 'x' } }
    expect(
      listedAssetsOf([
        brokenPrice,
        { primaryMarket: { price: '1' } },
        { primaryMarket: { symbol: 'not a symbol' } },
        { primaryMarket: { symbol: 'AMDon' }, underlyingMarket: { name: 'no ticker' } },
        null,
        'AAPLon',
      ]),
    ).toEqual([{ symbol: 'NVDAon', ticker: 'NVDA', name: 'NVDA Inc.' }])
  })
})
