import { BENCH_INSTANT } from '../node/bench-instant'

/**
 * The market time the renderer benchmarks run at, so that no figure depends on the day or hour
 * they run: BENCH_INSTANT (a Wednesday of the regular session) when this module loads, running on
 * in real time. The snapshot, the status, main's first frame and the page's clock all read it; a
 * benchmark run on a holiday or at night would otherwise measure a closed market's page (other
 * header, other work per delta).
 */
const offsetMs = BENCH_INSTANT - Date.now()

export function marketNow(): number {
  return Date.now() + offsetMs
}

/** For the page (addInitScript), with marketClockOffsetMs(): see shiftPageClock. */
export function marketClockOffsetMs(): number {
  return offsetMs
}

/**
 * Runs in the page before its scripts: `Date` (now, and `new Date()`) reads the market time. Only
 * the wall clock moves: performance.now, timers and animation frames stay real, as the timings
 * need them. (Playwright's page.clock would fake those too.) May use nothing from outside its body.
 */
export function shiftPageClock(offset: number): void {
  const RealDate = Date
  class MarketDate extends RealDate {
    constructor(...args: unknown[]) {
      super(...((args.length === 0 ? [RealDate.now() + offset] : args) as [number]))
    }

    static override now(): number {
      return RealDate.now() + offset
    }
  }
  globalThis.Date = MarketDate as DateConstructor
}
