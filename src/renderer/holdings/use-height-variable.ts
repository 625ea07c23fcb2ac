import { useCallback, useRef } from 'react'

/**
 * A ref that keeps a CSS variable on the document at its element's height while it is shown:
 * floating things anchored to the window's bottom (the toasts) stand above it rather than over
 * it, however many lines it folds into. The height comes from a ResizeObserver, which reports
 * after layout: reading it on each render would force a layout at every price push.
 */
export function useHeightVariable(variable: string): (element: HTMLElement | null) => void {
  const observer = useRef<ResizeObserver | null>(null)
  return useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect()
      observer.current = null
      const root = document.documentElement
      if (!element) {
        root.style.removeProperty(variable)
        return
      }
      observer.current = new ResizeObserver(([entry]) => {
        const height = entry?.borderBoxSize[0]?.blockSize
        if (height !== undefined) root.style.setProperty(variable, `${height}px`)
      })
      observer.current.observe(element)
    },
    [variable],
  )
}
