import { useEffect, useState } from 'react'
import { afterNextPaint } from '../after-paint'

/**
 * False on a component's first render, true from just after the frame that painted it. The
 * detail panel mounts its heavy parts (the chart, the depth ladder, the capacity, the ledger's
 * lines) behind it: React runs a key's render, commit and effects before the browser paints, so
 * building the chart in that pass held the panel's header, price and figures back by two to
 * three frames (BENCHMARKS.md, renderer.keyToPaint.detailFrames).
 */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (!painted) return afterNextPaint(() => setPainted(true))
  }, [painted])
  return painted
}
