/**
 * What a benchmark reports, and how: one Metric per figure, printed as a table for people or as one
 * JSON object per line for scripts (`--json`). Every budget is an upper bound: a metric is within
 * it when its value is at most the budget (`ok`); whether that is a verdict depends on how busy the
 * host was (bench/verdict.ts). A metric without a budget (null) is context for the others and is
 * neither ok nor missed in the summary.
 */

export interface Metric {
  metric: string
  /** The size the figure was measured at (assets, rows, poll cycles), or null when none applies. */
  n: number | null
  value: number
  unit: string
  budget: number | null
  ok: boolean
  /**
   * For a figure measured beside a floor: the subject's and the floor's own figures (medians, in
   * `floor.unit`) and the median of the pairs' ratios; null for a plain limit. The budget applies
   * to `value`, which is that ratio for a figure budgeted as one.
   */
  floor: Floor | null
}

export interface Floor {
  subject: number
  floor: number
  ratio: number
  /**
   * For figures measured in pairs (floorOf): the median of the pairs' differences, subject less
   * floor, in `unit`: what the subject adds, for a figure the host's part adds to rather than
   * scales (a thread the host does not run for 40 ms waits 40 ms whatever the app does:
   * main-thread.ts).
   */
  excess?: number
  unit: string
}

export function metric(
  name: string,
  n: number | null,
  value: number,
  unit: string,
  budget: number | null,
  floor: Floor | null = null,
): Metric {
  return { metric: name, n, value, unit, budget, ok: budget === null || value <= budget, floor }
}

/** Subject and floor measured alternately: the medians of each and of the pairs' ratios. */
export function floorOf(
  pairs: readonly { subject: number; floor: number }[],
  unit: string,
): Floor & { excess: number } {
  return {
    subject: round(median(pairs.map((pair) => pair.subject))),
    floor: round(median(pairs.map((pair) => pair.floor))),
    ratio: round(median(pairs.map((pair) => pair.subject / pair.floor))),
    excess: round(median(pairs.map((pair) => pair.subject - pair.floor))),
    unit,
  }
}

/**
 * Measures the `index`th pair of subject and floor, the subject first in even pairs and the floor
 * first in odd ones. Whichever goes first meets what the work before it left running (a browser
 * context closing, garbage to collect), and the second meets what the first left: in a fixed
 * order that would weigh on the same side of every pair.
 */
export async function measurePair<S, F>(
  index: number,
  subject: () => Promise<S>,
  floor: () => Promise<F>,
): Promise<{ subject: S; floor: F }> {
  if (index % 2 === 0) {
    const first = await subject()
    return { subject: first, floor: await floor() }
  }
  const first = await floor()
  return { subject: await subject(), floor: first }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** Figures keep three significant digits: more would only show this machine's noise. */
export function round(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(value))))
  return Number(value.toFixed(Math.min(digits, 6)))
}
