import { describe, expect, it } from 'vitest'
import { movedRange, rangeForDigit } from '../../src/renderer/chart/range-keys'
import { HISTORY_RANGES } from '../../src/shared/history'

describe('the chart range on the keyboard', () => {
  it('picks 1D ... All with the digits 1 to 7, in the buttons order, and nothing else', () => {
    expect(['1', '2', '3', '4', '5', '6', '7'].map(rangeForDigit)).toEqual([...HISTORY_RANGES])
    for (const key of ['0', '8', '9', 'a', 'F1', '10', ' ']) expect(rangeForDigit(key)).toBeUndefined()
  })

  it('moves the choice among the buttons with the arrows, wrapping, and Home/End to the ends', () => {
    expect(movedRange('ArrowRight', '1d')).toBe('1w')
    expect(movedRange('ArrowDown', '1y')).toBe('all')
    expect(movedRange('ArrowRight', 'all')).toBe('1d')
    expect(movedRange('ArrowLeft', '1d')).toBe('all')
    expect(movedRange('ArrowUp', '3m')).toBe('1m')
    expect(movedRange('Home', '6m')).toBe('1d')
    expect(movedRange('End', '1w')).toBe('all')
    expect(movedRange('Enter', '1w')).toBeUndefined()
  })
})
