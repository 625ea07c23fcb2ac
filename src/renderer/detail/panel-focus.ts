import { EMPTY_LIST_ADD_ID, GRID_ID } from '../element-ids'

/**
 * Focus goes back to what opened a side panel (the bell button, the grid) when the panel closes,
 * as it does for dialogs (the native <dialog> restores it) and menus (Menu.tsx). A panel records
 * its opener when it opens; its close hands focus back, or to `fallback` if the opener is gone.
 * Other actions whose button goes away with them keep focus on the page the same way.
 */

let opener: HTMLElement | null = null

export function rememberPanelOpener(): void {
  const active = document.activeElement
  opener = active instanceof HTMLElement && active !== document.body ? active : null
}

export function returnPanelFocus(fallback: () => void): void {
  const target = opener
  opener = null
  if (target?.isConnected) target.focus()
  else fallback()
}

/** The place to work from: the grid (its selected row), or with no rows the empty list's "Add symbol". */
export function focusWorkArea(): void {
  const target = document.getElementById(GRID_ID) ?? document.getElementById(EMPTY_LIST_ADD_ID)
  target?.focus({ preventScroll: true })
}

/**
 * After an action whose button goes away with it (a toast's Undo or Show, "Show the full window"),
 * focus would fall to the page: once the change is drawn, it goes to `target` instead, or to the
 * work area. Focus already on something is left where it is.
 */
export function keepFocusOnPage(target: () => HTMLElement | null = () => null): void {
  requestAnimationFrame(() => {
    const active = document.activeElement
    if (active && active !== document.body) return
    const chosen = target()
    if (chosen) chosen.focus({ preventScroll: true })
    else focusWorkArea()
  })
}
