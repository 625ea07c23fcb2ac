import { memo, type DragEvent, type ReactNode } from 'react'
import type { AssetQuote } from '../../shared/domain'
import { countRowRender } from '../instrument'
import { rowProblem, type RowProblem } from '../problem-text'
import { symbolErrorOf, useWatch } from '../store/watch-store'
import { sourceAgeLabel } from '../../shared/source-freshness'
import { useStaleSource } from './cells/use-stale-sources'
import type { ColumnDef } from './columns'
import { isHoldingColumn } from '../../shared/watchlist-columns'

export type DropSide = 'before' | 'after'

export interface RowDragHandlers {
  onDragStart(symbol: string, event: DragEvent<HTMLDivElement>): void
  onDragOver(symbol: string, event: DragEvent<HTMLDivElement>): void
  onDrop(symbol: string, event: DragEvent<HTMLDivElement>): void
  onDragEnd(): void
}

interface WatchlistRowProps {
  symbol: string
  /** Position among the shown rows, from 0. */
  index: number
  top: number
  height: number
  selected: boolean
  columns: readonly ColumnDef[]
  /** A sorted list's handlers refuse the drag and say why (Watchlist.tsx). */
  drag: RowDragHandlers
  dropSide: DropSide | null
  onPick(symbol: string, open: boolean): void
}

export function rowId(symbol: string): string {
  return `row-${symbol}`
}

/**
 * In place of the data cells: why a row has none, in short; the service's own words in the
 * tooltip. Where the problem has a single column (a held symbol's price cell, the holding columns
 * after it) the fewest true words, so nothing is cut; the full sentence stays its accessible name.
 */
function ProblemCell({ span, problem }: { span: number; problem: RowProblem }) {
  const narrow = span === 1
  return (
    <div
      role="gridcell"
      aria-colspan={span}
      aria-label={narrow ? problem.text : undefined}
      className={`cell cell-problem${narrow ? ' narrow' : ''}`}
      style={{ gridColumn: `span ${span}` }}
      title={narrow ? `${problem.text}: ${problem.detail}` : problem.detail}
    >
      <span className="cell-problem-icon" aria-hidden="true">
        !
      </span>
      <span className="cell-problem-text">{narrow ? problem.short : problem.text}</span>
    </div>
  )
}

/**
 * A row with no market data: why, in place of the market columns before the first holding
 * column; a held symbol the service no longer lists still shows its holding figures (its cost,
 * why it has no value), and the market columns after them stay empty.
 */
function ProblemCells(props: {
  columns: readonly ColumnDef[]
  problem: RowProblem
  quote: AssetQuote
  staleAges: { market: string | null; limits: string | null }
}) {
  const { columns, problem, quote, staleAges } = props
  const firstHolding = columns.findIndex((column) => isHoldingColumn(column.id))
  if (firstHolding === -1) return <ProblemCell span={columns.length - 1} problem={problem} />
  return (
    <>
      <ProblemCell span={Math.max(1, firstHolding - 1)} problem={problem} />
      {columns.slice(Math.max(2, firstHolding)).map((column) =>
        isHoldingColumn(column.id) ? (
          <DataCell key={column.id} column={column} staleAges={staleAges}>
            {column.render(quote)}
          </DataCell>
        ) : (
          <div key={column.id} role="gridcell" className={`cell cell-${column.id}`} />
        ),
      )}
    </>
  )
}

/** Skeleton bars for a quote whose first data has not arrived. */
function LoadingCells({ columns }: { columns: readonly ColumnDef[] }) {
  return columns.slice(1).map((column) => (
    <div key={column.id} role="gridcell" className={`cell align-${column.align}`}>
      <span className="skeleton-bar" aria-hidden="true" />
    </div>
  ))
}

/**
 * A data cell, marked old on its own when an endpoint it comes from other than prices is silent
 * (the price's own staleness is the symbol's marker): the age in its tooltip and accessible
 * description, the figure drawn as old.
 */
function DataCell({
  column,
  staleAges,
  children,
}: {
  column: ColumnDef
  staleAges: { market: string | null; limits: string | null }
  children: ReactNode
}) {
  const stale = column.sources.flatMap((source) => {
    const age = source === 'prices' ? null : staleAges[source]
    return age ? [sourceAgeLabel(source, age)] : []
  })
  const label = stale.length > 0 ? stale.join(', ') : undefined
  return (
    <div
      role="gridcell"
      className={`cell cell-${column.id} align-${column.align}${label ? ' cell-stale' : ''}`}
      title={label}
      aria-description={label}
    >
      {children}
    </div>
  )
}

/**
 * One watchlist row. It reads its own quote from the store, so a delta that replaces that quote
 * re-renders this row and no other; memo keeps the list's own re-renders from reaching it.
 */
export const WatchlistRow = memo(function WatchlistRow(props: WatchlistRowProps) {
  const { symbol, index, top, height, selected, columns, drag, dropSide, onPick } = props
  const quote = useWatch((state) => state.quotes.get(symbol))
  const symbolError = useWatch((state) => symbolErrorOf(state, symbol))
  const loading = quote !== undefined && quote.price === null && quote.underlying === null
  // Only a row still loading watches the status: one with data never re-renders for it.
  const status = useWatch((state) => (loading ? state.status : null))
  const market = useStaleSource('market')
  const limits = useStaleSource('limits')
  countRowRender(symbol)
  if (!quote) return null
  const problem = loading ? rowProblem(symbolError, status) : null
  const symbolColumn = columns[0] as ColumnDef
  return (
    <div
      role="row"
      id={rowId(symbol)}
      aria-rowindex={index + 2}
      aria-selected={selected}
      aria-busy={(loading && problem === null) || undefined}
      data-symbol={symbol}
      className={`grid-row${selected ? ' selected' : ''}${dropSide ? ` drop-${dropSide}` : ''}`}
      style={{ transform: `translateY(${top}px)`, height }}
      draggable
      onMouseDown={() => onPick(symbol, false)}
      onDoubleClick={() => onPick(symbol, true)}
      onDragStart={(event) => drag.onDragStart(symbol, event)}
      onDragOver={(event) => drag.onDragOver(symbol, event)}
      onDrop={(event) => drag.onDrop(symbol, event)}
      onDragEnd={drag.onDragEnd}
    >
      <div role="gridcell" className={`cell cell-${symbolColumn.id} align-${symbolColumn.align}`}>
        {symbolColumn.render(quote)}
      </div>
      {problem !== null ? (
        <ProblemCells columns={columns} problem={problem} quote={quote} staleAges={{ market, limits }} />
      ) : loading ? (
        <LoadingCells columns={columns} />
      ) : (
        columns.slice(1).map((column) => (
          <DataCell key={column.id} column={column} staleAges={{ market, limits }}>
            {column.render(quote)}
          </DataCell>
        ))
      )}
    </div>
  )
})
