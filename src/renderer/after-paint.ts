/**
 * Runs `callback` just after the next frame is painted: a frame callback runs just before the
 * paint, and a task it queues, just after. Returns a function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    task = setTimeout(callback, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(task)
  }
}
