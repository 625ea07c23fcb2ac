import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../src/main/core/api/api-client'
import { ApiError } from '../../../src/main/core/api/api-errors'
import {
  CAPACITY_MIN_INTERVAL_MS,
  CAPACITY_REFRESH_MS,
  CapacityWatch,
} from '../../../src/main/core/service-status/capacity-watch'
import type { TradeSide } from '../../../src/shared/holdings'
import type { CapacityReading, CapacityView } from '../../../src/shared/service-status'
import { manualClock } from '../../support/manual-clock'

/**
 * The open detail's trading capacity on a manual clock, against a client that answers at once and
 * counts the asks: when an ask comes (at once, a minute later, at the 15 s floor after a refresh),
 * and when none may (before start, paused, hidden, without a client).
 */

/** Tuesday 17 November 2026, 11:32:14 ET: a trading day, whatever day the test runs. */
const NOW = Date.UTC(2026, 10, 17, 16, 32, 14)

function reading(symbol: string, side: TradeSide, maxTokens: string): CapacityReading {
  return {
    symbol,
    side,
    available: true,
    tradingOpen: true,
    maxTokens,
    maxNotionalValue: '120.20',
    remainingAttestations: null,
    reasonCode: null,
    reason: null,
  }
}

/** A client whose answers carry its name in maxTokens, so a test can tell two clients apart. */
function countingClient(maxTokens = '3.5') {
  const asked: string[] = []
  const client = {
    tradingCapacity: async (symbol: string, side: TradeSide) => {
      asked.push(`${symbol} ${side}`)
      return reading(symbol, side, maxTokens)
    },
  } as unknown as ApiClient
  return { client, asked }
}

/** Lets the client's awaited answers land. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

function watching() {
  const time = manualClock(NOW)
  const views: CapacityView[] = []
  const watch = new CapacityWatch({ clock: time.scheduler, onChange: (view) => views.push(view) })
  /** Moves the clock by `ms` and lets whatever ask that starts be answered. */
  const after = async (ms: number) => {
    time.advanceTo(time.clock.now + ms)
    await settle()
  }
  /** Gives the watch its client, starts it with XOMon open and lets the first ask be answered. */
  const started = async (client: ApiClient) => {
    watch.setClient(client)
    watch.start()
    watch.open('XOMon')
    await after(0)
  }
  return { time, views, watch, after, started }
}

describe('CapacityWatch: when it asks', () => {
  it('asks nothing before start, though a client and an open symbol are there', async () => {
    const { watch, after } = watching()
    const { client, asked } = countingClient()
    watch.setClient(client)
    watch.open('XOMon')
    expect(watch.isAsking()).toBe(false)
    await after(CAPACITY_REFRESH_MS)
    expect(asked).toEqual([])
    watch.start()
    expect(watch.isAsking()).toBe(true)
    await after(0)
    expect(asked).toEqual(['XOMon buy', 'XOMon sell'])
  })

  it('a client given after start and open is asked at once', async () => {
    const { watch, after } = watching()
    const { client, asked } = countingClient()
    watch.start()
    watch.open('XOMon')
    watch.setClient(client)
    await after(0)
    expect(asked).toEqual(['XOMon buy', 'XOMon sell'])
  })

  it('asks again a minute after an answer, or at the 15 s floor once a refresh is asked', async () => {
    const { watch, after, started } = watching()
    const { client, asked } = countingClient()
    await started(client)
    await after(CAPACITY_MIN_INTERVAL_MS)
    expect(asked).toHaveLength(2)
    await after(CAPACITY_REFRESH_MS - CAPACITY_MIN_INTERVAL_MS)
    expect(asked).toHaveLength(4)
    watch.refresh()
    await after(CAPACITY_MIN_INTERVAL_MS - 1)
    expect(asked).toHaveLength(4)
    await after(1)
    expect(asked).toHaveLength(6)
  })

  it('asks nothing while paused for any reason, and asks again once every pause is lifted', async () => {
    const { watch, after } = watching()
    const { client, asked } = countingClient()
    watch.setClient(client)
    watch.start()
    watch.setPaused('offline', true)
    watch.setPaused('suspend', true)
    watch.open('XOMon')
    expect(watch.isAsking()).toBe(false)
    watch.setPaused('offline', false)
    await after(CAPACITY_REFRESH_MS)
    expect(asked).toEqual([])
    watch.setPaused('suspend', false)
    expect(watch.isAsking()).toBe(true)
    await after(0)
    expect(asked).toEqual(['XOMon buy', 'XOMon sell'])
  })

  it('a new client forgets the old answers and asks at once, not a minute after the old asked', async () => {
    const { watch, after, views, started } = watching()
    const first = countingClient('3.5')
    await started(first.client)
    expect(watch.open('XOMon')?.buy?.maxTokens).toBe('3.5')
    const second = countingClient('4.25')
    watch.setClient(second.client)
    // The old client's answer is not shown as the new connection's.
    watch.open(null)
    expect(watch.open('XOMon')).toBeNull()
    await after(0)
    expect(second.asked).toEqual(['XOMon buy', 'XOMon sell'])
    expect(views.at(-1)?.buy?.maxTokens).toBe('4.25')
  })

  it('remembers the last 20 symbols: the 21st forgets the oldest, which is then asked at once', async () => {
    const { watch, after } = watching()
    const { client, asked } = countingClient()
    watch.setClient(client)
    watch.start()
    const symbols = Array.from({ length: 21 }, (_, index) => `S${index}on`)
    for (const symbol of symbols) {
      watch.open(symbol)
      await after(0)
    }
    expect(asked).toHaveLength(42)
    expect(watch.open('S1on')?.symbol).toBe('S1on')
    // S0on was forgotten, answer and ask time: reopened within its minute, it is asked at once.
    expect(watch.open('S0on')).toBeNull()
    await after(0)
    expect(asked.slice(-2)).toEqual(['S0on buy', 'S0on sell'])
  })
})

/** A client whose asks wait until the test answers them (`answer`), or fail when told to. */
function heldClient(options: { maxTokens?: string; rejectOnAbort?: boolean } = {}) {
  const asked: string[] = []
  const waiting = new Map<string, () => void>()
  const client = {
    tradingCapacity: (symbol: string, side: TradeSide, signal: AbortSignal) =>
      new Promise<CapacityReading>((resolve, reject) => {
        asked.push(`${symbol} ${side}`)
        waiting.set(`${symbol} ${side}`, () => resolve(reading(symbol, side, options.maxTokens ?? '3.5')))
        if (options.rejectOnAbort) signal.addEventListener('abort', () => reject(new Error('aborted')))
      }),
  } as unknown as ApiClient
  /** Answers the asks waiting (those named, or all). */
  const answer = async (...names: string[]) => {
    for (const name of names.length > 0 ? names : [...waiting.keys()]) {
      waiting.get(name)?.()
      waiting.delete(name)
    }
    await settle()
  }
  return { client, asked, answer }
}

/** A client whose every ask fails with `error`. */
function failingClient(error: Error) {
  const asked: string[] = []
  const client = {
    tradingCapacity: async (symbol: string, side: TradeSide) => {
      asked.push(`${symbol} ${side}`)
      throw error
    },
  } as unknown as ApiClient
  return { client, asked }
}

const busy = () => new ApiError({ kind: 'server', status: 503, message: 'The service is busy (HTTP 503).' })

describe('CapacityWatch: stopping, hiding and asks in flight', () => {
  it('stop cancels the planned ask and asks nothing more', async () => {
    const { watch, after, started } = watching()
    const { client, asked } = countingClient()
    await started(client)
    expect(watch.isAsking()).toBe(true)
    watch.stop()
    expect(watch.isAsking()).toBe(false)
    await after(CAPACITY_REFRESH_MS)
    expect(asked).toHaveLength(2)
  })

  it('hidden: no ask planned; shown again: the ask comes back', async () => {
    const { watch, after } = watching()
    const { client, asked } = countingClient()
    watch.setClient(client)
    watch.start()
    watch.open('XOMon')
    watch.setVisible(false)
    expect(watch.isAsking()).toBe(false)
    await after(CAPACITY_REFRESH_MS)
    expect(asked).toEqual([])
    watch.setVisible(true)
    await after(0)
    expect(asked).toEqual(['XOMon buy', 'XOMon sell'])
  })

  it('without a client nothing is planned, though started with a symbol open', () => {
    const { watch } = watching()
    watch.start()
    watch.open('XOMon')
    expect(watch.isAsking()).toBe(false)
  })

  it('an ask in flight counts as asking, and a refresh meanwhile starts no second one', async () => {
    const { watch, after, started } = watching()
    const { client, asked, answer } = heldClient()
    await started(client)
    expect(asked).toEqual(['XOMon buy'])
    expect(watch.isAsking()).toBe(true)
    watch.refresh()
    await after(CAPACITY_MIN_INTERVAL_MS)
    expect(asked).toEqual(['XOMon buy'])
    await answer()
    await answer()
    expect(asked).toEqual(['XOMon buy', 'XOMon sell'])
  })

  it('an answer from the symbol left behind does not start a second ask beside the open one', async () => {
    const { watch, after, started } = watching()
    const { client, asked, answer } = heldClient()
    await started(client)
    watch.open('CVXon')
    await after(0)
    expect(asked).toEqual(['XOMon buy', 'CVXon buy'])
    // XOMon's ask, left behind, ends while CVXon's is still in flight.
    await answer('XOMon buy')
    await answer('XOMon sell')
    await after(CAPACITY_REFRESH_MS)
    expect(asked).toEqual(['XOMon buy', 'CVXon buy', 'XOMon sell'])
  })

  it('an ask aborted by switching symbols is neither a failure nor shown', async () => {
    const { watch, after, views, started } = watching()
    const { client } = heldClient({ rejectOnAbort: true })
    await started(client)
    watch.open('CVXon')
    await after(0)
    expect(views).toEqual([])
  })

  it('a new client set while an ask is in flight is asked at once', async () => {
    const { watch, after, views, started } = watching()
    const old = heldClient({ rejectOnAbort: true })
    await started(old.client)
    const next = countingClient('4.25')
    watch.setClient(next.client)
    await after(0)
    expect(next.asked).toEqual(['XOMon buy', 'XOMon sell'])
    expect(views.map((view) => view.buy?.maxTokens)).toEqual(['4.25'])
  })

  it("the old client's late answer is not shown once a new client is set", async () => {
    const { watch, views, started } = watching()
    const old = heldClient({ maxTokens: '3.5' })
    await started(old.client)
    watch.setClient(countingClient('4.25').client)
    await old.answer()
    await old.answer()
    expect(views.map((view) => view.buy?.maxTokens)).not.toContain('3.5')
  })
})

describe('CapacityWatch: symbols, failures and what the service lacks', () => {
  it('a symbol whose buy capacity is unavailable is not asked again', async () => {
    const { watch, after, started } = watching()
    const asked: string[] = []
    const client = {
      tradingCapacity: async (symbol: string, side: TradeSide) => {
        asked.push(`${symbol} ${side}`)
        return { ...reading(symbol, side, '3.5'), available: false }
      },
    } as unknown as ApiClient
    await started(client)
    expect(asked).toHaveLength(2)
    await after(CAPACITY_REFRESH_MS)
    expect(asked).toHaveLength(2)
    expect(watch.isAsking()).toBe(false)
  })

  it('failures back off a minute, then two, then stay at the two-minute cap', async () => {
    const { after, started } = watching()
    const { client, asked } = failingClient(busy())
    await started(client)
    const asksAfter = async (ms: number) => {
      await after(ms - 1)
      const before = asked.length
      await after(1)
      return [before, asked.length]
    }
    expect(asked).toEqual(['XOMon buy'])
    expect(await asksAfter(CAPACITY_REFRESH_MS)).toEqual([1, 2])
    expect(await asksAfter(2 * CAPACITY_REFRESH_MS)).toEqual([2, 3])
    expect(await asksAfter(2 * CAPACITY_REFRESH_MS)).toEqual([3, 4])
  })

  it('reopening the symbol already open keeps its backoff', async () => {
    const { watch, after, started } = watching()
    const { client, asked } = failingClient(busy())
    await started(client)
    await after(CAPACITY_REFRESH_MS)
    expect(asked).toHaveLength(2)
    // Two failures: the next ask is two minutes away, however often the window says XOMon is open.
    watch.open('XOMon')
    await after(CAPACITY_REFRESH_MS)
    expect(asked).toHaveLength(2)
    await after(CAPACITY_REFRESH_MS)
    expect(asked).toHaveLength(3)
  })

  it("a 429's Retry-After beyond the backoff is waited out", async () => {
    const { after, started } = watching()
    const { client, asked } = failingClient(
      new ApiError({
        kind: 'rate-limited',
        status: 429,
        message: 'Too many requests.',
        retryAfterMs: 180_000,
      }),
    )
    await started(client)
    await after(180_000 - 1)
    expect(asked).toHaveLength(1)
    await after(1)
    expect(asked).toHaveLength(2)
  })

  it("switching to another symbol and back keeps the first one's minute", async () => {
    const { watch, after, started } = watching()
    const { client, asked } = countingClient()
    await started(client)
    watch.open('CVXon')
    await after(0)
    await after(20_000)
    watch.open('XOMon')
    await after(0)
    expect(asked).toHaveLength(4)
    await after(CAPACITY_REFRESH_MS - 20_000)
    expect(asked).toHaveLength(6)
  })

  it('a symbol answered again is remembered as the newest: the 21st symbol forgets another', async () => {
    const { watch, after } = watching()
    const { client } = countingClient()
    watch.setClient(client)
    watch.start()
    const symbols = Array.from({ length: 20 }, (_, index) => `S${index}on`)
    for (const symbol of symbols) {
      watch.open(symbol)
      await after(0)
    }
    watch.open('S0on')
    await after(CAPACITY_REFRESH_MS)
    watch.open('S20on')
    await after(0)
    expect(watch.open('S1on')).toBeNull()
    expect(watch.open('S0on')?.symbol).toBe('S0on')
  })
})
