import { describe, expect, it } from 'vitest'
import type { WalletBalancesView } from '../../../src/shared/wallets'
import { WALLET_READ_EVERY_MS, WalletWatch } from '../../../src/main/core/wallets/wallet-watch'
import { manualClock } from '../../support/manual-clock'

/** Issue 48, item 2: when the wallets are read, on a manual clock from Tuesday 17 November 2026, 10:30 ET. */

const START = Date.parse('2026-11-17T10:30:00-05:00')
const MINUTE = 60_000

function watched(failFirst = false) {
  const time = manualClock(START)
  const reads: number[] = []
  const seen: (number | null)[] = []
  const watch = new WalletWatch({
    clock: time.scheduler,
    read: async (): Promise<WalletBalancesView> => {
      reads.push(time.clock.now)
      if (failFirst && reads.length === 1) throw new Error('the service answered HTTP 503')
      return {
        asOf: time.clock.now,
        balances: [],
        reconciliation: [],
        notes: [],
        servicePublishes: true,
        read: [],
      }
    },
    onRead: (_view, previous) => seen.push(previous?.asOf ?? null),
  })
  /** Moves the clock and lets the readings it starts answer. */
  const at = async (ms: number) => {
    time.advanceTo(ms)
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { time, reads, seen, watch, at }
}

describe('WalletWatch', () => {
  it('reads at start and every 5 minutes while the window is shown', async () => {
    const { reads, seen, watch, at } = watched()
    watch.start()
    await at(START)
    expect(reads).toEqual([START])
    await at(START + WALLET_READ_EVERY_MS - 1)
    expect(reads).toHaveLength(1)
    await at(START + 5 * MINUTE)
    await at(START + 10 * MINUTE)
    expect(reads).toEqual([START, START + 5 * MINUTE, START + 10 * MINUTE])
    expect(seen).toEqual([null, START, START + 5 * MINUTE])
    expect(watch.current()?.asOf).toBe(START + 10 * MINUTE)
  })

  it('reads nothing while hidden or paused; at once when shown again after a reading fell due', async () => {
    const { reads, watch, at } = watched()
    watch.start()
    await at(START)
    watch.setActive(false)
    await at(START + 42 * MINUTE)
    expect(reads).toEqual([START])
    watch.setActive(true)
    await at(START + 42 * MINUTE)
    expect(reads).toEqual([START, START + 42 * MINUTE])
    // Shown again before a reading is due: it waits for its time.
    watch.setActive(false)
    await at(START + 44 * MINUTE)
    watch.setActive(true)
    await at(START + 46 * MINUTE)
    expect(reads).toHaveLength(2)
    await at(START + 47 * MINUTE)
    expect(reads).toEqual([START, START + 42 * MINUTE, START + 47 * MINUTE])
  })

  it('reads nothing before it is started, whatever the window does', async () => {
    const { reads, time, watch, at } = watched()
    watch.setActive(false)
    watch.setActive(true)
    await at(START + 10 * MINUTE)
    expect(reads).toEqual([])
    expect(time.clock.pending.size).toBe(0)
  })

  it('reads on demand, sharing a reading under way, and stops with the app', async () => {
    const { reads, time, watch, at } = watched()
    watch.start()
    const [first, second] = [watch.refresh(), watch.refresh()]
    expect(await first).toBe(await second)
    expect(reads).toEqual([START])
    await at(START + 2 * MINUTE)
    await watch.refresh()
    expect(reads).toEqual([START, START + 2 * MINUTE])
    // The next is due 5 minutes after the reading on demand, not after the one at start.
    await at(START + 5 * MINUTE)
    expect(reads).toHaveLength(2)
    watch.stop()
    await at(START + 60 * MINUTE)
    expect(reads).toHaveLength(2)
    expect(time.clock.pending.size).toBe(0)
  })

  it('reads again 5 minutes after a first reading that failed, having kept nothing from it', async () => {
    const { reads, seen, watch, at } = watched(true)
    watch.start()
    await at(START)
    expect(reads).toEqual([START])
    expect(watch.current()).toBeNull()
    await at(START + 4 * MINUTE)
    expect(reads).toHaveLength(1)
    await at(START + 5 * MINUTE)
    expect(reads).toEqual([START, START + 5 * MINUTE])
    expect(seen).toEqual([null])
    expect(watch.current()?.asOf).toBe(START + 5 * MINUTE)
  })
})
