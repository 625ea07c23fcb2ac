import { useEffect, useState } from 'react'

/**
 * Runs `callback` just after the next frame is painted: a frame callback runs just before the
 * paint, and a task it queues, just after. Returns a function that cancels it.
 */
function afterNextPaint(callback: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    task = setTimeout(callback, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(task)
  }
}

/**
 * False until `ready` has been true through one painted frame, then true for good. For what can
 * wait a frame (the ticker's hundred-odd items, the virtualiser's measuring): doing it with the
 * first rows would make the user wait that much longer for the rows themselves.
 */
export function usePaintedAfter(ready: boolean): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (!ready || painted) return
    return afterNextPaint(() => setPainted(true))
  }, [ready, painted])
  return painted
}
