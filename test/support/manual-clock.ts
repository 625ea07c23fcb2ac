import type { Clock } from '../../src/main/core/clock'

/** A clock whose timers run only when the test says so; it keeps every handle it gave out. */
export function manualClock(start: number) {
  const clock = {
    now: start,
    pending: new Map<number, { due: number; callback: () => void }>(),
    delays: [] as number[],
    cleared: [] as number[],
    lastHandle: 0,
  }
  const scheduler: Clock = {
    now: () => clock.now,
    setTimeout: (callback: () => void, ms: number) => {
      const handle = ++clock.lastHandle
      clock.delays.push(ms)
      clock.pending.set(handle, { due: clock.now + ms, callback })
      return handle
    },
    clearTimeout: (handle: unknown) => {
      clock.cleared.push(handle as number)
      clock.pending.delete(handle as number)
    },
  }
  return {
    clock,
    scheduler,
    /** Moves the clock to `at` and runs the timers due by then. */
    advanceTo(at: number) {
      clock.now = at
      for (const [handle, timer] of [...clock.pending]) {
        if (timer.due > at) continue
        clock.pending.delete(handle)
        timer.callback()
      }
    },
  }
}
