import { describe, expect, it, vi } from 'vitest'
import { InFlight } from '../../../src/main/core/app/in-flight'

/** What stopping waits for: the commands still running, and no longer than it is told. */

function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

describe('InFlight', () => {
  it('settles at once when nothing runs', async () => {
    vi.useFakeTimers()
    try {
      let done = false
      void new InFlight().settled(3_000).then(() => (done = true))
      await vi.advanceTimersByTimeAsync(0)
      expect(done).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('waits for every command, one that fails included, and returns each one unchanged', async () => {
    const inFlight = new InFlight()
    const first = deferred()
    const second = deferred()
    expect(inFlight.track(first.promise)).toBe(first.promise)
    void inFlight.track(second.promise).catch(() => undefined)
    let done = false
    void inFlight.settled(60_000).then(() => (done = true))
    first.resolve()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(done).toBe(false)
    second.reject(new Error('refused'))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(done).toBe(true)
  })

  it('gives up after the time it is told, and forgets what has settled', async () => {
    vi.useFakeTimers()
    try {
      const inFlight = new InFlight()
      const hung = deferred()
      void inFlight.track(hung.promise)
      let done = false
      void inFlight.settled(3_000).then(() => (done = true))
      await vi.advanceTimersByTimeAsync(2_999)
      expect(done).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(done).toBe(true)

      hung.resolve()
      await vi.advanceTimersByTimeAsync(0)
      let again = false
      void inFlight.settled(3_000).then(() => (again = true))
      await vi.advanceTimersByTimeAsync(0)
      expect(again).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
