import { useMemo } from 'react'
import type { DisplayZone } from '../../shared/display-time'
import { measureLabel } from '../chart/chart-page'
import type { HistoryModel } from '../chart/history-model'
import { multiplierMarkText } from './HistoryReadout'

/** What marks a step whose words would collide with another's: explained in the legend. */
export const STEP_GLYPH = '◆'

export interface StepMark {
  t: number
  text: string
  title: string
  left: number
  /** Its words would collide with a larger step's: marked by the glyph. */
  compact: boolean
}

/**
 * Each multiplier step under the axis at its place: its old and new value where there is room,
 * else the step glyph in a row below (the legend says what it is; its words are in its title and
 * the readout).
 * The larger step (a split before a dividend) gets the words first.
 */
export function useStepMarks(model: HistoryModel, width: number | null, zone: DisplayZone): StepMark[] {
  return useMemo(() => {
    if (!width) return []
    const labelled: Array<{ left: number; right: number }> = []
    const marks: StepMark[] = []
    const bySize = [...model.marks].sort((a, b) => stepSize(b) - stepSize(a))
    for (const mark of bySize) {
      const x = mark.x * width
      const boxOf = (text: string) => {
        const half = measureLabel(text) / 2
        const left = Math.min(Math.max(0, x - half), width - 2 * half)
        return { left, right: left + 2 * half }
      }
      const words = multiplierMarkText(mark, null)
      const box = boxOf(words)
      const compact = !labelled.every((other) => box.left >= other.right + 6 || box.right + 6 <= other.left)
      if (!compact) labelled.push(box)
      const text = compact ? STEP_GLYPH : words
      marks.push({ t: mark.t, text, title: multiplierMarkText(mark, zone), left: boxOf(text).left, compact })
    }
    marks.sort((a, b) => a.t - b.t)
    // Glyphs of steps days apart would be drawn as one: each sits just after the one before.
    let glyphEnd = Number.NEGATIVE_INFINITY
    for (const mark of marks.filter((each) => each.compact)) {
      mark.left = Math.max(mark.left, glyphEnd + 2)
      glyphEnd = mark.left + measureLabel(STEP_GLYPH)
    }
    return marks
  }, [model, width, zone])
}

export function MultiplierMarks({ marks, width }: { marks: StepMark[]; width: number | null }) {
  if (marks.length === 0) return null
  return (
    <div className="chart-marks" style={{ width: width ?? undefined }}>
      {marks.map((mark) => (
        <span
          key={mark.t}
          className={mark.compact ? 'chart-mark chart-mark-compact' : 'chart-mark'}
          style={{ left: mark.left }}
          title={mark.title}
        >
          {mark.text}
        </span>
      ))}
    </div>
  )
}

/** How far a step moves the multiplier, as a ratio away from 1 (a 10:1 split: 9). */
function stepSize(mark: { from: string; to: string }): number {
  const ratio = Number(mark.to) / Number(mark.from)
  return Math.abs(Math.log(Number.isFinite(ratio) && ratio > 0 ? ratio : 1))
}
