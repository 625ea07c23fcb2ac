import { describe, expect, it } from 'vitest'
import { type Calibration, medianReading } from '../../bench/calibration'
import { metric } from '../../bench/report'
import { table } from '../../bench/table'
import { BUSY_LIMIT, EXIT, busyFactor, exitCode, judgeRun, quietest, summarize } from '../../bench/verdict'

/**
 * The contention guard's decisions from given calibration readings: no timing here (the readings
 * are figures a quiet and a busy run of this machine gave).
 */

function reading(cpuMs: number, timerMs: number, cpuThreadMs = 51.3, timerTypicalMs = 44.7): Calibration {
  return { cpuMs, cpuThreadMs, timerMs, timerTypicalMs }
}

const QUIET = reading(52.1, 47.6)
const within = metric('core.cpu.ratioToFloor', 20, 1.32, 'x floor', 1.5)
const over = metric('core.heap.ratioToJson', 400, 3.86, 'x JSON', 3)
const context = metric('core.cpu.msPerMinute', 20, 214.5, 'ms CPU per minute', null)

describe('the quietest calibration reading', () => {
  it('takes the least of the wall times and of the readings with the waiting left out', () => {
    expect(quietest([reading(104.9, 79.1, 53.2, 50.8), reading(61.7, 62.3, 52.4, 46.1)])).toEqual({
      cpuMs: 52.4,
      timerMs: 46.1,
    })
  })

  it('refuses a run without readings', () => {
    expect(() => quietest([])).toThrow('no calibration readings')
  })
})

describe('the busy factor', () => {
  const quiet = { cpuMs: 50.5, timerMs: 45.5 }

  it('is the slower loop of the slower reading against the quietest', () => {
    expect(busyFactor([reading(60.6, 45.5), reading(50.5, 91)], quiet)).toBe(2)
    expect(busyFactor([reading(101, 45.5), reading(50.5, 68.25)], quiet)).toBe(2)
  })

  it('is 1 at the quietest reading itself', () => {
    expect(busyFactor([reading(50.5, 45.5)], quiet)).toBe(1)
  })
})

describe('verdicts', () => {
  it('judges a suite whose both readings are within 1.5x of the quietest', () => {
    const judged = judgeRun([{ results: [within, over, context], before: QUIET, after: reading(75.3, 47.6) }])
    expect(judged.map((figure) => figure.verdict)).toEqual(['ok', 'missed', null])
    expect(summarize(judged)).toEqual({ ok: 1, missed: 1, notJudged: 0 })
  })

  it('gives no verdict on a suite whose calibration ran more than 1.5x slower, before or after', () => {
    const busyAfter = { results: [within, over, context], before: QUIET, after: reading(52.3, 71.5) }
    const busyBefore = { results: [within], before: reading(104.9, 47.6), after: QUIET }
    const judged = judgeRun([busyAfter, busyBefore])
    expect(judged.map((figure) => figure.verdict)).toEqual(['not judged', 'not judged', null, 'not judged'])
    expect(summarize(judged)).toEqual({ ok: 0, missed: 0, notJudged: 3 })
    expect(judged[0]?.calibration.busy).toBeCloseTo(71.5 / 44.7, 6)
  })

  it('compares a run busy from start to end with its readings without the waiting', () => {
    // A CPU hog on both cores: every wall time about twice the thread's own CPU time.
    const hogged = reading(104.9, 50.2, 52.4, 45.1)
    const judged = judgeRun([{ results: [within], before: hogged, after: hogged }])
    expect(judged[0]?.verdict).toBe('not judged')
    expect(judged[0]?.calibration.busy).toBeCloseTo(104.9 / 52.4, 6)
  })

  it('carries the calibration each figure was measured under, suite by suite', () => {
    const second = reading(55.5, 49.9)
    const judged = judgeRun([
      { results: [within], before: QUIET, after: QUIET },
      { results: [context], before: second, after: second },
    ])
    expect(judged[0]?.calibration).toMatchObject({ before: QUIET, after: QUIET })
    expect(judged[1]?.calibration).toMatchObject({ before: second, after: second })
  })

  it('says "host busy xN: not judged" in the table', () => {
    const judged = judgeRun([{ results: [within], before: QUIET, after: reading(52.1, 86.9) }])
    expect(table(judged)).toContain('host busy x1.9: not judged')
  })
})

describe('the exit code', () => {
  it('is 3 when nothing was missed but a suite was not judged', () => {
    expect(exitCode({ ok: 12, missed: 0, notJudged: 4 }, false)).toBe(EXIT.notJudged)
    expect(EXIT.notJudged).toBe(3)
  })

  it('is 1 when a budget was missed on a host quiet enough to judge', () => {
    expect(exitCode({ ok: 12, missed: 1, notJudged: 4 }, false)).toBe(1)
  })

  it('is 0 when every budget was judged and met, and in a smoke run whatever the verdicts', () => {
    expect(exitCode({ ok: 16, missed: 0, notJudged: 0 }, false)).toBe(0)
    expect(exitCode({ ok: 12, missed: 1, notJudged: 3 }, true)).toBe(0)
  })
})

describe('one calibration from its readings', () => {
  it('keeps the median of each figure, so one late wakeup at a run start does not decide', () => {
    // The first reading is the one a run of 29 November began with (a timer loop of 104.8 ms).
    const readings = [
      reading(67.9, 104.8, 61.1, 42.8),
      reading(45.3, 44.0, 43.4, 42.9),
      reading(46.1, 45.8, 44.0, 43.0),
      reading(44.6, 47.4, 43.1, 43.1),
      reading(43.8, 43.8, 43.9, 43.3),
    ]
    expect(medianReading(readings)).toEqual(reading(45.3, 45.8, 43.9, 43.0))
  })

  it('still shows a host busy through most of the readings', () => {
    const busy = medianReading([
      reading(138.6, 109.8),
      reading(327.6, 120.3),
      reading(45.3, 44.0),
      reading(308.6, 62.9),
      reading(255.4, 59.3),
    ])
    expect(busyFactor([busy], { cpuMs: 43.1, timerMs: 40.5 })).toBeGreaterThan(BUSY_LIMIT)
  })

  it('refuses no readings', () => {
    expect(() => medianReading([])).toThrow('no calibration readings')
  })
})
