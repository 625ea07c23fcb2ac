import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EndpointName } from '../../../src/shared/status'
import {
  type ActivityChange,
  BACKOFF,
  HIDDEN_PRICES_CADENCE_MS,
  type PollJob,
  PollScheduler,
  type SchedulerOptions,
} from '../../../src/main/core/feed/poll-scheduler'

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
  overrides: Partial<SchedulerOptions> = {},
) {
  return new PollScheduler(jobs, {
    cadenceMs: (endpoint) => cadences[endpoint] ?? 5_000,
    describeFailure: (error) => ({
      error: { kind: 'server', message: 'boom', at: Date.now(), retryAt: null },
      retryAfterMs: error instanceof Failure ? error.retryAfterMs : null,
    }),
    onChange: () => {},
    random,
    ...overrides,
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
    const planned = () => [scheduler.status('prices').nextPollAt, scheduler.status('market').nextPollAt]
    scheduler.refreshNow() // not started: asks for nothing
    await vi.advanceTimersByTimeAsync(10_000)
    expect([slow.starts, market.starts]).toEqual([[], []])
    expect(planned()).toEqual([null, null])

    scheduler.start()
    // Market polls at 0 and 5 s; prices at 0 (3 s long) and 8 s, in flight when stopped at 9 s.
    await vi.advanceTimersByTimeAsync(9_000)
    const before = { prices: slow.starts.length, market: market.starts.length }
    expect(before).toEqual({ prices: 2, market: 2 })
    scheduler.stop()
    // Market's poll due at 10 s is called off: no timer is left to keep a process alive.
    expect(planned()).toEqual([null, null])
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(0)
    expect(aborted).toEqual([false, true]) // the first ended by itself at 3 s; the second was stopped
    scheduler.refreshNow() // stopped: asks for nothing either
    expect(planned()).toEqual([null, null])
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

describe('PollScheduler at the edges of pause, resume, hide and refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A prices job whose polls take `ms` each and give up when aborted; counts its aborts. */
  function slowJob(name: EndpointName, ms: number) {
    let aborts = 0
    const recorded = recordingJob(name, (_call, signal) =>
      sleep(ms, signal).catch((error) => {
        aborts += 1
        throw error
      }),
    )
    return { ...recorded, aborts: () => aborts }
  }

  /** A scheduler started at 0 with one prices job of 3 s, one second into its first poll. */
  async function pollInFlightAtOneSecond() {
    const prices = slowJob('prices', 3_000)
    const scheduler = makeScheduler([prices.job])
    scheduler.start()
    await vi.advanceTimersByTimeAsync(1_000)
    return { prices, scheduler }
  }

  it('a pause taken back before the aborted poll settles still polls again at once', async () => {
    // Offline then online within one tick (a network flap), or a suspend cut short: the poll the
    // pause aborted has not settled when the resume comes, so the resume cannot schedule it.
    const { prices, scheduler } = await pollInFlightAtOneSecond()
    scheduler.setPaused('offline', true)
    scheduler.setPaused('offline', false)
    await vi.advanceTimersByTimeAsync(0)
    expect(prices.aborts()).toBe(1)
    expect(prices.starts.map((t) => t - 1_000_000)).toEqual([0, 1_000])
    await vi.advanceTimersByTimeAsync(3_000 + 5_000) // the new poll, then the cadence
    expect(prices.starts.map((t) => t - 1_000_000)).toEqual([0, 1_000, 9_000])
    scheduler.stop()
  })

  it('a stop and start before the aborted poll settles polls again at once', async () => {
    const { prices, scheduler } = await pollInFlightAtOneSecond()
    scheduler.stop()
    scheduler.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(prices.starts.map((t) => t - 1_000_000)).toEqual([0, 1_000])
    expect(prices.maxInFlight()).toBe(1)
    scheduler.stop()
  })

  it('a reset mid-poll (a new key) aborts it and polls again once at once, then on the cadence', async () => {
    const { prices, scheduler } = await pollInFlightAtOneSecond()
    scheduler.reset()
    await vi.advanceTimersByTimeAsync(0)
    expect(prices.aborts()).toBe(1)
    expect(prices.starts.map((t) => t - 1_000_000)).toEqual([0, 1_000])
    await vi.advanceTimersByTimeAsync(3_000 + 5_000)
    expect(prices.starts.map((t) => t - 1_000_000)).toEqual([0, 1_000, 9_000])
    scheduler.stop()
  })

  it("the person's pause lets the poll in flight finish and keeps its result", async () => {
    const prices = slowJob('prices', 3_000)
    const changes = vi.fn()
    const scheduler = makeScheduler([prices.job], {}, undefined, { onChange: changes })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(1_000)
    scheduler.setPaused('user', true)
    expect(changes).toHaveBeenCalledTimes(1) // the window shows "paused" at once
    await vi.advanceTimersByTimeAsync(2_000)
    expect(prices.aborts()).toBe(0)
    expect(scheduler.status('prices')).toMatchObject({ lastSuccessAt: 1_003_000, nextPollAt: null })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(prices.starts).toHaveLength(1)

    changes.mockClear()
    scheduler.setPaused('user', false)
    expect(changes).toHaveBeenCalledTimes(1) // and "running" again at once
    await vi.advanceTimersByTimeAsync(0)
    expect(prices.starts.map((t) => t - 1_000_000)).toEqual([0, 63_000])
    scheduler.stop()
  })

  it('a second reason to pause, or a resume that was not paused, changes nothing', async () => {
    const prices = slowJob('prices', 3_000)
    const changes = vi.fn()
    const scheduler = makeScheduler([prices.job], {}, undefined, { onChange: changes })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(4_000) // idle, the next poll due at 8 s
    scheduler.setPaused('user', false) // a resume with nothing paused: polling goes on as it was
    expect(scheduler.status('prices').nextPollAt).toBe(1_008_000)
    await vi.advanceTimersByTimeAsync(5_000) // in flight since 8 s
    scheduler.setPaused('user', true)
    changes.mockClear()
    scheduler.setPaused('offline', true) // already paused: the user's pause lets the poll finish
    scheduler.setPaused('offline', false) // still paused by the person: nothing is scheduled
    expect(changes).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(2_000)
    expect(prices.aborts()).toBe(0)
    expect(scheduler.status('prices')).toMatchObject({ lastSuccessAt: 1_011_000, nextPollAt: null })
    expect(prices.starts.map((t) => t - 1_000_000)).toEqual([0, 8_000])
    scheduler.stop()
  })

  it('a resume while the poll the pause let run is still in flight plans nothing until it ends', async () => {
    const { scheduler } = await pollInFlightAtOneSecond()
    scheduler.setPaused('user', true)
    scheduler.setPaused('user', false)
    expect(scheduler.status('prices')).toMatchObject({ inFlight: true, nextPollAt: null })
    await vi.advanceTimersByTimeAsync(2_000)
    expect(scheduler.status('prices')).toMatchObject({ inFlight: false, nextPollAt: 1_008_000 })
    scheduler.stop()
  })

  it(
    'started while paused (a restarted worker is told the pause first), ' +
      'plans and polls nothing until it ends',
    async () => {
      const prices = recordingJob('prices')
      const scheduler = makeScheduler([prices.job])
      scheduler.setPaused('offline', true)
      scheduler.start()
      expect(scheduler.status('prices').nextPollAt).toBeNull()
      await vi.advanceTimersByTimeAsync(60_000)
      expect(prices.starts).toEqual([])
      scheduler.setPaused('offline', false)
      await vi.advanceTimersByTimeAsync(0)
      expect(prices.starts.map((t) => t - 1_000_000)).toEqual([60_000])
      scheduler.stop()
    },
  )

  it('a refresh asked during a poll that then fails still waits the backoff', async () => {
    const failing = recordingJob('prices', async () => {
      await sleep(3_000)
      throw new Failure()
    })
    const scheduler = makeScheduler([failing.job], {}, () => 0.5) // the first retry waits 500 ms
    scheduler.start()
    await vi.advanceTimersByTimeAsync(1_000)
    scheduler.refreshNow()
    await vi.advanceTimersByTimeAsync(2_000 + 499)
    expect(failing.starts.map((t) => t - 1_000_000)).toEqual([0])
    await vi.advanceTimersByTimeAsync(1)
    expect(failing.starts.map((t) => t - 1_000_000)).toEqual([0, 3_500])
    scheduler.stop()
  })

  it('reports an endpoint it has no job for as idle, whatever the others do', async () => {
    const { scheduler } = await pollInFlightAtOneSecond()
    expect(scheduler.status('limits')).toEqual({
      cadenceMs: 5_000,
      lastSuccessAt: null,
      lastError: null,
      nextPollAt: null,
      inFlight: false,
    })
    scheduler.stop()
  })

  it('a pause and resume after stop plan nothing', async () => {
    const prices = recordingJob('prices')
    const changes = vi.fn()
    const scheduler = makeScheduler([prices.job], {}, undefined, { onChange: changes })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(0)
    scheduler.stop()
    scheduler.setPaused('suspend', true)
    scheduler.setPaused('suspend', false)
    scheduler.setHidden(true)
    expect(scheduler.status('prices').nextPollAt).toBeNull()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(prices.starts).toHaveLength(1)
  })

  it(
    'refreshNow while paused skips an endpoint in flight and one ' + 'under Retry-After until it ends',
    async () => {
      const prices = slowJob('prices', 3_000)
      const limits = recordingJob('limits', async (call) => {
        if (call === 1) throw new Failure(30_000)
      })
      const scheduler = makeScheduler([prices.job, limits.job])
      scheduler.start()
      await vi.advanceTimersByTimeAsync(1_000) // prices in flight; limits failed, not before 30 s
      scheduler.setPaused('user', true)
      scheduler.refreshNow()
      await vi.advanceTimersByTimeAsync(0)
      expect([prices.starts.length, limits.starts.length]).toEqual([1, 1])
      expect(prices.maxInFlight()).toBe(1)

      await vi.advanceTimersByTimeAsync(30_000 - 1_000 - 1) // 1 ms before the Retry-After ends
      scheduler.refreshNow()
      await vi.advanceTimersByTimeAsync(0)
      expect([prices.starts.length, limits.starts.length]).toEqual([2, 1])

      await vi.advanceTimersByTimeAsync(1) // the Retry-After ends exactly now
      scheduler.refreshNow()
      await vi.advanceTimersByTimeAsync(0)
      expect(limits.starts.map((t) => t - 1_000_000)).toEqual([0, 30_000])
      scheduler.stop()
    },
  )

  it(
    'hiding the window during a backoff keeps the backoff; while ' + 'paused or in flight it plans nothing',
    async () => {
      const failing = recordingJob('prices', async () => {
        throw new Failure()
      })
      const scheduler = makeScheduler([failing.job], {}, () => 0.999)
      scheduler.start()
      await vi.advanceTimersByTimeAsync(0) // failed once: the retry waits 999 ms
      const retryAt = scheduler.status('prices').nextPollAt
      expect(retryAt).toBe(1_000_999)
      scheduler.setHidden(true)
      expect(scheduler.status('prices').nextPollAt).toBe(retryAt)
      await vi.advanceTimersByTimeAsync(998)
      expect(failing.starts).toHaveLength(1)
      scheduler.stop()

      const prices = slowJob('prices', 3_000)
      const other = makeScheduler([prices.job])
      const startedAt = Date.now()
      other.start()
      await vi.advanceTimersByTimeAsync(1_000)
      other.setHidden(true)
      expect(other.status('prices')).toMatchObject({ inFlight: true, nextPollAt: null })
      await vi.advanceTimersByTimeAsync(2_000) // the poll ends at 3 s: the next one comes 15 s later
      expect(other.status('prices').nextPollAt).toBe(startedAt + 3_000 + HIDDEN_PRICES_CADENCE_MS)
      other.setPaused('user', true)
      other.setHidden(false)
      expect(other.status('prices').nextPollAt).toBeNull()
      other.stop()
    },
  )

  it('telling it the window is shown when it already was moves nothing', async () => {
    let cadenceMs = 5_000
    const prices = recordingJob('prices')
    const scheduler = makeScheduler([prices.job], {}, undefined, { cadenceMs: () => cadenceMs })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(0)
    cadenceMs = 20_000 // takes effect from the next poll's end, as every cadence does
    scheduler.setHidden(false)
    expect(scheduler.status('prices').nextPollAt).toBe(1_005_000)
    scheduler.stop()
  })

  it('tells onActivity as a pause begins or ends and the window hides or shows, not in between', () => {
    const changes: ActivityChange[] = []
    const scheduler = makeScheduler([recordingJob('prices').job], {}, undefined, {
      onActivity: (change) => changes.push(change),
    })
    scheduler.setPaused('suspend', true)
    scheduler.setPaused('offline', true) // paused already: the streams have nothing new to follow
    scheduler.setHidden(true)
    scheduler.setHidden(true)
    scheduler.setPaused('suspend', false)
    scheduler.setPaused('offline', false)
    scheduler.setPaused('offline', false) // a resume with nothing paused
    scheduler.setHidden(false)
    expect(changes).toEqual([
      { changed: 'paused', paused: true, hidden: false },
      { changed: 'hidden', paused: true, hidden: true },
      { changed: 'paused', paused: false, hidden: true },
      { changed: 'hidden', paused: false, hidden: false },
    ])
  })
})
