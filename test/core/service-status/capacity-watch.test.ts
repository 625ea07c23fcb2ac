import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../src/main/core/api/api-client'
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
  return { time, views, watch, after }
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
    const { watch, after } = watching()
    const { client, asked } = countingClient()
    watch.setClient(client)
    watch.start()
    watch.open('XOMon')
    await after(0)
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
    const { watch, after, views } = watching()
    const first = countingClient('3.5')
    watch.setClient(first.client)
    watch.start()
    watch.open('XOMon')
    await after(0)
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
