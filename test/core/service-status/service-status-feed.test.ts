import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../src/main/core/api/api-client'
import { ApiError } from '../../../src/main/core/api/api-errors'
import {
  STATUS_CADENCE_MS,
  ServiceStatusFeed,
} from '../../../src/main/core/service-status/service-status-feed'
import type { AssetPauseReading } from '../../../src/shared/service-status'
import { manualClock } from '../../support/manual-clock'
import { scheduledPause } from '../../support/pause-readings'

/**
 * The status feed on a manual clock against scripted answers (the simulator-backed tests are in
 * test/core/feed/service-status-feed.test.ts): stopping, being shown again after a hidden wait,
 * which job reads what, how long the service's market reading is trusted, and a late answer from
 * a client replaced meanwhile.
 */

/** Tuesday 17 November 2026, 11:32:14 ET: the regular session. */
const NOW = Date.UTC(2026, 10, 17, 16, 32, 14)
const marketAnswer = (marketStatus: string) => ({
  available: true,
  value: { marketStatus, isOpen: marketStatus === 'regular', timestamp: NOW },
})
const regular = async () => marketAnswer('regular')
const noPauses = async (): Promise<AssetPauseReading[]> => []
/** An answer that never comes. */
const never = () => new Promise<never>(() => undefined)

function feeding(script: { market?: () => Promise<unknown>; pauses?: () => Promise<AssetPauseReading[]> }) {
  const time = manualClock(NOW)
  const asked: string[] = []
  let changes = 0
  const clientOf = (market: () => Promise<unknown>) =>
    ({
      marketStatus: () => {
        asked.push('marketStatus')
        return market()
      },
    }) as unknown as ApiClient
  const feed = new ServiceStatusFeed({
    onChange: () => void (changes += 1),
    log: () => undefined,
    clock: time.scheduler,
    random: () => 0.5,
    readPauses: () => {
      asked.push('assetPauses')
      return (script.pauses ?? noPauses)()
    },
  })
  feed.setClient(clientOf(script.market ?? regular))
  const after = async (ms: number) => {
    time.advanceTo(time.clock.now + ms)
    await new Promise((resolve) => setImmediate(resolve))
  }
  const count = (job: string) => asked.filter((name) => name === job).length
  return { feed, asked, count, after, clientOf, time, changes: () => changes }
}

describe('ServiceStatusFeed on a manual clock', () => {
  it('before any answer the market reads from the calendar', () => {
    const { feed } = feeding({})
    expect(feed.view().market).toMatchObject({ source: 'calendar', marketStatus: 'regular' })
  })

  it('stop ends the polls', async () => {
    const { feed, asked, after } = feeding({})
    feed.start()
    await after(0)
    expect(asked).toEqual(['marketStatus', 'assetPauses'])
    feed.stop()
    await after(5 * STATUS_CADENCE_MS)
    expect(asked).toHaveLength(2)
  })

  it('shown again: asked at once when a reading is a cadence old, not when it is half of one', async () => {
    const { feed, asked, after } = feeding({})
    feed.start()
    await after(0)
    feed.setHidden(true)
    await after(30_000)
    feed.setHidden(false)
    await after(0)
    expect(asked).toHaveLength(2)
    // Hidden again: the polls due at the minute run, the next ones five minutes later.
    feed.setHidden(true)
    await after(30_000)
    expect(asked).toHaveLength(4)
    await after(STATUS_CADENCE_MS)
    expect(asked).toHaveLength(4)
    feed.setHidden(false)
    await after(0)
    expect(asked).toHaveLength(6)
  })

  it('one job without an answer yet makes the reading outdated when shown, and only then', async () => {
    const { feed, count, after } = feeding({ pauses: never })
    feed.start()
    await after(0)
    feed.setHidden(false)
    feed.setHidden(true)
    await after(0)
    expect(count('marketStatus')).toBe(1)
    await after(30_000)
    feed.setHidden(false)
    await after(0)
    expect(count('marketStatus')).toBe(2)
  })

  it('the market job asks the market status and the pauses job the pauses', async () => {
    const busy = new ApiError({ kind: 'server', status: 503, message: 'The service is busy (HTTP 503).' })
    const { feed, after } = feeding({ market: () => Promise.reject(busy) })
    feed.start()
    await after(0)
    expect(feed.endpointStatus('marketStatus').lastError?.message).toBe('The service is busy (HTTP 503).')
    expect(feed.endpointStatus('assetPauses').lastError).toBeNull()
    expect(feed.problem()).toBe('The service is busy (HTTP 503).')
  })

  it("the service's reading is trusted for three cadences, then the calendar's", async () => {
    let calls = 0
    const busy = new ApiError({ kind: 'server', status: 503, message: 'The service is busy (HTTP 503).' })
    const { feed, after, time } = feeding({
      market: () => (calls++ === 0 ? regular() : Promise.reject(busy)),
    })
    feed.start()
    await after(0)
    await after(3 * STATUS_CADENCE_MS)
    expect(time.clock.now).toBe(NOW + 3 * STATUS_CADENCE_MS)
    expect(feed.view().market.source).toBe('service')
    await after(1)
    expect(feed.view().market.source).toBe('calendar')
  })

  it('a new client is asked at once, not a cadence after the old one was', async () => {
    const { feed, asked, after, clientOf } = feeding({})
    feed.start()
    await after(0)
    await after(20_000)
    expect(asked).toEqual(['marketStatus', 'assetPauses'])
    feed.setClient(clientOf(regular))
    await after(0)
    expect(asked).toEqual(['marketStatus', 'assetPauses', 'marketStatus', 'assetPauses'])
  })

  it("tells of the pauses read, and drops a replaced client's late pauses", async () => {
    const split = scheduledPause('LLYon', NOW - 3_600_000, NOW + 7_200_000, {
      status: 'active',
      reason: 'stock_split',
      updateSharesMultiplier: true,
    })
    let answerPauses: (readings: AssetPauseReading[]) => void = () => undefined
    const { feed, after, clientOf, changes } = feeding({
      pauses: () => new Promise((resolve) => (answerPauses = resolve)),
    })
    feed.start()
    await after(0)
    const told = changes()
    answerPauses([split])
    await after(0)
    expect(changes()).toBeGreaterThan(told)
    expect(feed.view().publishes.assetPauses).toBe(true)
    expect(feed.view().pauses).not.toBeNull()
    // The next reading's answer comes after a new client was set: not the new service's pauses.
    await after(STATUS_CADENCE_MS)
    feed.setClient(clientOf(never))
    answerPauses([split])
    await after(0)
    expect(feed.view().pauses).toBeNull()
    expect(feed.view().publishes.assetPauses).toBeNull()
  })

  it('a late answer from a client replaced meanwhile is dropped', async () => {
    let answerOld: (answer: unknown) => void = () => undefined
    const { feed, after, clientOf } = feeding({
      market: () => new Promise((resolve) => (answerOld = resolve)),
    })
    feed.start()
    await after(0)
    feed.setClient(clientOf(never))
    answerOld(marketAnswer('paused'))
    await after(0)
    expect(feed.view().market).toMatchObject({ source: 'calendar', marketStatus: 'regular' })
    expect(feed.view().publishes.marketStatus).toBeNull()
  })
})
