import { useEffect, useState, type RefObject } from 'react'

/**
 * Each time a form's errors are shown (by its own check or by main's refusal), once they are on
 * the screen, the first field marked invalid takes the focus, which scrolls it and its message
 * into view. An effect after the commit, not a frame callback: after main's refusal the render
 * is not synchronous, and a frame could come first and find no field marked yet, leaving the
 * focus on the body (the submit button it was on is disabled while main answers).
 * Returns what to call once the errors are set.
 */
export function useFirstInvalidFocus(form: RefObject<HTMLFormElement | null>): () => void {
  const [errorsShown, setErrorsShown] = useState(0)
  useEffect(() => {
    if (errorsShown === 0) return
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    field?.focus({ preventScroll: true })
    // The whole field, its message under it included, not just the input.
    ;(field?.closest('.field') ?? field)?.scrollIntoView({ block: 'nearest' })
  }, [errorsShown, form])
  return () => setErrorsShown((count) => count + 1)
}
