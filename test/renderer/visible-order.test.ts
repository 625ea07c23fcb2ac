import { describe, expect, it } from 'vitest'
import { createVisibleOrderSelector, sortSymbols } from '../../src/renderer/watchlist/visible-order'
import { initialWatchState, type WatchState } from '../../src/renderer/store/watch-store'
import { DEFAULT_SETTINGS } from '../../src/shared/settings'
import { quoteOf } from './quote-fixtures'

const quotes = new Map(
  Object.entries({
    AAAon: quoteOf('AAAon', { price: '0.30000000000000000001', holders: 5 }),
    BBBon: quoteOf('BBBon', { price: '0.3', holders: 5 }),
    CCCon: quoteOf('CCCon', { price: null, holders: null }),
    DDDon: quoteOf('DDDon', { price: '10', holders: 9 }),
    EEEon: quoteOf('EEEon', { price: '0.3', holders: 1 }),
  }),
)
const order = ['CCCon', 'AAAon', 'BBBon', 'DDDon', 'EEEon']

describe('sortSymbols', () => {
  it('sorts decimal strings exactly, where floats would call them equal', () => {
    expect(sortSymbols(order, quotes, { column: 'price', direction: 'desc' })).toEqual([
      'DDDon',
      'AAAon',
      'BBBon',
      'EEEon',
      'CCCon',
    ])
  })

  it('keeps equal values in watchlist order in both directions, and missing values last', () => {
    expect(sortSymbols(order, quotes, { column: 'price', direction: 'asc' })).toEqual([
      'BBBon',
      'EEEon',
      'AAAon',
      'DDDon',
      'CCCon',
    ])
    expect(sortSymbols(order, quotes, { column: 'holders', direction: 'desc' })).toEqual([
      'DDDon',
      'AAAon',
      'BBBon',
      'EEEon',
      'CCCon',
    ])
  })

  it('sorts symbols as text', () => {
    expect(sortSymbols(order, quotes, { column: 'symbol', direction: 'desc' })).toEqual([
      'EEEon',
      'DDDon',
      'CCCon',
      'BBBon',
      'AAAon',
    ])
  })
})

describe('createVisibleOrderSelector', () => {
  const state = (overrides: Partial<WatchState>): WatchState => ({
    ...initialWatchState,
    quotes,
    order,
    ...overrides,
  })

  it('hands back the same array while the shown order does not change', () => {
    const select = createVisibleOrderSelector()
    const sorted = {
      ...DEFAULT_SETTINGS,
      lists: DEFAULT_SETTINGS.lists.map((list) => ({
        ...list,
        sort: { column: 'price', direction: 'desc' } as const,
      })),
    }
    const first = select(state({ settings: sorted }))
    const priceTick = new Map(quotes).set('DDDon', quoteOf('DDDon', { price: '10.5', holders: 9 }))
    expect(select(state({ settings: sorted, quotes: priceTick }))).toBe(first)
    const reordering = new Map(priceTick).set('BBBon', quoteOf('BBBon', { price: '11' }))
    expect(select(state({ settings: sorted, quotes: reordering }))).toEqual([
      'BBBon',
      'DDDon',
      'AAAon',
      'EEEon',
      'CCCon',
    ])
  })

  it('is the watchlist order itself when nothing is sorted', () => {
    const select = createVisibleOrderSelector()
    expect(select(state({ settings: DEFAULT_SETTINGS }))).toBe(order)
  })
})
