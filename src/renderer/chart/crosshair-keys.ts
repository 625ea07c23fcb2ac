/**
 * The chart's crosshair on the keyboard: which point each key moves it to. Plain arithmetic on
 * indexes, apart from the chart's view so that it is tested on its own
 * (test/renderer/crosshair-keys.test.ts).
 */

/** PageUp / PageDown move the crosshair by this many points (an hour of 15-minute points). */
export const PAGE_POINTS = 4

/** Where the crosshair goes for a key, or undefined for a key it does not take. */
export function movedIndex(key: string, index: number | null, count: number): number | null | undefined {
  const last = count - 1
  const from = index ?? last
  switch (key) {
    case 'ArrowLeft':
      return index === null ? last : Math.max(0, from - 1)
    case 'ArrowRight':
      return index === null ? last : Math.min(last, from + 1)
    case 'PageUp':
      return Math.max(0, from - PAGE_POINTS)
    case 'PageDown':
      return Math.min(last, from + PAGE_POINTS)
    case 'Home':
      return 0
    case 'End':
      return last
    case 'Escape':
      // With no crosshair shown, Escape is left to the panel (which closes).
      return index === null ? undefined : null
    default:
      return undefined
  }
}
