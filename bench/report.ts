/**
 * What a benchmark reports, and how: one Metric per figure, printed as a table for people or as one
 * JSON object per line for scripts (`--json`). Every budget is an upper bound: a metric meets it
 * when its value is at most the budget. A metric without a budget (null) is context for the others
 * and is neither ok nor missed in the summary.
 */

export interface Metric {
  metric: string
  /** The size the figure was measured at (assets, rows, poll cycles), or null when none applies. */
  n: number | null
  value: number
  unit: string
  budget: number | null
  ok: boolean
}

export interface Summary {
  ok: number
  missed: number
}

export function metric(
  name: string,
  n: number | null,
  value: number,
  unit: string,
  budget: number | null,
): Metric {
  return { metric: name, n, value, unit, budget, ok: budget === null || value <= budget }
}

export function summarize(metrics: readonly Metric[]): Summary {
  const budgeted = metrics.filter((m) => m.budget !== null)
  const missed = budgeted.filter((m) => !m.ok).length
  return { ok: budgeted.length - missed, missed }
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

export function jsonLine(entry: Metric | { summary: Summary }): string {
  return JSON.stringify(entry)
}

function formatNumber(value: number | null): string {
  if (value === null) return '-'
  return round(value).toLocaleString('en-US', { maximumFractionDigits: 6 })
}

/** A plain-text table: metric, n, value, budget and a verdict per line. */
export function table(metrics: readonly Metric[]): string {
  const rows = metrics.map((m) => [
    m.metric,
    m.n === null ? '' : m.n.toLocaleString('en-US'),
    `${formatNumber(m.value)} ${m.unit}`,
    m.budget === null ? '' : `<= ${formatNumber(m.budget)}`,
    m.budget === null ? '' : m.ok ? 'ok' : 'MISSED',
  ])
  const header = ['metric', 'n', 'value', 'budget', '']
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 2 || column === 1 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}
