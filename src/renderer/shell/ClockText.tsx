import { useLayoutEffect, useRef } from 'react'
import { type ClockState, clockStore } from '../store/clock-store'

/**
 * Text that follows the page's one clock each second (the session clock's time and countdown)
 * without a React render: a tick writes the new text into the span's own text node, and only when
 * it differs. A render per second of the header was most of what the idle page did on its main
 * thread (BENCHMARKS.md, renderer.idle.ratioToFloor). `text` must be a stable function (module
 * level or memoised): a new one re-subscribes.
 */
export function ClockText({
  text,
  className,
  hidden = false,
}: {
  text: (clock: ClockState) => string
  className?: string
  /** Hidden from screen readers (the same words are said elsewhere). */
  hidden?: boolean
}) {
  const ref = useRef<HTMLSpanElement>(null)
  useLayoutEffect(() => {
    const write = (clock: ClockState) => {
      // React's own text node, so a later render of the span writes the same node.
      const node = ref.current?.firstChild
      const next = text(clock)
      if (node && node.nodeValue !== next) node.nodeValue = next
    }
    write(clockStore.getState())
    return clockStore.subscribe(write)
  }, [text])
  return (
    <span ref={ref} className={className} aria-hidden={hidden || undefined}>
      {text(clockStore.getState())}
    </span>
  )
}
