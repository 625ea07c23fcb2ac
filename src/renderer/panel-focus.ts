/**
 * Focus goes back to what opened a side panel (the bell button, the grid) when the panel closes,
 * as it does for dialogs (the native <dialog> restores it) and menus (Menu.tsx). A panel records
 * its opener when it opens; its close hands focus back, or to `fallback` if the opener is gone.
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
