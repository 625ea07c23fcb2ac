import { describe, expect, it } from 'vitest'
import { latenciesOf } from '../../bench/node/update-latency'

/**
 * The update-to-screen bench matches each price text a row showed to the write that put it there
 * (bench/node/update-latency.ts): the first write of the run of writes reading as that text, none
 * later than the text was seen. Pure, so tested without a clock.
 */

const origins = (symbol: string, list: [number, string][]) =>
  new Map([[symbol, list.map(([atMs, text]) => ({ atMs, text }))]])

describe('matching a row’s price text to its write', () => {
  it('times a text from the write that changed it, not a later write that read the same', () => {
    const written = origins('AAPLon', [
      [1_000, '224.21'],
      [2_000, '224.30'],
      [3_000, '224.30'], // same text: no change on screen, not the start
      [4_000, '224.35'],
    ])
    expect(latenciesOf([{ symbol: 'AAPLon', text: '224.30', atMs: 3_020.5 }], written)).toEqual([1_020.5])
  })

  it('ignores writes after the text was seen, and a text no write explains', () => {
    const written = origins('AAPLon', [
      [1_000, '224.21'],
      [2_000, '224.30'],
      [2_010, '224.35'],
    ])
    expect(
      latenciesOf(
        [
          { symbol: 'AAPLon', text: '224.30', atMs: 2_012 },
          { symbol: 'AAPLon', text: '120.20', atMs: 2_050 },
          { symbol: 'NVDAon', text: '100.10', atMs: 2_050 },
        ],
        written,
      ),
    ).toEqual([12])
  })

  it('goes back to an earlier run of the same text when the newest write is not on screen yet', () => {
    const written = origins('AAPLon', [
      [1_000, '224.21'],
      [2_000, '224.30'],
      [3_000, '224.21'],
    ])
    expect(latenciesOf([{ symbol: 'AAPLon', text: '224.30', atMs: 3_001 }], written)).toEqual([1_001])
  })
})
