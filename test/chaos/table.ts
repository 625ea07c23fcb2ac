/**
 * A plain-text table for the figures every reliability and security run prints: one row per
 * figure, columns padded to their widest cell, numbers right-aligned.
 */

export type Cell = string | number | boolean | null

export function formatTable(
  title: string,
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
): string {
  const text = (cell: Cell) => (cell === null ? '-' : String(cell))
  const widths = header.map((name, column) =>
    Math.max(name.length, ...rows.map((row) => text(row[column] ?? null).length)),
  )
  const line = (cells: readonly Cell[]) =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0
        return typeof cell === 'number' ? text(cell).padStart(width) : text(cell).padEnd(width)
      })
      .join('  ')
      .trimEnd()
  const rule = widths.map((width) => '-'.repeat(width)).join('  ')
  return [title, line(header), rule, ...rows.map(line)].join('\n')
}
