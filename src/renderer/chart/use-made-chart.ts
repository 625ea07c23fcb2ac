import { useEffect, useRef, type RefObject } from 'react'

/**
 * A chart made in `host` once per figure by `make` (a module-level function, so it is the same on
 * every render) and removed with the figure. The ref holds what `make` drew, or null while none.
 */
export function useMadeChart<Drawn>(
  host: RefObject<HTMLDivElement | null>,
  onPlotWidth: (width: number) => void,
  make: (element: HTMLDivElement, onPlotWidth: (width: number) => void) => { drawn: Drawn; remove(): void },
): RefObject<Drawn | null> {
  const chart = useRef<Drawn | null>(null)
  useEffect(() => {
    const element = host.current
    if (!element) return
    const { drawn, remove } = make(element, onPlotWidth)
    chart.current = drawn
    return () => {
      remove()
      chart.current = null
    }
    // Made once: the host, the plot width's setter (React's own) and `make` never change.
  }, [host, onPlotWidth, make])
  return chart
}
