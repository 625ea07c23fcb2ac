import { round } from './report'
import { type JudgedMetric, type Summary, describeVerdict } from './verdict'

/** How a run's judged figures are printed: one JSON object per line (`--json`), or a table. */

export function jsonLine(entry: JudgedMetric | { summary: Summary }): string {
  return JSON.stringify(entry)
}

function formatNumber(value: number | null): string {
  if (value === null) return '-'
  return round(value).toLocaleString('en-US', { maximumFractionDigits: 6 })
}

/** The parts given, a space between each two: none for a part left out (an empty unit). */
function spaced(...parts: string[]): string {
  return parts.filter((part) => part !== '').join(' ')
}

/** A plain-text table: metric, n, value, floor, budget and a verdict per line. */
export function table(metrics: readonly JudgedMetric[]): string {
  const rows = metrics.map((m) => [
    m.metric,
    m.n === null ? '' : m.n.toLocaleString('en-US'),
    spaced(formatNumber(m.value), m.unit),
    m.floor === null
      ? ''
      : spaced(
          `${formatNumber(m.floor.subject)} / ${formatNumber(m.floor.floor)}`,
          m.floor.unit,
          `= ${formatNumber(m.floor.ratio)}x`,
        ),
    m.budget === null ? '' : `<= ${formatNumber(m.budget)}`,
    describeVerdict(m),
  ])
  const header = ['metric', 'n', 'value', 'subject / floor', 'budget', '']
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
