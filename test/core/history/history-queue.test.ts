import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/main/core/api/api-errors'
import { HistoryQueue } from '../../../src/main/core/history/history-queue'
import { manualClock } from '../../support/manual-clock'

/**
 * History's own request line on a clock the test moves: one request at a time, at least the gap
 * apart; a 429 backs history off for its Retry-After or a doubling wait (capped at a minute),
 * during which a request fails at once; a success ends the backoff.
 */

/** Monday 2026-11-16 10:00:00.250 ET: not on a whole second, so a wait's rounding shows. */
const MONDAY_10_00_ET = Date.UTC(2026, 10, 16, 15, 0, 0, 250)

const settled = () => new Promise((resolve) => setImmediate(resolve))

const rateLimited = (retryAfterMs: number | null = null) =>
  new ApiError({ kind: 'rate-limited', status: 429, message: 'Too many requests', retryAfterMs })

/** A queue on a manual clock, and a request that records when it started and answers `value`. */
function setup(options: { minGapMs?: number; firstBackoffMs?: number } = {}) {
  const manual = manualClock(MONDAY_10_00_ET)
  const queue = new HistoryQueue({ clock: manual.scheduler, ...options })
  const started: number[] = []
  const answering =
    <T>(value: T) =>
    async () => {
      started.push(manual.clock.now - MONDAY_10_00_ET)
      return value
    }
  const failing = (error: Error) => async () => {
    started.push(manual.clock.now - MONDAY_10_00_ET)
    throw error
  }
  return { manual, queue, started, answering, failing }
}

/** The promise's outcome, read without letting a rejection go unhandled. */
const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )

describe('the history queue', () => {
  it('runs the first request at once and the next one 500 ms after it started, by default', async () => {
    const { manual, queue, started, answering } = setup()
    expect(queue.readyAt).toBe(0)
    const first = outcome(queue.run(answering('100.10')))
    const second = outcome(queue.run(answering('100.20')))
    await settled()
    expect(started).toEqual([0])
    expect(await first).toEqual({ value: '100.10' })
    expect(queue.readyAt).toBe(MONDAY_10_00_ET + 500)
    expect(manual.clock.delays).toEqual([500])
    manual.advanceTo(MONDAY_10_00_ET + 499)
    await settled()
    expect(started).toEqual([0])
    manual.advanceTo(MONDAY_10_00_ET + 500)
    await settled()
    expect(started).toEqual([0, 500])
    expect(await second).toEqual({ value: '100.20' })
    expect(queue.readyAt).toBe(MONDAY_10_00_ET + 1_000)
  })

  it('waits only what is left of the gap, and not at all once it has passed', async () => {
    const { manual, queue, started, answering } = setup({ minGapMs: 300 })
    await queue.run(answering(1))
    manual.advanceTo(MONDAY_10_00_ET + 100)
    const second = queue.run(answering(2))
    await settled()
    expect(manual.clock.delays).toEqual([200])
    manual.advanceTo(MONDAY_10_00_ET + 300)
    expect(await second).toBe(2)
    manual.advanceTo(MONDAY_10_00_ET + 5_000)
    expect(await queue.run(answering(3))).toBe(3)
    expect(manual.clock.delays).toEqual([200])
    expect(started).toEqual([0, 300, 5_000])
  })

  it('one request at a time: the next starts only once the one before settled, failed or not', async () => {
    const { manual, queue, started, failing, answering } = setup({ minGapMs: 0 })
    let release: () => void = () => undefined
    const held = queue.run(
      () =>
        new Promise<string>((resolve, reject) => {
          started.push(-1)
          release = () => reject(new Error('connection reset'))
        }),
    )
    const after = queue.run(answering('100.30'))
    await settled()
    expect(started).toEqual([-1])
    release()
    await expect(held).rejects.toThrow('connection reset')
    expect(await after).toBe('100.30')
    // A failure that is not a 429, the service's own or the connection's, backs nothing off.
    manual.advanceTo(MONDAY_10_00_ET + 10)
    await expect(queue.run(failing(new Error('socket hang up')))).rejects.toThrow('socket hang up')
    expect(queue.readyAt).toBe(MONDAY_10_00_ET + 10)
    const unavailable = new ApiError({
      kind: 'server',
      status: 503,
      message: 'Unavailable',
      retryAfterMs: 9_000,
    })
    await expect(queue.run(failing(unavailable))).rejects.toThrow('Unavailable')
    expect(queue.readyAt).toBe(MONDAY_10_00_ET + 10)
    expect(await queue.run(answering('100.40'))).toBe('100.40')
    expect(started).toEqual([-1, 0, 10, 10, 10])
  })

  it('a 429 without Retry-After backs off 2 s, then 4 s, doubling up to a minute', async () => {
    const { manual, queue, failing } = setup()
    const waits: number[] = []
    let at = MONDAY_10_00_ET
    for (let i = 0; i < 7; i++) {
      await expect(queue.run(failing(rateLimited()))).rejects.toBeInstanceOf(ApiError)
      waits.push(queue.readyAt - at)
      at = queue.readyAt
      manual.advanceTo(at)
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000])
  })

  it('the first backoff and the gap can be set; a Retry-After below the gap waits the gap', async () => {
    const { manual, queue, failing } = setup({ minGapMs: 700, firstBackoffMs: 1_500 })
    await expect(queue.run(failing(rateLimited()))).rejects.toThrow('Too many requests')
    expect(queue.readyAt).toBe(MONDAY_10_00_ET + 1_500)
    manual.advanceTo(MONDAY_10_00_ET + 1_500)
    await expect(queue.run(failing(rateLimited(250)))).rejects.toThrow('Too many requests')
    expect(queue.readyAt).toBe(MONDAY_10_00_ET + 1_500 + 700)
  })

  it("a 429's Retry-After is waited for, though longer than the backoff", async () => {
    const { queue, failing } = setup()
    await expect(queue.run(failing(rateLimited(12_340)))).rejects.toThrow('Too many requests')
    expect(queue.readyAt).toBe(MONDAY_10_00_ET + 12_340)
  })

  it('backing off, a request fails at once, saying in whole seconds when history asks again', async () => {
    const { manual, queue, started, failing, answering } = setup()
    await expect(queue.run(failing(rateLimited(4_100)))).rejects.toThrow('Too many requests')
    manual.advanceTo(MONDAY_10_00_ET + 1_000)
    const refused = await outcome(queue.run(answering('100.50')))
    expect(started).toEqual([0])
    expect(manual.clock.delays).toEqual([])
    const error = (refused as { error: ApiError }).error
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      kind: 'rate-limited',
      retryAfterMs: 3_100,
      message: 'The service asked for fewer requests; history asks again in 4 s.',
    })
    // The refusal does not move the time history may ask again.
    expect(queue.readyAt).toBe(MONDAY_10_00_ET + 4_100)
  })

  it('backing off, a request due within the gap waits its turn rather than failing', async () => {
    const { manual, queue, started, failing, answering } = setup()
    await expect(queue.run(failing(rateLimited(2_000)))).rejects.toThrow('Too many requests')
    // 500 ms left: exactly the gap, so it waits.
    manual.advanceTo(MONDAY_10_00_ET + 1_500)
    const waited = queue.run(answering('100.60'))
    await settled()
    expect(manual.clock.delays).toEqual([500])
    manual.advanceTo(MONDAY_10_00_ET + 2_000)
    expect(await waited).toBe('100.60')
    expect(started).toEqual([0, 2_000])
  })

  it('a success ends the backoff: the next 429 starts again at the first wait', async () => {
    const { manual, queue, failing, answering } = setup()
    await expect(queue.run(failing(rateLimited()))).rejects.toThrow('Too many requests')
    manual.advanceTo(MONDAY_10_00_ET + 2_000)
    await expect(queue.run(failing(rateLimited()))).rejects.toThrow('Too many requests')
    expect(queue.readyAt).toBe(MONDAY_10_00_ET + 6_000)
    manual.advanceTo(MONDAY_10_00_ET + 6_000)
    expect(await queue.run(answering('100.70'))).toBe('100.70')
    manual.advanceTo(MONDAY_10_00_ET + 6_500)
    await expect(queue.run(failing(rateLimited()))).rejects.toThrow('Too many requests')
    expect(queue.readyAt).toBe(MONDAY_10_00_ET + 6_500 + 2_000)
  })
})
