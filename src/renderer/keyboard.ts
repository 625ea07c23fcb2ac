import { useEffect } from 'react'
import { hideAlerts, toggleAlerts } from './alerts/alerts-api'
import { moveSymbol, toggleHideAmounts, updatePreference } from './api'
import { rangeForDigit } from './chart/range-keys'
import { moveShownList, removeSymbolAsking, showListAt, showNextList } from './lists/lists-api'
import { GRID_ID, SEARCH_INPUT_ID } from './element-ids'
import { returnPanelFocus } from './detail/panel-focus'
import { explainSortedRows } from './watchlist/sorted-rows'
import { holdingsTabOnShow, portfolioStore } from './holdings/portfolio-store'
import { shownRows } from './watchlist/shown-rows'
import {
  closeDetail,
  openDetail,
  openDialog,
  openRowMenu,
  select,
  shownList,
  watchStore,
} from './store/watch-store'

/** The shortcuts, as the `?` dialog lists them. */
export const SHORTCUTS: readonly { keys: string[]; action: string }[] = [
  { keys: ['↑', '↓'], action: 'Move the selection' },
  { keys: ['Home', 'End'], action: 'Select the first or last row' },
  { keys: ['Enter'], action: 'Open the details of the selected row' },
  { keys: ['Delete'], action: 'Remove the selected row' },
  { keys: ['Alt', '↑ / ↓'], action: 'Move the selected row up or down' },
  { keys: ['Shift', 'F10'], action: 'Actions for the selected row: create an alert…' },
  { keys: ['A'], action: 'Show or hide the alerts and the alert log' },
  { keys: ['H'], action: 'Hide or show amounts (quantities, values, P&L), for sharing the screen' },
  { keys: ['T'], action: 'Show every transaction (the holdings ledger)' },
  { keys: ['/'], action: 'Search for a symbol to add' },
  { keys: ['Ctrl', '1 … 9'], action: 'Show the first … ninth watchlist (9: the last)' },
  { keys: ['Ctrl', 'Tab'], action: 'Show the next watchlist (with Shift, the previous)' },
  { keys: ['Ctrl', 'Shift', 'PgUp / PgDn'], action: 'Move the shown watchlist left or right among the tabs' },
  { keys: ['1 … 7'], action: 'With the details open: the chart over 1D, 1W, 1M, 3M, 6M, 1Y or All' },
  { keys: ['C'], action: 'With the details open: the token as candles or as a line' },
  { keys: ['?'], action: 'Show these shortcuts' },
  { keys: ['Esc'], action: 'Close the details, the alerts or a dialog' },
]

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/** A button or link keeps Enter, Space and Delete for itself. */
function isControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a[href], summary, [role="option"]') !== null
}

function focusGrid(): void {
  const grid = document.getElementById(GRID_ID)
  if (grid && document.activeElement !== grid) grid.focus({ preventScroll: true })
}

function moveSelection(step: number | 'first' | 'last'): void {
  const state = watchStore.getState()
  const symbols = shownRows(state)
  if (symbols.length === 0) return
  const current = state.selected === null ? -1 : symbols.indexOf(state.selected)
  let next: number
  if (step === 'first') next = 0
  else if (step === 'last') next = symbols.length - 1
  else if (current === -1) next = step > 0 ? 0 : symbols.length - 1
  else next = Math.min(symbols.length - 1, Math.max(0, current + step))
  select(symbols[next] ?? null)
  focusGrid()
}

function moveSelectedRow(step: 1 | -1): void {
  const state = watchStore.getState()
  const symbol = state.selected
  // The Holdings tab is not a list: its rows are what is held, in symbol order.
  if (symbol === null || holdingsTabOnShow(portfolioStore.getState())) return
  if (shownList(state)?.sort) {
    explainSortedRows()
    return
  }
  const index = state.order.indexOf(symbol)
  const to = index + step
  if (index === -1 || to < 0 || to >= state.order.length) return
  void moveSymbol(symbol, to)
}

/**
 * Ctrl+1..9 and Ctrl+Tab switch lists, Ctrl+Shift+PageUp/PageDown move the shown one (as browsers
 * move a tab), from anywhere but a dialog (Cmd+digit on macOS too).
 */
function onListKey(event: KeyboardEvent): boolean {
  if (event.altKey) return false
  if (event.key === 'Tab' && event.ctrlKey) {
    showNextList(event.shiftKey ? -1 : 1)
    return true
  }
  if ((event.key === 'PageUp' || event.key === 'PageDown') && event.ctrlKey && event.shiftKey) {
    moveShownList(event.key === 'PageUp' ? -1 : 1)
    return true
  }
  if ((event.ctrlKey || event.metaKey) && !event.shiftKey && /^[1-9]$/.test(event.key)) {
    showListAt(Number(event.key))
    return true
  }
  return false
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented) return
  const state = watchStore.getState()
  // An open dialog owns the keyboard (it closes itself on Escape). In ticker-only mode the list,
  // panels and dialogs are not on screen: a key must not act on them unseen, to show up later.
  if (state.dialog !== null || state.settings?.tickerOnly) return
  if (onListKey(event)) {
    event.preventDefault()
    return
  }
  if (event.ctrlKey || event.metaKey || isTextField(event.target)) return
  const control = isControl(event.target)
  const handled = (): void => event.preventDefault()

  const range = state.detailOpen && !event.altKey ? rangeForDigit(event.key) : undefined
  if (range) {
    handled()
    void updatePreference({ chartRange: range })
    return
  }

  switch (event.key) {
    case '/':
      handled()
      document.getElementById(SEARCH_INPUT_ID)?.focus()
      return
    case '?':
      handled()
      openDialog('shortcuts')
      return
    // A letter works with Shift or without: `?` shows it as a capital, and a capital is what
    // someone reading it may type (Caps Lock on, or Shift held).
    case 'a':
    case 'A':
      if (event.altKey) return
      handled()
      toggleAlerts()
      return
    case 'h':
    case 'H':
      if (event.altKey) return
      handled()
      void toggleHideAmounts()
      return
    case 't':
    case 'T':
      if (event.altKey) return
      handled()
      openDialog('ledger')
      return
    case 'c':
    case 'C':
      if (event.altKey || !state.detailOpen || !state.settings) return
      handled()
      void updatePreference({ chartStyle: state.settings.chartStyle === 'candles' ? 'line' : 'candles' })
      return
    case 'Escape':
      if (state.detailOpen || state.alertsOpen) {
        handled()
        if (state.detailOpen) closeDetail()
        else hideAlerts()
        returnPanelFocus(focusGrid)
      }
      return
    case 'F10':
    case 'ContextMenu':
      if ((event.key === 'F10' && !event.shiftKey) || state.selected === null) return
      handled()
      openRowMenu(state.selected, null)
      return
    case 'ArrowDown':
    case 'ArrowUp': {
      handled()
      const step = event.key === 'ArrowDown' ? 1 : -1
      if (event.altKey) moveSelectedRow(step)
      else moveSelection(step)
      return
    }
    case 'Home':
    case 'End':
      handled()
      moveSelection(event.key === 'Home' ? 'first' : 'last')
      return
    case 'Enter':
      if (control || state.selected === null) return
      handled()
      openDetail(state.selected)
      return
    // Delete only, as `?` says: Backspace is a text key, too easily pressed to remove a row.
    case 'Delete':
      if (control || state.selected === null || holdingsTabOnShow(portfolioStore.getState())) return
      handled()
      removeSymbolAsking(state.selected)
      return
  }
}

/** The page-wide shortcuts; see SHORTCUTS. */
export function useKeyboardShortcuts(): void {
  useEffect(() => {
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}
