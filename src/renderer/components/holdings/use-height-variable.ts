import { type RefObject, useLayoutEffect } from 'react'

/**
 * Keeps a CSS variable on the document at the element's height while it is shown: floating things
 * anchored to the window's bottom (the toasts) stand above it rather than over it, however many
 * lines it folds into.
 */
export function useHeightVariable(ref: RefObject<HTMLElement | null>, variable: string): void {
  // Each render: the line may have become another element (its problem sentence, its figures).
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const root = document.documentElement
    const follow = () => root.style.setProperty(variable, `${element.offsetHeight}px`)
    follow()
    const observer = new ResizeObserver(follow)
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty(variable)
    }
  })
}
