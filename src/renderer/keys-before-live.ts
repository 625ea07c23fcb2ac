/**
 * Keys pressed before the app is live. Main's first frame is on screen (inert) before the app's
 * script has loaded (main.tsx loads it after that frame is painted), so a key pressed on a window
 * just opened or reloaded would reach no listener and be lost. The page's entry holds them from
 * its first moment; once the app is live, they are pressed again, in order, where the keyboard's
 * focus is then: the app acts on them as if they had come late.
 */

/** More than anyone types in the second before the app is live; beyond, the oldest are dropped. */
export const MAX_HELD_KEYS = 16

type HeldKey = Pick<
  KeyboardEventInit,
  'key' | 'code' | 'location' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey'
>

let held: HeldKey[] | null = null

function hold(event: KeyboardEvent): void {
  if (!held) return
  const { key, code, location, shiftKey, ctrlKey, altKey, metaKey } = event
  held.push({ key, code, location, shiftKey, ctrlKey, altKey, metaKey })
  if (held.length > MAX_HELD_KEYS) held.shift()
}

/** From now until `pressHeldKeys`, every key pressed in the page is kept. */
export function holdKeysUntilLive(): void {
  if (held) return
  held = []
  window.addEventListener('keydown', hold, { capture: true })
}

/** The app is live: the keys held are pressed again where the focus is, and no more are kept. */
export function pressHeldKeys(): void {
  const keys = held ?? []
  held = null
  window.removeEventListener('keydown', hold, { capture: true })
  for (const key of keys) {
    const target = document.activeElement ?? document.body
    target.dispatchEvent(new KeyboardEvent('keydown', { ...key, bubbles: true, cancelable: true }))
  }
}
