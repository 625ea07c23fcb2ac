import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EndpointName } from '../../src/shared/ipc-contract'
import {
  BACKOFF,
  HIDDEN_PRICES_CADENCE_MS,
  type PollJob,
  PollScheduler,
} from '../../src/main/core/poll-scheduler'

class Failure extends Error {
  constructor(readonly retryAfterMs: number | null = null) {
    super('boom')
  }
}

/** A job that records when it ran and does what the test says (succeed, fail, take time). */
function recordingJob(
  name: EndpointName,
  behave: (call: number, signal: AbortSignal) => Promise<void> = async () => {},
) {
  const starts: number[] = []
  let inFlight = 0
  let maxInFlight = 0
  const job: PollJob = {
    name,
    run: async (signal) => {
      starts.push(Date.now())
      inFlight += 1
      maxInFlight = Math.max(maxInFlight, inFlight)
      try {
        await behave(starts.length, signal)
      } finally {
        inFlight -= 1
      }
    },
  }
  return { job, starts, maxInFlight: () => maxInFlight }
}

function makeScheduler(
  jobs: PollJob[],
  cadences: Partial<Record<EndpointName, number>> = {},
  random = () => 0.5,
) {
  return new PollScheduler(jobs, {
    cadenceMs: (endpoint) => cadences[endpoint] ?? 5_000,
    describeFailure: (error) => ({
      error: { kind: 'server', message: 'boom', at: Date.now(), retryAt: null },
      retryAfterMs: error instanceof Failure ? error.retryAfterMs : null,
    }),
    onChange: () => {},
    random,
  })
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(new Error('aborted'))
    })
  })

describe('PollScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('polls each endpoint on its own cadence with chained timers', async () => {
    const prices = recordingJob('prices')
    const market = recordingJob('market')
    const scheduler = makeScheduler([prices.job, market.job], { prices: 5_000, market: 60_000 })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(60_000)
    scheduler.stop()
    expect(prices.starts.map((t) => t - 1_000_000)).toEqual([
      0, 5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 35_000, 40_000, 45_000, 50_000, 55_000, 60_000,
    ])
    expect(market.starts.map((t) => t - 1_000_000)).toEqual([0, 60_000])
  })

  it('polls nothing before start, and nothing after stop, which aborts the poll in flight', async () => {
    const aborted: boolean[] = []
    const slow = recordingJob('prices', async (_call, signal) => {
      await sleep(3_000, signal).catch(() => {})
      aborted.push(signal.aborted)
    })
    const market = recordingJob('market')
    const scheduler = makeScheduler([slow.job, market.job])
    scheduler.refreshNow() // not started: asks for nothing
    await vi.advanceTimersByTimeAsync(10_000)
    expect([slow.starts, market.starts]).toEqual([[], []])

    scheduler.start()
    // Market polls at 0 and 5 s; prices at 0 (3 s long) and 8 s, in flight when stopped at 9 s.
    await vi.advanceTimersByTimeAsync(9_000)
    const before = { prices: slow.starts.length, market: market.starts.length }
    expect(before).toEqual({ prices: 2, market: 2 })
    scheduler.stop()
    await vi.advanceTimersByTimeAsync(0)
    expect(aborted).toEqual([false, true]) // the first ended by itself at 3 s; the second was stopped
    scheduler.refreshNow() // stopped: asks for nothing either
    await vi.advanceTimersByTimeAsync(60_000)
    expect({ prices: slow.starts.length, market: market.starts.length }).toEqual(before)
  })

  it('never has two requests in flight for one endpoint, even when a poll outlasts the cadence', async () => {
    const slow = recordingJob('prices', () => sleep(12_000))
    const scheduler = makeScheduler([slow.job])
    scheduler.start()
    await vi.advanceTimersByTimeAsync(1)
    scheduler.refreshNow() // arrives mid-flight: must wait for the running poll
    await vi.advanceTimersByTimeAsync(100_000)
    scheduler.stop()
    expect(slow.maxInFlight()).toBe(1)
    // Each poll starts only after the previous one ended (12 s) plus the cadence (5 s), except the
    // one refreshNow() asked for, which follows the first at once.
    const gaps = slow.starts.slice(1).map((t, i) => t - (slow.starts[i] as number))
    expect(gaps[0]).toBeGreaterThanOrEqual(12_000)
    expect(gaps[0]).toBeLessThan(12_000 + 5_000)
    for (const gap of gaps.slice(1)) expect(gap).toBe(17_000)
  })

  it('backs off exponentially with full jitter, within the floor and the cap', async () => {
    for (const random of [0, 0.37, 0.999]) {
      const failing = recordingJob('prices', async () => {
        throw new Failure()
      })
      const scheduler = makeScheduler([failing.job], {}, () => random)
      scheduler.start()
      await vi.advanceTimersByTimeAsync(30 * 60_000)
      scheduler.stop()
      const gaps = failing.starts.slice(1).map((t, i) => t - (failing.starts[i] as number))
      expect(gaps.length).toBeGreaterThan(10)
      gaps.forEach((gap, i) => {
        const ceiling = Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** i)
        expect(gap).toBeGreaterThanOrEqual(BACKOFF.floorMs)
        expect(gap).toBeLessThanOrEqual(Math.max(BACKOFF.floorMs, ceiling))
        expect(gap).toBe(Math.max(BACKOFF.floorMs, Math.floor(random * ceiling)))
      })
    }
  })

  it('honours Retry-After and returns to the cadence after a success', async () => {
    const job = recordingJob('prices', async (call) => {
      if (call === 1) throw new Failure(30_000)
    })
    const scheduler = makeScheduler([job.job])
    scheduler.start()
    await vi.advanceTimersByTimeAsync(29_999)
    expect(job.starts).toHaveLength(1)
    expect(scheduler.status('prices').lastError?.retryAt).toBe(1_000_000 + 30_000)
    await vi.advanceTimersByTimeAsync(1)
    expect(job.starts).toHaveLength(2)
    expect(scheduler.status('prices').lastError).toBeNull()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(job.starts).toHaveLength(3)
    scheduler.stop()
  })

  it('slows prices to 15 s while hidden and catches up at once when shown', async () => {
    const prices = recordingJob('prices')
    const scheduler = makeScheduler([prices.job])
    scheduler.start()
    await vi.advanceTimersByTimeAsync(0)
    scheduler.setHidden(true)
    expect(scheduler.effectiveCadenceMs('prices')).toBe(HIDDEN_PRICES_CADENCE_MS)
    await vi.advanceTimersByTimeAsync(45_000)
    const hiddenGaps = prices.starts.slice(1).map((t, i) => t - (prices.starts[i] as number))
    expect(hiddenGaps).toEqual([15_000, 15_000, 15_000])
    await vi.advanceTimersByTimeAsync(7_000) // 7 s after the last poll
    scheduler.setHidden(false)
    await vi.advanceTimersByTimeAsync(0)
    expect(prices.starts.at(-1)! - 1_000_000).toBe(52_000)
    scheduler.stop()
  })

  it('pauses on suspend (aborting the request in flight) and polls at once on resume', async () => {
    let aborted = 0
    const job = recordingJob('prices', (_call, signal) =>
      sleep(3_000, signal).catch((error) => {
        aborted += 1
        throw error
      }),
    )
    const scheduler = makeScheduler([job.job])
    scheduler.start()
    await vi.advanceTimersByTimeAsync(1_000)
    scheduler.setPaused('suspend', true)
    await vi.advanceTimersByTimeAsync(0)
    expect(aborted).toBe(1)
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(job.starts).toHaveLength(1)
    expect(scheduler.status('prices').lastError).toBeNull() // our abort is not the server's failure
    scheduler.setPaused('suspend', false)
    await vi.advanceTimersByTimeAsync(0)
    expect(job.starts).toHaveLength(2)
    scheduler.stop()
  })

  it('stays paused until every reason is gone', async () => {
    const job = recordingJob('prices')
    const scheduler = makeScheduler([job.job])
    scheduler.start()
    await vi.advanceTimersByTimeAsync(0)
    scheduler.setPaused('user', true)
    scheduler.setPaused('offline', true)
    scheduler.setPaused('offline', false)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(job.starts).toHaveLength(1)
    expect(scheduler.pauseReasons()).toEqual(['user'])
    scheduler.setPaused('user', false)
    await vi.advanceTimersByTimeAsync(0)
    expect(job.starts).toHaveLength(2)
    scheduler.stop()
  })

  it('refreshNow while the person paused polls each endpoint once, and stays paused', async () => {
    const prices = recordingJob('prices')
    const limits = recordingJob('limits')
    const scheduler = makeScheduler([prices.job, limits.job], { limits: 60_000 })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(0)
    scheduler.setPaused('user', true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect([prices.starts.length, limits.starts.length]).toEqual([1, 1])

    scheduler.refreshNow()
    await vi.advanceTimersByTimeAsync(0)
    expect([prices.starts.length, limits.starts.length]).toEqual([2, 2])
    expect(scheduler.status('prices').lastSuccessAt).toBe(Date.now())
    // Still paused: nothing more comes until the person resumes.
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect([prices.starts.length, limits.starts.length]).toEqual([2, 2])
    expect(scheduler.isPaused()).toBe(true)
    expect(scheduler.status('prices').nextPollAt).toBeNull()

    // Suspended or offline as well: nothing would answer, so a refresh asks nothing.
    scheduler.setPaused('offline', true)
    scheduler.refreshNow()
    await vi.advanceTimersByTimeAsync(60_000)
    expect([prices.starts.length, limits.starts.length]).toEqual([2, 2])
    scheduler.setPaused('offline', false)
    scheduler.setPaused('user', false)
    await vi.advanceTimersByTimeAsync(0)
    expect([prices.starts.length, limits.starts.length]).toEqual([3, 3])
    scheduler.stop()
  })

  it('refreshNow polls every endpoint at once', async () => {
    const prices = recordingJob('prices')
    const limits = recordingJob('limits')
    const scheduler = makeScheduler([prices.job, limits.job], { limits: 60_000 })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(2_000)
    scheduler.refreshNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(prices.starts.map((t) => t - 1_000_000)).toEqual([0, 2_000])
    expect(limits.starts.map((t) => t - 1_000_000)).toEqual([0, 2_000])
    scheduler.stop()
  })
})
