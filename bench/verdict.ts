import type { Calibration } from './calibration'
import type { Metric } from './report'

/**
 * The contention guard's decisions, as pure functions of the calibration readings
 * (bench/calibration.ts) so that they can be tested without timing anything. A suite is judged
 * only when both loops, timed before and after it, ran at most BUSY_LIMIT times slower than the
 * quietest reading the run has of them; otherwise the machine, not the code, decides its figures,
 * and its budgeted figures read "host busy xN: not judged" instead of a verdict.
 */

export const BUSY_LIMIT = 1.5

/** `npm run bench`'s exit codes: a budget missed on a quiet host wins over one not judged. */
export const EXIT = { ok: 0, missed: 1, notJudged: 3 } as const

export interface SuiteCalibration {
  before: Calibration
  after: Calibration
  /** How many times slower than the run's quietest reading the slower loop ran, before or after. */
  busy: number
}

export type Verdict = 'ok' | 'missed' | 'not judged'

/** A figure as reported: its verdict (null without a budget) and the calibration it was measured under. */
export interface JudgedMetric extends Metric {
  verdict: Verdict | null
  calibration: SuiteCalibration
}

export interface Summary {
  ok: number
  missed: number
  notJudged: number
}

export interface Quietest {
  cpuMs: number
  timerMs: number
}

/**
 * The quietest reading of each loop over a run: the least wall time, or the least time with the
 * waiting left out (a run busy from start to end has no quiet wall time to compare with).
 */
export function quietest(readings: readonly Calibration[]): Quietest {
  if (readings.length === 0) throw new Error('no calibration readings')
  return {
    cpuMs: Math.min(...readings.flatMap((reading) => [reading.cpuMs, reading.cpuThreadMs])),
    timerMs: Math.min(...readings.flatMap((reading) => [reading.timerMs, reading.timerTypicalMs])),
  }
}

/** How much slower than the quietest the slowest of these wall-time readings ran. */
export function busyFactor(readings: readonly Calibration[], quiet: Quietest): number {
  return Math.max(
    ...readings.flatMap((reading) => [reading.cpuMs / quiet.cpuMs, reading.timerMs / quiet.timerMs]),
  )
}

export function verdict(figure: Metric, busy: number): Verdict | null {
  if (figure.budget === null) return null
  if (busy > BUSY_LIMIT) return 'not judged'
  return figure.ok ? 'ok' : 'missed'
}

/** One suite's figures with the calibration readings taken before and after it. */
export interface SuiteRun {
  results: readonly Metric[]
  before: Calibration
  after: Calibration
}

/** Every suite's figures judged against the quietest calibration reading of the whole run. */
export function judgeRun(suites: readonly SuiteRun[]): JudgedMetric[] {
  const quiet = quietest(suites.flatMap((suite) => [suite.before, suite.after]))
  return suites.flatMap(({ results, before, after }) => {
    const calibration = { before, after, busy: busyFactor([before, after], quiet) }
    return results.map((figure) => ({ ...figure, verdict: verdict(figure, calibration.busy), calibration }))
  })
}

export function summarize(figures: readonly JudgedMetric[]): Summary {
  const count = (wanted: Verdict) => figures.filter((figure) => figure.verdict === wanted).length
  return { ok: count('ok'), missed: count('missed'), notJudged: count('not judged') }
}

/** What a run's verdicts make of its exit code; a smoke run enforces nothing. */
export function exitCode(summary: Summary, smoke: boolean): number {
  if (smoke) return EXIT.ok
  if (summary.missed > 0) return EXIT.missed
  if (summary.notJudged > 0) return EXIT.notJudged
  return EXIT.ok
}

/** The verdict column of the table. */
export function describeVerdict(figure: JudgedMetric): string {
  switch (figure.verdict) {
    case null:
      return ''
    case 'ok':
      return 'ok'
    case 'missed':
      return 'MISSED'
    case 'not judged':
      return `host busy x${figure.calibration.busy.toFixed(1)}: not judged`
  }
}
