import { describe, expect, it } from 'vitest'
import { movedRange, rangeForDigit } from '../../src/renderer/chart/range-keys'
import { HISTORY_RANGES } from '../../src/shared/history'
import { PORTFOLIO_RANGES } from '../../src/shared/portfolio'

describe('the chart range on the keyboard', () => {
  it('picks 1D ... All with the digits 1 to 7, in the buttons order, and nothing else', () => {
    expect(['1', '2', '3', '4', '5', '6', '7'].map(rangeForDigit)).toEqual([...HISTORY_RANGES])
    for (const key of ['0', '8', '9', 'a', 'F1', '10', ' ']) expect(rangeForDigit(key)).toBeUndefined()
  })

  it('moves the choice among the buttons with the arrows, wrapping, and Home/End to the ends', () => {
    expect(movedRange('ArrowRight', '1d', HISTORY_RANGES)).toBe('1w')
    expect(movedRange('ArrowDown', '1y', HISTORY_RANGES)).toBe('all')
    expect(movedRange('ArrowRight', 'all', HISTORY_RANGES)).toBe('1d')
    expect(movedRange('ArrowLeft', '1d', HISTORY_RANGES)).toBe('all')
    expect(movedRange('ArrowUp', '3m', HISTORY_RANGES)).toBe('1m')
    expect(movedRange('Home', '6m', HISTORY_RANGES)).toBe('1d')
    expect(movedRange('End', '1w', HISTORY_RANGES)).toBe('all')
    expect(movedRange('Enter', '1w', HISTORY_RANGES)).toBeUndefined()
  })

  it("moves among the portfolio chart's ranges (1W to All) without ever landing on 1D", () => {
    expect(movedRange('ArrowLeft', '1w', PORTFOLIO_RANGES)).toBe('all')
    expect(movedRange('ArrowRight', 'all', PORTFOLIO_RANGES)).toBe('1w')
    expect(movedRange('Home', '3m', PORTFOLIO_RANGES)).toBe('1w')
    expect(movedRange('ArrowDown', '1m', PORTFOLIO_RANGES)).toBe('3m')
  })
})
