import { describe, expect, it } from 'vitest'
import { floorOf, measurePair } from '../../bench/report'

/** The order a pair of subject and floor is measured in: no timing, only which ran first. */
describe('measurePair', () => {
  it('takes the subject first in even pairs, the floor first in odd ones, each on its side', async () => {
    const ran: string[] = []
    const pairs = []
    for (let index = 0; index < 4; index++)
      pairs.push(
        await measurePair(
          index,
          async () => (ran.push(`subject ${index}`), 412.6 + index),
          async () => (ran.push(`floor ${index}`), 375.1 + index),
        ),
      )
    expect(ran).toEqual([
      'subject 0',
      'floor 0',
      'floor 1',
      'subject 1',
      'subject 2',
      'floor 2',
      'floor 3',
      'subject 3',
    ])
    expect(pairs).toEqual([
      { subject: 412.6, floor: 375.1 },
      { subject: 413.6, floor: 376.1 },
      { subject: 414.6, floor: 377.1 },
      { subject: 415.6, floor: 378.1 },
    ])
    expect(floorOf(pairs, 'ms').ratio).toBe(1.1)
    // Every pair 37.5 ms apart: the median difference, for figures the host adds to.
    expect(floorOf(pairs, 'ms').excess).toBe(37.5)
  })
})
