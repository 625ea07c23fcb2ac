/**
 * Saved window bounds are put back only where a display still is: a monitor unplugged since, or a
 * laptop now on its own screen, would otherwise open the window where no one can see it.
 */

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/** How much of the window must be on a display for it to stay there: enough to grab its title bar. */
const MIN_VISIBLE_PX = 48

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  }
}

/**
 * The saved bounds fitted to the displays' work areas (`screen.getAllDisplays()[i].workArea`,
 * which leaves out task bars and docks): on the display it overlaps most, or on the first (the
 * primary) when it overlaps none usefully; no larger than that work area and wholly inside it.
 */
export function clampToWorkAreas(bounds: Rect, workAreas: readonly Rect[]): Rect {
  let best: Rect | undefined
  let bestArea = 0
  for (const area of workAreas) {
    const shared = overlap(bounds, area)
    const visible = shared.width * shared.height
    if (shared.width >= MIN_VISIBLE_PX && shared.height >= MIN_VISIBLE_PX && visible > bestArea) {
      best = area
      bestArea = visible
    }
  }
  const area = best ?? workAreas[0]
  if (!area) return bounds
  const width = Math.min(bounds.width, area.width)
  const height = Math.min(bounds.height, area.height)
  // A window moved to another display opens centred there, not at its old coordinates.
  const x = best ? bounds.x : area.x + Math.round((area.width - width) / 2)
  const y = best ? bounds.y : area.y + Math.round((area.height - height) / 2)
  return {
    width,
    height,
    x: Math.min(Math.max(x, area.x), area.x + area.width - width),
    y: Math.min(Math.max(y, area.y), area.y + area.height - height),
  }
}
