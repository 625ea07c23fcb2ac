import { describe, expect, it } from 'vitest'
import { type Seen, hopsOf, latenciesOf } from '../../bench/node/update-latency'

/**
 * The update-to-screen bench matches each price text a row showed to the write that put it there
 * (bench/node/update-latency.ts): the first write of the run of writes reading as that text, none
 * later than the text was seen. Pure, so tested without a clock.
 */

const origins = (symbol: string, list: [number, string][]) =>
  new Map([[symbol, list.map(([atMs, text]) => ({ atMs, text }))]])

const seenAt = (symbol: string, text: string, atMs: number, emittedAt: number | null = null): Seen => ({
  symbol,
  text,
  atMs,
  emittedAt,
})

describe('matching a row’s price text to its write', () => {
  it('times a text from the write that changed it, not a later write that read the same', () => {
    const written = origins('AAPLon', [
      [1_000, '224.21'],
      [2_000, '224.30'],
      [3_000, '224.30'], // same text: no change on screen, not the start
      [4_000, '224.35'],
    ])
    expect(latenciesOf([seenAt('AAPLon', '224.30', 3_020.5)], written)).toEqual([1_020.5])
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
          seenAt('AAPLon', '224.30', 2_012),
          seenAt('AAPLon', '120.20', 2_050),
          seenAt('NVDAon', '100.10', 2_050),
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
    expect(latenciesOf([seenAt('AAPLon', '224.30', 3_001)], written)).toEqual([1_001])
  })

  it('splits each followed change into the core, the hand-over and the page', () => {
    const written = origins('AAPLon', [
      [1_000, '224.21'],
      [2_000, '224.30'],
    ])
    const published = origins('AAPLon', [
      [1_004, '224.21'],
      [2_006.5, '224.30'],
      [3_006, '224.30'], // the same text again later: not the delta that showed it
    ])
    const hops = hopsOf(
      [
        seenAt('AAPLon', '224.30', 2_031, 2_020),
        seenAt('AAPLon', '224.21', 1_050, null), // no batch stamped: not followed
      ],
      written,
      published,
    )
    expect(hops).toEqual({ core: [6.5], handover: [13.5], page: [11] })
  })
})
