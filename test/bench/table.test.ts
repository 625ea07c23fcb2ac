import { describe, expect, it } from 'vitest'
import { type Floor, type Metric, metric } from '../../bench/report'
import { table } from '../../bench/table'
import type { JudgedMetric } from '../../bench/verdict'

/** The benchmark's table: a space between the parts of a figure, and none for a part left out. */

const READING = { cpuMs: 52.1, cpuThreadMs: 51.3, timerMs: 47.6, timerTypicalMs: 44.7 }

function judged(figure: Metric): JudgedMetric {
  return {
    ...figure,
    verdict: figure.budget === null ? null : 'ok',
    calibration: { before: READING, after: READING, busy: 1 },
  }
}

const floor = (unit: string): Floor => ({ subject: 2, floor: 1.5, ratio: 1.33, unit })

describe('the table', () => {
  it('writes a figure and its unit, and a floor with its unit, a space between each part', () => {
    expect(table([judged(metric('core.cpu.ratioToFloor', 20, 1.32, 'x floor', 1.5, floor('ms')))])).toBe(
      [
        'metric                  n         value  subject / floor     budget',
        '---------------------  --  ------------  ------------------  ------  --',
        'core.cpu.ratioToFloor  20  1.32 x floor  2 / 1.5 ms = 1.33x  <= 1.5  ok',
      ].join('\n'),
    )
  })

  it('leaves no space for a unit that is left out: no double space, none at the end of a cell', () => {
    const lines = table([
      judged(metric('plain.count', 5, 3, '', 4)),
      judged(metric('floor.ratio', 5, 3, 'x', 4, floor(''))),
      judged(metric('context.ms', null, 214.5, 'ms', null)),
    ]).split('\n')
    expect(lines.slice(2)).toEqual([
      'plain.count  5       3                   <= 4    ok',
      'floor.ratio  5     3 x  2 / 1.5 = 1.33x  <= 4    ok',
      'context.ms      215 ms',
    ])
    for (const line of lines) expect(line).toBe(line.trimEnd())
  })
})
