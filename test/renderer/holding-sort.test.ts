import { describe, expect, it } from 'vitest'
import type { ValuedPosition } from '../../src/shared/holdings'
import { HOLDING_COLUMNS } from '../../src/shared/watchlist-columns'
import { isSortable, sortSymbols } from '../../src/renderer/watchlist/visible-order'
import { selectHeldOrder } from '../../src/renderer/watchlist/shown-rows'
import { initialWatchState } from '../../src/renderer/store/watch-store'

/** A held position with every figure the given value (the sort reads one field at a time). */
function positionOf(symbol: string, figures: Partial<ValuedPosition>): ValuedPosition {
  return {
    symbol,
    quantity: '1',
    cost: '1',
    realized: '0',
    price: '1',
    value: '1',
    unrealized: '0',
    unrealizedPct: '0',
    dayChange: '0',
    fairValue: '1',
    valueAtFairValue: '1',
    unrealizedAtFairValue: '0',
    premiumExposure: '0',
    stale: false,
    ...figures,
  } as ValuedPosition
}

// AAAon and BBBon differ past the 17th digit: a float would call them equal and keep list order.
const positions = new Map(
  [
    positionOf('AAAon', { value: '100.00000000000000000001', unrealized: '-5' }),
    positionOf('BBBon', { value: '100', unrealized: '12.5' }),
    positionOf('NOPRICEon', { value: null, unrealized: null }),
    positionOf('SOLDon', { quantity: '0', value: '0', unrealized: '7' }),
    positionOf('OLDon', { value: '2000', unrealized: '1', stale: true }),
  ].map((position) => [position.symbol, position]),
)
const order = ['NOTHELDon', 'NOPRICEon', 'SOLDon', 'BBBon', 'AAAon', 'OLDon']

describe('sorting by a holding column', () => {
  it('offers every holding column as a sort', () => {
    expect(HOLDING_COLUMNS.filter((column) => !isSortable(column))).toEqual([])
  })

  it('sorts position values as decimals, a stale one as its value, rows without one last', () => {
    const sorted = (direction: 'asc' | 'desc') =>
      sortSymbols(order, new Map(), { column: 'positionValue', direction }, positions)
    expect(sorted('desc')).toEqual(['OLDon', 'AAAon', 'BBBon', 'NOTHELDon', 'NOPRICEon', 'SOLDon'])
    expect(sorted('asc')).toEqual(['BBBon', 'AAAon', 'OLDon', 'NOTHELDon', 'NOPRICEon', 'SOLDon'])
  })

  it('sorts signed P&L with losses below gains, a sold-out position with the rows not held', () => {
    expect(sortSymbols(order, new Map(), { column: 'unrealized', direction: 'asc' }, positions)).toEqual([
      'AAAon',
      'OLDon',
      'BBBon',
      'NOTHELDon',
      'NOPRICEon',
      'SOLDon',
    ])
  })

  it('sorts the Holdings tab by its own sort, symbol order without one', () => {
    const held = ['AAAon', 'BBBon', 'NOPRICEon', 'OLDon']
    const state = initialWatchState
    expect(selectHeldOrder(state, { held, tabSort: null, positions })).toBe(held)
    expect(
      selectHeldOrder(state, { held, tabSort: { column: 'positionValue', direction: 'desc' }, positions }),
    ).toEqual(['OLDon', 'AAAon', 'BBBon', 'NOPRICEon'])
  })
})
