import { describe, expect, it } from 'vitest'
import { COLUMN_PRIORITY, fitColumns, gridTemplate } from '../../src/renderer/watchlist/column-fit'
import { chosenColumns } from '../../src/renderer/watchlist/columns'
import { DEFAULT_COLUMNS, HOLDING_COLUMNS, WATCHLIST_COLUMNS } from '../../src/shared/watchlist-columns'

/** How the watchlist's columns give way as the window narrows, on the real columns' widths. */

const every = chosenColumns(undefined, true)
const ids = (columns: readonly { id: string }[]) => columns.map((column) => column.id)
const total = (columns: readonly { width: number }[]) =>
  columns.reduce((sum, column) => sum + column.width, 0)

describe('fitColumns', () => {
  it('shows every chosen column at its usual width when there is room', () => {
    const fit = fitColumns(every, 2600)
    expect(ids(fit.shown)).toEqual([...DEFAULT_COLUMNS, ...HOLDING_COLUMNS])
    expect(fit.hidden).toEqual([])
    expect(fit.tight).toBe(false)
  })

  it('drops columns in the stated order, keeping the user order of the rest', () => {
    for (const width of [1900, 1200, 1000, 900, 700, 600]) {
      const fit = fitColumns(every, width)
      expect(total(fit.shown)).toBeLessThanOrEqual(width)
      // What shows is a prefix of the priority order, whatever the user's order.
      const kept = new Set(ids(fit.shown))
      expect(COLUMN_PRIORITY.slice(0, kept.size).every((id) => kept.has(id))).toBe(true)
      expect(ids(fit.shown)).toEqual(WATCHLIST_COLUMNS.filter((id) => kept.has(id)))
      expect(ids(fit.hidden)).toEqual(
        COLUMN_PRIORITY.filter((id) => !kept.has(id) && ids(every).includes(id)),
      )
    }
  })

  it('keeps symbol, price, change % and sessions in a 360 px window, narrower', () => {
    const fit = fitColumns(every, 344)
    expect(ids(fit.shown)).toEqual(['symbol', 'price', 'changePct24h', 'sessions'])
    expect(fit.tight).toBe(true)
    expect(total(fit.shown)).toBeLessThanOrEqual(344)
    for (const column of fit.shown) expect(column.width).toBeGreaterThanOrEqual(column.minWidth)
  })

  it('shares the room left among the narrowed columns, never beyond their usual width', () => {
    const fit = fitColumns(every, 420)
    expect(fit.tight).toBe(true)
    expect(total(fit.shown)).toBeLessThanOrEqual(420)
    expect(total(fit.shown)).toBeGreaterThan(420 - fit.shown.length)
    const [symbol] = fit.shown
    expect(symbol && symbol.width > symbol.minWidth && symbol.width <= 150).toBe(true)
  })

  it('follows the user choice: a column not chosen never shows, the symbol always does', () => {
    const chosen = chosenColumns({ columns: ['holders', 'price'], holdingColumnsChosen: true }, true)
    expect(ids(fitColumns(chosen, 1900).shown)).toEqual(['symbol', 'holders', 'price'])
    expect(ids(fitColumns(chosen, 250).shown)).toEqual(['symbol', 'price'])
    expect(ids(fitColumns(chosen, 100).shown)).toEqual(['symbol'])
  })
})

describe('holding columns', () => {
  it('show only once something is held, giving way after price, change and sessions', () => {
    const market = chosenColumns({ columns: ['symbol', 'price', 'changePct24h', 'sessions'] }, false)
    expect(ids(market)).toEqual(['symbol', 'price', 'changePct24h', 'sessions'])
    // A list saved before the ledger: every holding column added once anything is held.
    const held = chosenColumns({ columns: ['symbol', 'price', 'changePct24h', 'sessions'] }, true)
    expect(ids(held)).toEqual([...ids(market), ...HOLDING_COLUMNS])
    expect(ids(fitColumns(held, 344).shown)).toEqual(['symbol', 'price', 'changePct24h', 'sessions'])
    expect(ids(fitColumns(held, 600).shown)).toEqual([
      'symbol',
      'price',
      'changePct24h',
      'sessions',
      'positionValue',
    ])
    const at600 = ids(fitColumns(held, 600).shown)
    expect(ids(fitColumns(held, 800).shown)).toEqual([...at600, 'unrealized', 'unrealizedPct'])
  })

  it('follow the choice once the person made one, and stay hidden with nothing held', () => {
    const list = { columns: ['symbol', 'price', 'unrealized'] as const, holdingColumnsChosen: true }
    expect(ids(chosenColumns({ ...list, columns: [...list.columns] }, true))).toEqual([
      'symbol',
      'price',
      'unrealized',
    ])
    expect(ids(chosenColumns({ ...list, columns: [...list.columns] }, false))).toEqual(['symbol', 'price'])
  })
})

describe('gridTemplate', () => {
  it('gives the header and every row the same widths, in order', () => {
    expect(gridTemplate([{ width: 88 }, { width: 120 }, { width: 64 }])).toBe('88px 120px 64px')
  })
})
