import { describe, expect, it } from 'vitest'
import { Deadline } from '../../../src/main/core/feed/deadline'
import { manualClock } from '../../support/manual-clock'

const START = Date.parse('2026-11-30T15:04:05.000Z')

function deadline() {
  const time = manualClock(START)
  const dueAt: number[] = []
  const subject = new Deadline(time.scheduler, () => dueAt.push(time.clock.now))
  return { time, dueAt, subject }
}

describe('Deadline', () => {
  it('runs once at its deadline, not a millisecond before', () => {
    const { time, dueAt, subject } = deadline()
    subject.set(START + 1_250)
    time.advanceTo(START + 1_249)
    expect(dueAt).toEqual([])
    time.advanceTo(START + 1_250)
    expect(dueAt).toEqual([START + 1_250])
    time.advanceTo(START + 60_000)
    expect(dueAt).toHaveLength(1)
  })

  it('moved later each frame, sets no timer until the first fires early, then one for the rest', () => {
    const { time, dueAt, subject } = deadline()
    subject.set(START + 2_000)
    for (let frame = 1; frame <= 50; frame++) {
      time.advanceTo(START + frame * 37)
      subject.set(time.clock.now + 2_000)
    }
    expect(time.clock.delays).toEqual([2_000])
    expect(time.clock.cleared).toEqual([])
    time.advanceTo(START + 2_000)
    expect(dueAt).toEqual([])
    // Armed again for what was left of the last deadline: 50 × 37 ms + 2 s, less the 2 s gone.
    expect(time.clock.delays).toEqual([2_000, 1_850])
    time.advanceTo(START + 50 * 37 + 1_999)
    expect(dueAt).toEqual([])
    time.advanceTo(START + 50 * 37 + 2_000)
    expect(dueAt).toEqual([START + 3_850])
  })

  it('moved earlier, arms at once for the earlier time', () => {
    const { time, dueAt, subject } = deadline()
    subject.set(START + 10_000)
    subject.set(START + 2_500)
    expect(time.clock.cleared).toHaveLength(1)
    time.advanceTo(START + 2_500)
    expect(dueAt).toEqual([START + 2_500])
    time.advanceTo(START + 10_000)
    expect(dueAt).toHaveLength(1)
  })

  it('cleared, runs nothing, and can be set again', () => {
    const { time, dueAt, subject } = deadline()
    subject.set(START + 500)
    subject.clear()
    expect(time.clock.pending.size).toBe(0)
    time.advanceTo(START + 5_000)
    expect(dueAt).toEqual([])
    subject.set(START + 5_750)
    time.advanceTo(START + 5_750)
    expect(dueAt).toEqual([START + 5_750])
  })

  it('set for a time already past, runs at the next turn of the clock', () => {
    const { time, dueAt, subject } = deadline()
    time.advanceTo(START + 1_000)
    subject.set(START + 400)
    expect(time.clock.delays).toEqual([0])
    expect(dueAt).toEqual([])
    time.advanceTo(START + 1_000)
    expect(dueAt).toEqual([START + 1_000])
  })
})
