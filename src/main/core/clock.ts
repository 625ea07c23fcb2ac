/**
 * The one clock the core reads time and sets timers through. Production passes nothing and gets
 * the real one; the tests, the chaos runs, the CLI and the benchmarks pass virtual clocks, so a
 * poll loop, a backoff or an alert cooldown can run hours of market time in seconds, at a fixed
 * instant, whatever the machine's own clock says.
 */
export interface Clock {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}
