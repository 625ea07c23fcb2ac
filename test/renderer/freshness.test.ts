import { beforeEach, describe, expect, it } from 'vitest'
import { freshnessStore } from '../../src/renderer/store/freshness'
import { clockStore, sessionStore, setClock } from '../../src/renderer/store/clock-store'
import { watchStore } from '../../src/renderer/store/watch-store'
import { statusOf } from './quote-fixtures'

/**
 * The page's freshness figures, read once per tick and per status push (store/freshness.ts), and
 * the session the badges ring: their readers are notified when a figure changes, never at a tick
 * that changes none (the idle page's cost, issue #42). Times are whole seconds, as the page ticks.
 */

/** Tuesday 17 November 2026, 11:32:10 ET: the regular session. */
const TUESDAY = Date.parse('2026-11-17T16:32:10Z')

/** Counts a store's notifications while `run` runs. */
function notificationsOf(store: { subscribe(listener: () => void): () => void }, run: () => void): number {
  let count = 0
  const unsubscribe = store.subscribe(() => (count += 1))
  try {
    run()
  } finally {
    unsubscribe()
  }
  return count
}

const ticks = (from: number, seconds: number) => {
  for (let at = from; at < from + seconds * 1000; at += 1000) setClock(at)
}

beforeEach(() => {
  setClock(TUESDAY)
  // Every endpoint answered 1.25 s before; 5 s cadences, so each turns silent past TUESDAY + 8.75 s.
  watchStore.setState({ status: statusOf({}, TUESDAY - 1_250) })
})

describe('the freshness figures (issue #42, the idle page)', () => {
  it('notifies no reader at the ticks before a threshold, and once at the tick that passes it', () => {
    expect(notificationsOf(freshnessStore, () => ticks(TUESDAY + 1_000, 8))).toBe(0)
    expect(freshnessStore.getState()).toEqual({
      pricesSilent: false,
      staleAges: { prices: null, market: null, limits: null },
    })
    expect(notificationsOf(freshnessStore, () => setClock(TUESDAY + 9_000))).toBe(1)
    expect(freshnessStore.getState()).toEqual({
      pricesSilent: true,
      staleAges: { prices: '10s', market: '10s', limits: '10s' },
    })
  })

  it('notifies at each new age text only: every second under a minute, every minute after', () => {
    setClock(TUESDAY + 9_000)
    expect(notificationsOf(freshnessStore, () => ticks(TUESDAY + 10_000, 5))).toBe(5)
    setClock(TUESDAY + 120_000)
    expect(freshnessStore.getState().staleAges.market).toBe('2m')
    expect(notificationsOf(freshnessStore, () => ticks(TUESDAY + 121_000, 50))).toBe(0)
  })

  it('notifies at a status push that freshens a silent feed, not at one that leaves it fresh', () => {
    setClock(TUESDAY + 9_000)
    expect(
      notificationsOf(freshnessStore, () => watchStore.setState({ status: statusOf({}, TUESDAY + 8_750) })),
    ).toBe(1)
    expect(freshnessStore.getState().pricesSilent).toBe(false)
    const pushes = () => {
      for (const answeredAt of [TUESDAY + 8_900, TUESDAY + 8_950])
        watchStore.setState({ status: statusOf({}, answeredAt) })
    }
    expect(notificationsOf(freshnessStore, pushes)).toBe(0)
  })
})

describe('the session the badges ring (issue #42, the idle page)', () => {
  it('notifies none of its readers at the ticks within a session, and once when the session ends', () => {
    // The regular session ends at 15:59 ET, the minute's pause before the post-market session.
    const end = 1_794_949_140_000
    expect(new Date(end).toISOString()).toBe('2026-11-17T20:59:00.000Z')
    setClock(end - 30_000)
    expect(notificationsOf(sessionStore, () => ticks(end - 29_000, 29))).toBe(0)
    expect(sessionStore.getState().phase).toBe('regular')
    expect(notificationsOf(sessionStore, () => setClock(end))).toBe(1)
    expect(sessionStore.getState()).toMatchObject({ phase: 'paused', nextPhase: 'postmarket' })
    expect(sessionStore.getState()).toBe(clockStore.getState().session)
  })
})
