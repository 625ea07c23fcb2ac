import type { StoreApi } from 'zustand/vanilla'

/**
 * The window's own state, apart from the market data: which row is selected, which panel, menu or
 * dialog is open, what was last said to screen readers. It changes on what the person does, never
 * on what the service sends (zustand's slices pattern: watch-store.ts joins this and
 * market-data.ts into one store).
 */

export type DialogName = 'settings' | 'shortcuts' | 'alert-editor' | 'import' | 'remove-symbol' | 'ledger'

/** A row's action menu: at the pointer, or (opened from the keyboard) below the row. */
export interface RowMenuState {
  symbol: string
  at: { x: number; y: number } | null
}

export interface UiState {
  /**
   * True once the first frame with the rows has been painted. What can wait a frame waits for it
   * (the histories, the ticker's items, the virtualiser's measuring), so the rows come first.
   */
  firstFramePainted: boolean
  selected: string | null
  /** The right-hand side shows the selected asset's details or the alerts, never both. */
  detailOpen: boolean
  alertsOpen: boolean
  rowMenu: RowMenuState | null
  dialog: DialogName | null
  /** Which settings field takes focus when the dialog opens ("Replace key" goes to the key). */
  settingsFocus: 'key' | null
  /** The symbol a dialog is about (remove-symbol: the one whose alerts need a decision). */
  dialogSymbol: string | null
  /** The last thing said to screen readers; `id` makes the same words announce again. */
  announcement: { text: string; id: number }
  /** A failed command, in plain words, until dismissed or replaced. */
  notice: string | null
}

export const initialUiState: UiState = {
  firstFramePainted: false,
  selected: null,
  detailOpen: false,
  alertsOpen: false,
  rowMenu: null,
  dialog: null,
  settingsFocus: null,
  dialogSymbol: null,
  announcement: { text: '', id: 0 },
  notice: null,
}

/** The selection survives a removal by moving to the row that took the removed one's place. */
export function keepSelection(
  selected: string | null,
  before: readonly string[],
  after: readonly string[],
): string | null {
  if (selected === null || after.includes(selected)) return selected
  const index = before.indexOf(selected)
  // Not a row before either (a symbol in no list, shown for its alert): the rows changing does
  // not move it, or its details would close at the next snapshot.
  if (index === -1) return selected
  return after[Math.min(index, after.length - 1)] ?? null
}

/** What the person does to the window, on the store that holds this slice. */
export function uiActions(store: StoreApi<UiState>) {
  function markFirstFramePainted(): void {
    store.setState({ firstFramePainted: true })
  }

  function select(symbol: string | null): void {
    store.setState({ selected: symbol })
  }

  function openDetail(symbol: string): void {
    store.setState({ selected: symbol, detailOpen: true, alertsOpen: false })
  }

  function closeDetail(): void {
    store.setState({ detailOpen: false })
  }

  function setAlertsOpen(alertsOpen: boolean): void {
    store.setState(alertsOpen ? { alertsOpen, detailOpen: false } : { alertsOpen })
  }

  function openRowMenu(symbol: string, at: RowMenuState['at']): void {
    store.setState({ selected: symbol, rowMenu: { symbol, at } })
  }

  function closeRowMenu(): void {
    store.setState({ rowMenu: null })
  }

  function openDialog(
    dialog: DialogName,
    settingsFocus: 'key' | null = null,
    dialogSymbol: string | null = null,
  ): void {
    store.setState({ dialog, settingsFocus, dialogSymbol })
  }

  function closeDialog(): void {
    store.setState({ dialog: null, settingsFocus: null, dialogSymbol: null })
  }

  function announce(text: string): void {
    store.setState((state) => ({ announcement: { text, id: state.announcement.id + 1 } }))
  }

  function showNotice(notice: string | null): void {
    store.setState({ notice })
    if (notice) announce(notice)
  }
  return {
    markFirstFramePainted,
    select,
    openDetail,
    closeDetail,
    setAlertsOpen,
    openRowMenu,
    closeRowMenu,
    openDialog,
    closeDialog,
    announce,
    showNotice,
  }
}
