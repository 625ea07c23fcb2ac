import { useCallback } from 'react'
import { removeSymbolAsking } from '../lists/lists-api'
import { openAlertEditor } from '../alerts/alerts-api'
import { GRID_ID } from '../element-ids'
import { holdingsTabOnShow, usePortfolio } from '../holdings/portfolio-store'
import { closeRowMenu, openDetail, useWatch } from '../store/watch-store'
import { Menu } from '../ui/Menu'
import { rowId } from './WatchlistRow'

/** Opened from the keyboard: just below the row's symbol, or the list's corner if it is scrolled away. */
function anchorOf(symbol: string): { x: number; y: number } {
  const box = (
    document.getElementById(rowId(symbol)) ?? document.getElementById(GRID_ID)
  )?.getBoundingClientRect()
  return box ? { x: box.left + 24, y: box.top + Math.min(box.height, 40) } : { x: 0, y: 0 }
}

/**
 * A row's actions: right-click a row, or press Shift+F10 (or the menu key) on the selected one. On
 * the Holdings tab a row is a position, not a list's: nothing to remove (as Delete does nothing).
 */
export function RowMenu() {
  const menu = useWatch((state) => state.rowMenu)
  const holdingsTab = usePortfolio(holdingsTabOnShow)
  const close = useCallback(() => {
    closeRowMenu()
    document.getElementById(GRID_ID)?.focus({ preventScroll: true })
  }, [])
  if (!menu) return null
  const { symbol } = menu
  return (
    <Menu
      label={`Actions for ${symbol}`}
      at={menu.at ?? anchorOf(symbol)}
      onClose={close}
      items={[
        { label: 'Open details', shortcut: 'Enter', onSelect: () => openDetail(symbol) },
        { label: 'Create alert…', onSelect: () => openAlertEditor({ kind: 'new', symbol }) },
        ...(holdingsTab
          ? []
          : [
              { label: 'Remove from watchlist', shortcut: 'Del', onSelect: () => removeSymbolAsking(symbol) },
            ]),
      ]}
    />
  )
}
