import { describe, expect, it } from 'vitest'
import { PAGE_POINTS, movedIndex } from '../../src/renderer/chart/crosshair-keys'

/** Where each key moves the chart's crosshair, over 96 points (index 0 to 95). */
describe('movedIndex', () => {
  const COUNT = 96
  it.each([
    // key, crosshair now (null: none shown), where it goes
    ['ArrowLeft', null, 95],
    ['ArrowRight', null, 95],
    ['ArrowLeft', 10, 9],
    ['ArrowLeft', 0, 0],
    ['ArrowRight', 10, 11],
    ['ArrowRight', 95, 95],
    ['PageUp', 10, 10 - PAGE_POINTS],
    ['PageUp', 2, 0],
    ['PageUp', null, 95 - PAGE_POINTS],
    ['PageDown', 10, 10 + PAGE_POINTS],
    ['PageDown', 94, 95],
    ['Home', 50, 0],
    ['End', 50, 95],
    ['Escape', 50, null],
  ] as const)('%s from %s goes to %s', (key, from, to) => {
    expect(movedIndex(key, from, COUNT)).toBe(to)
  })

  it('leaves Escape to the panel when no crosshair is shown, and ignores other keys', () => {
    expect(movedIndex('Escape', null, COUNT)).toBeUndefined()
    expect(movedIndex('Enter', 10, COUNT)).toBeUndefined()
    expect(movedIndex('a', null, COUNT)).toBeUndefined()
  })
})
