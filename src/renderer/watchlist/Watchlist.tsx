import { useVirtualizer } from '@tanstack/react-virtual'
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type DragEvent,
  type RefObject,
} from 'react'
import { isHoldingColumn, type WatchlistColumn } from '../../shared/watchlist-columns'
import type { ValuedPosition } from '../../shared/holdings'
import { moveSymbol, updateListView } from '../api'
import { GRID_ID, SEARCH_INPUT_ID } from '../element-ids'
import { keepFocusOnPage } from '../detail/panel-focus'
import { EMPTY_LIST_ADD_ID } from '../element-ids'
import { windowSize } from '../layout'
import { explainSortedRows } from './sorted-rows'
import { isSortable, selectVisibleOrder, type ColumnSort } from './visible-order'
import { announce, openDetail, openRowMenu, select, shownList, useWatch } from '../store/watch-store'
import { checkAllNumbersBeforePaint } from './cells/FitNumber'
import { fitColumns, gridTemplate, type FittedColumns } from './column-fit'
import { showToast } from '../store/toast-store'
import { chosenColumns, holdingsTabColumns, type ColumnDef } from './columns'
import { holdingsTabOnShow, sortHoldingsTab, usePortfolio } from '../holdings/portfolio-store'
import { selectHeldOrder } from './shown-rows'
import { rowId, WatchlistRow, type DropSide, type RowDragHandlers } from './WatchlistRow'

const ROW_HEIGHT = { comfortable: 40, compact: 28 } as const
const HEADER_HEIGHT = 30
const SKELETON_ROWS = 8
/** Rows rendered beyond each edge of the view, so a scroll shows rows rather than a gap. */
const OVERSCAN_ROWS = 4

/** Room a vertical scrollbar may take, assumed until the grid's own width is measured. */
const SCROLLBAR_ALLOWANCE = 16

/**
 * The width the grid's rows can use (its client width: no scrollbar), followed as the window
 * resizes or a side panel opens. Until measured, the window's width less a scrollbar.
 */
function useGridWidth(ref: RefObject<HTMLDivElement | null>, present: boolean): number {
  const [width, setWidth] = useState(() => windowSize().width - SCROLLBAR_ALLOWANCE)
  useLayoutEffect(() => {
    const grid = ref.current
    if (!present || !grid) return
    const observer = new ResizeObserver(() => setWidth(grid.clientWidth))
    observer.observe(grid)
    return () => observer.disconnect()
  }, [ref, present])
  return width
}

/**
 * The previous fit while the columns and their widths are the same, so that a resize step that
 * changes nothing for the grid does not re-render every row.
 */
function useSameFit(fit: FittedColumns<ColumnDef>): FittedColumns<ColumnDef> {
  const key = `${fit.tight}:${fit.shown.map((column) => `${column.id}=${column.width}`).join()}`
  const held = useRef({ key, fit })
  if (held.current.key !== key) held.current = { key, fit }
  return held.current.fit
}

/** Click a header: the natural direction first (A-Z, largest number first), then the other, then off. */
function nextSort(current: ColumnSort | null, column: WatchlistColumn): ColumnSort | null {
  const first = column === 'symbol' ? 'asc' : 'desc'
  if (current?.column !== column) return { column, direction: first }
  if (current.direction === first) return { column, direction: first === 'asc' ? 'desc' : 'asc' }
  return null
}

function HeaderRow(props: {
  columns: readonly ColumnDef[]
  sort: ColumnSort | null
  tight: boolean
  /** Sorts the rows: the list's saved view, or the Holdings tab's own sort. */
  onSort(sort: ColumnSort | null): void
}) {
  const { columns, sort, tight, onSort } = props
  const label = (column: ColumnDef) => (tight ? (column.tightLabel ?? column.label) : column.label)
  return (
    <div role="rowgroup" className="grid-head">
      <div role="row" aria-rowindex={1} className="grid-row head-row">
        {columns.map((column) => {
          const sorted = sort?.column === column.id ? sort.direction : null
          return (
            <div
              key={column.id}
              role="columnheader"
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
              className={`cell head-cell cell-${column.id} align-${column.align}`}
              title={column.title}
            >
              {isSortable(column.id) ? (
                <button
                  type="button"
                  className="sort-button"
                  // The shown label is in the name too (what voice control users say, WCAG 2.5.3).
                  aria-label={`${label(column)}, ${column.title}: sort`}
                  onClick={() => onSort(nextSort(sort, column.id))}
                >
                  {label(column)}
                  <span className="sort-mark" aria-hidden="true">
                    {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                  </span>
                </button>
              ) : (
                <span aria-label={`${label(column)}, ${column.title}`}>{label(column)}</span>
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}

function SkeletonRows({ columns, height }: { columns: readonly ColumnDef[]; height: number }) {
  return (
    <div role="rowgroup" className="grid-body" aria-hidden="true">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <div
          key={index}
          role="row"
          className="grid-row skeleton-row"
          style={{ transform: `translateY(${index * height}px)`, height }}
        >
          {columns.map((column) => (
            <div key={column.id} role="gridcell" className={`cell align-${column.align}`}>
              <span className="skeleton-bar" />
            </div>
          ))}
        </div>
      ))}
    </div>
  )
}

/** Drag and drop reordering: which row is being dragged, and where it would land. */
/** A sorted list's rows: a drag does not start (nor select text across the grid); it says why. */
const SORTED_ROW_DRAG: RowDragHandlers = {
  onDragStart(_symbol, event) {
    event.preventDefault()
    explainSortedRows()
  },
  onDragOver() {},
  onDrop() {},
  onDragEnd() {},
}

/** The Holdings tab's rows are what is held, in symbol order: a drag does not start, and says why. */
const HOLDINGS_ROW_DRAG: RowDragHandlers = {
  ...SORTED_ROW_DRAG,
  onDragStart(_symbol, event) {
    event.preventDefault()
    const text =
      'The Holdings tab lists what you hold, in symbol order or by ' +
      'a column: order symbols in your watchlists.'
    showToast({ tone: 'info', title: 'Holdings are not a list', text })
    announce(text)
  },
}

function useRowDrag(symbols: readonly string[], enabled: boolean, holdingsTab: boolean) {
  const dragged = useRef<string | null>(null)
  const [dropTarget, setDropTarget] = useState<{ symbol: string; side: DropSide } | null>(null)

  const handlers = useMemo<RowDragHandlers>(() => {
    const sideOf = (event: DragEvent<HTMLDivElement>): DropSide => {
      const box = event.currentTarget.getBoundingClientRect()
      return event.clientY < box.top + box.height / 2 ? 'before' : 'after'
    }
    return {
      onDragStart(symbol, event) {
        dragged.current = symbol
        event.dataTransfer.effectAllowed = 'move'
        event.dataTransfer.setData('text/plain', symbol)
      },
      onDragOver(symbol, event) {
        if (dragged.current === null) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        const side = sideOf(event)
        setDropTarget((current) =>
          current?.symbol === symbol && current.side === side ? current : { symbol, side },
        )
      },
      onDrop(symbol, event) {
        event.preventDefault()
        const moving = dragged.current
        dragged.current = null
        setDropTarget(null)
        if (moving === null || moving === symbol) return
        const from = symbols.indexOf(moving)
        let to = symbols.indexOf(symbol) + (sideOf(event) === 'after' ? 1 : 0)
        // The dragged row leaves its old place first, so everything below it moves up by one.
        if (from < to) to -= 1
        if (to !== from) void moveSymbol(moving, to)
      },
      onDragEnd() {
        dragged.current = null
        setDropTarget(null)
      },
    }
  }, [symbols])

  return { handlers: holdingsTab ? HOLDINGS_ROW_DRAG : enabled ? handlers : SORTED_ROW_DRAG, dropTarget }
}

/**
 * The watchlist: a virtualised ARIA grid. Only the rows in view (plus a margin) are in the DOM,
 * so 10,000 rows cost what 30 do; aria-rowcount and aria-rowindex tell assistive technology the
 * true size and position. The header scrolls sideways with the rows and stays on top.
 */
/**
 * A list with no rows. Its "Add symbol" takes focus when the grid it replaces held it (switching
 * to an empty list by keyboard), so focus never falls to the page.
 */
function EmptyList() {
  useEffect(() => keepFocusOnPage(() => document.getElementById(EMPTY_LIST_ADD_ID)), [])
  return (
    <div className="empty-state" role="status">
      <p className="empty-title">Your watchlist is empty</p>
      <p>
        <button
          id={EMPTY_LIST_ADD_ID}
          type="button"
          className="button"
          onClick={() => document.getElementById(SEARCH_INPUT_ID)?.focus()}
        >
          Add symbol
        </button>{' '}
        or press <kbd>/</kbd>
      </p>
    </div>
  )
}

/** What the rows' order reads of the positions while no holding column sorts them: nothing. */
const NO_POSITIONS: ReadonlyMap<string, ValuedPosition> = new Map()

export function Watchlist() {
  const loaded = useWatch((state) => state.loaded)
  const holdingsTab = usePortfolio(holdingsTabOnShow)
  const held = usePortfolio((state) => state.held)
  const tabSort = usePortfolio((state) => state.tabSort)
  const listSort = useWatch((state) => shownList(state)?.sort ?? null)
  const sort = holdingsTab ? tabSort : listSort
  // The positions, only while a holding column sorts the rows: then a push that reorders them
  // renders the list; otherwise main's pushes (one with every delta of a held symbol) leave it be.
  const byPosition = sort !== null && isHoldingColumn(sort.column)
  const positions = usePortfolio((state) => (byPosition ? state.positions : NO_POSITIONS))
  const listSymbols = useWatch((state) => selectVisibleOrder(state, positions))
  const heldSymbols = useWatch((state) => selectHeldOrder(state, { held, tabSort, positions }))
  const symbols = holdingsTab ? heldSymbols : listSymbols
  const selected = useWatch((state) => state.selected)
  const list = useWatch((state) => shownList(state) ?? undefined)
  const anyHeld = held.length > 0
  const density = useWatch((state) => state.settings?.density ?? 'comfortable')
  const rowHeight = ROW_HEIGHT[density]
  const scrollRef = useRef<HTMLDivElement>(null)
  const empty = loaded && symbols.length === 0
  const gridWidth = useGridWidth(scrollRef, !empty)
  const chosen = useMemo(
    () => (holdingsTab ? holdingsTabColumns() : chosenColumns(list, anyHeld)),
    [holdingsTab, list, anyHeld],
  )
  const { shown: columns, tight } = useSameFit(fitColumns(chosen, gridWidth))
  // New widths (a resize, a side panel, zoom) reach the cells through the grid's template alone.
  useLayoutEffect(checkAllNumbersBeforePaint, [columns])

  // The virtualiser attaches to its scroll box once the first rows are painted: attaching, it
  // measures and scrolls the box, which in the first commit would force a layout of the whole
  // page before it could be painted (BENCHMARKS.md, "Measurements behind the code"; after the
  // paint it is nearly free). Until then
  // it works from initialRect, the window's size: a few rows more than fit, never a gap, and no
  // overscan, as every row of the first frame is laid out and painted before anything shows.
  const attached = useWatch((state) => state.firstFramePainted)
  const virtualizer = useVirtualizer({
    count: symbols.length,
    getScrollElement: () => (attached ? scrollRef.current : null),
    estimateSize: () => rowHeight,
    getItemKey: (index) => symbols[index] ?? index,
    overscan: attached ? OVERSCAN_ROWS : 0,
    initialRect: windowSize(),
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  })

  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight])

  const selectedIndex = selected === null ? -1 : symbols.indexOf(selected)
  // Follows the selection when it moves, not on mount: the scroll box has no size yet then, and
  // the list would jump for nothing.
  const followedIndex = useRef(selectedIndex)
  useEffect(() => {
    if (selectedIndex === followedIndex.current) return
    followedIndex.current = selectedIndex
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' })
  }, [virtualizer, selectedIndex])

  const { handlers, dropTarget } = useRowDrag(symbols, sort === null, holdingsTab)
  const onPick = useCallback(
    (symbol: string, open: boolean) => (open ? openDetail(symbol) : select(symbol)),
    [],
  )

  const style = { '--grid-columns': gridTemplate(columns) } as CSSProperties
  if (empty) {
    return <EmptyList />
  }

  const items = virtualizer.getVirtualItems()
  const selectedRendered = items.some((item) => item.index === selectedIndex)
  return (
    <div
      ref={scrollRef}
      id={GRID_ID}
      className={`grid density-${density}${tight ? ' grid-tight' : ''}`}
      role="grid"
      aria-label={holdingsTab ? 'Holdings' : 'Watchlist'}
      aria-rowcount={symbols.length + 1}
      aria-colcount={columns.length}
      aria-busy={!loaded}
      aria-activedescendant={selectedRendered && selected ? rowId(selected) : undefined}
      tabIndex={0}
      style={style}
      onContextMenu={(event) => {
        const row = (event.target as HTMLElement).closest<HTMLElement>('[data-symbol]')
        // From a row: its menu at the pointer. On the grid itself (the menu key): the selected row's.
        const symbol = row?.dataset.symbol ?? (event.target === event.currentTarget ? selected : null)
        if (!symbol) return
        event.preventDefault()
        openRowMenu(symbol, row ? { x: event.clientX, y: event.clientY } : null)
      }}
    >
      <HeaderRow
        columns={columns}
        sort={sort}
        tight={tight}
        onSort={holdingsTab ? sortHoldingsTab : (next) => void updateListView({ sort: next })}
      />
      {loaded ? (
        <div role="rowgroup" className="grid-body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const symbol = symbols[item.index] as string
            return (
              <WatchlistRow
                key={symbol}
                symbol={symbol}
                index={item.index}
                top={item.start - HEADER_HEIGHT}
                height={rowHeight}
                selected={symbol === selected}
                columns={columns}
                drag={handlers}
                dropSide={dropTarget?.symbol === symbol ? dropTarget.side : null}
                onPick={onPick}
              />
            )
          })}
        </div>
      ) : (
        <SkeletonRows columns={columns} height={rowHeight} />
      )}
    </div>
  )
}
