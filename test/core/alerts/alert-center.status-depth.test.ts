import { describe, expect, it, vi } from 'vitest'
import { AlertCenter } from '../../../src/main/core/alerts/alert-center'
import type { HeldDepthUpdate } from '../../../src/main/core/feed/stream/held-depth-stream'
import { calendarOnlyReading } from '../../../src/main/core/service-status/market-cross-check'
import type { AlertFiring, AlertLogEntry } from '../../../src/shared/alerts'
import type { DepthLadder } from '../../../src/shared/depth'
import type { Snapshot } from '../../../src/shared/domain'
import type { AssetPauseReading } from '../../../src/shared/service-status'
import { makeTempDir } from '../storage/storage-helpers'
import { manualClock } from '../../support/manual-clock'
import {
  LLY,
  quote,
  split,
  SPLIT_END,
  SPLIT_START,
  SPLIT_WINDOW,
  SYMBOL,
  tight,
  wide,
} from './alert-fixtures'

/**
 * What the alert center hears besides snapshots, on a clock the test moves: the service's status
 * (asset pauses, the pauses a multiplier change is said to come with), the held depth stream's
 * pushes (depth alerts fire on them, and say why they are idle), and firings no alert makes.
 */

const HOUR = 3_600_000
const SOURCE = { baseUrl: 'https://api.example.test', demo: false }

async function centerWith(start: number, input: Record<string, unknown>, { listenIdle = true } = {}) {
  const time = manualClock(start)
  const fired: { entry: AlertLogEntry; unread: number }[] = []
  const unreadChanges: number[] = []
  const idles: Record<string, string>[] = []
  const onIdleChange = (idle: Record<string, string>) => void idles.push(idle)
  const center = new AlertCenter({
    userDataDir: makeTempDir('tw-alert-center-'),
    clock: time.scheduler,
    onFired: (entry, unread) => fired.push({ entry, unread }),
    onUnreadChange: (unread) => unreadChanges.push(unread),
    ...(listenIdle ? { onIdleChange } : {}),
  })
  await center.load()
  const [alert] = await center.file.create({ cooldownMs: 0, ...input })
  return { center, time, fired, unreadChanges, idles, id: alert?.id as string }
}

/** LLYon priced at 812.40 with this shares multiplier, live at `at`. */
function llyAt(at: number, sharesMultiplier: string): Snapshot {
  const asset = quote({ price: '812.40', priceTimestamp: at, sharesMultiplier }, LLY)
  return { asOf: at, source: SOURCE, assets: [asset], errors: [] }
}

describe('the service’s status', () => {
  it('fires an asset-pause alert on a new answer at once, with no new snapshot', async () => {
    const { center, time, fired } = await centerWith(SPLIT_START - 8 * HOUR, {
      symbol: LLY,
      condition: { kind: 'asset-pause' },
    })
    const status = (pauses: AssetPauseReading[]) => ({ market: calendarOnlyReading(time.clock.now), pauses })
    center.serviceStatusChanged(status([]), llyAt(SPLIT_START - 8 * HOUR, '1'))
    // Waits for that evaluation (the first answer, only remembered) and makes one more of its own.
    await center.evaluate(llyAt(SPLIT_START - 8 * HOUR, '1'))
    time.advanceTo(SPLIT_START - 7 * HOUR)
    center.serviceStatusChanged(status([split()]), llyAt(SPLIT_START - 7 * HOUR, '1'))
    await vi.waitFor(() =>
      expect(fired.map(({ entry }) => entry.message)).toEqual([
        `LLYon: Stock split pause announced ${SPLIT_WINDOW}; the multiplier will change`,
      ]),
    )
  })

  it('says a multiplier change came with the split pause, seen after it left the answer', async () => {
    const { center, time, fired } = await centerWith(SPLIT_START + HOUR, {
      symbol: LLY,
      condition: { kind: 'multiplier-change' },
    })
    const market = calendarOnlyReading(SPLIT_START)
    center.serviceStatusChanged({ market, pauses: [split({ status: 'active' })] }, llyAt(SPLIT_START, '1'))
    await center.evaluate(llyAt(SPLIT_START + HOUR, '1'))
    // The split took effect at 04:00; an hour later the service lists the pause no more.
    time.advanceTo(SPLIT_END + HOUR)
    center.serviceStatusChanged({ market, pauses: [] }, llyAt(SPLIT_END + HOUR, '1'))
    await center.evaluate(llyAt(SPLIT_END + HOUR, '4.0312'))
    expect(fired.map(({ entry }) => entry.message)).toEqual([
      'LLYon shares multiplier changed from 1 to 4.0312 (x4.0312), ' +
        `in the announced stock split pause ${SPLIT_WINDOW}`,
    ])
  })

  it('keeps a pause with no end given while it is listed, and drops it once it is not', async () => {
    const { center, time, fired } = await centerWith(SPLIT_START, {
      symbol: LLY,
      condition: { kind: 'multiplier-change' },
    })
    const market = calendarOnlyReading(SPLIT_START)
    const untimed = split({ status: 'active', type: 'unscheduled', end: null })
    const step = async (at: number, pauses: AssetPauseReading[], multiplier: string) => {
      time.advanceTo(at)
      center.serviceStatusChanged({ market, pauses }, llyAt(at, multiplier))
      await center.evaluate(llyAt(at, multiplier))
    }
    await step(SPLIT_START, [untimed], '1')
    await step(SPLIT_START + HOUR, [untimed], '4')
    await step(SPLIT_START + 2 * HOUR, [], '4')
    await step(SPLIT_START + 3 * HOUR, [], '8')
    expect(fired.map(({ entry }) => entry.message)).toEqual([
      'LLYon shares multiplier changed from 1 to 4 (x4), in the announced stock split pause' +
        ' from Nov 16, 19:50:00 ET, end not given',
      'LLYon shares multiplier changed from 4 to 8 (x2)',
    ])
  })
})

describe('the held depth stream’s pushes', () => {
  const streaming = (...ladders: DepthLadder[]): HeldDepthUpdate => ({
    state: 'streaming',
    reason: null,
    ladders: ladders.map((ladder) => ({ ladder, receivedAt: 0 })),
  })
  const notStreaming = (state: HeldDepthUpdate['state'], reason: string): HeldDepthUpdate => ({
    state,
    reason,
    ladders: [],
  })
  const TUESDAY_11 = Date.parse('2026-11-17T11:00:00-05:00')
  const snapshot: Snapshot = { asOf: TUESDAY_11, source: SOURCE, assets: [], errors: [] }
  const spread = { symbol: SYMBOL, condition: { kind: 'spread-bp', thresholdBp: '25' } }

  it('fire a spread alert, keep the last ladder while streaming, and say why the alert is idle', async () => {
    const { center, fired, idles, id } = await centerWith(TUESDAY_11, spread)
    // No snapshot yet: nothing to evaluate, but the alert says why it waits.
    center.depthUpdate(notStreaming('connecting', 'connecting'), null)
    expect(idles).toEqual([{ [id]: 'no depth: connecting' }])
    center.depthUpdate(streaming(tight), snapshot)
    await vi.waitFor(() => expect(idles).toEqual([{ [id]: 'no depth: connecting' }, {}]))
    // A push without this symbol's ladder keeps the last one; the next one is wide.
    center.depthUpdate(streaming(), snapshot)
    await center.evaluate(snapshot)
    center.depthUpdate(streaming(wide), snapshot)
    await vi.waitFor(() => expect(fired).toHaveLength(1))
    expect(fired[0]?.entry.message).toBe(
      'AAPLon depth spread 26.94 bp of the mid (bid 100.10, ask 100.37), alert above 25 bp',
    )
    // Told only when the reasons change.
    expect(idles).toEqual([{ [id]: 'no depth: connecting' }, {}])

    // A stream that stops keeps no ladder: streaming again, this symbol has none yet.
    center.depthUpdate(notStreaming('off', 'paused'), snapshot)
    await vi.waitFor(() => expect(idles.at(-1)).toEqual({ [id]: 'no depth: paused' }))
    center.depthUpdate(streaming(), snapshot)
    await vi.waitFor(() => expect(idles.at(-1)).toEqual({ [id]: 'no depth yet' }))
    expect(center.idleAlerts()).toEqual({ [id]: 'no depth yet' })
    expect(fired).toHaveLength(1)
  })

  it('keep the idle reasons without a listener for them', async () => {
    const { center, id } = await centerWith(TUESDAY_11, spread, { listenIdle: false })
    center.depthUpdate(notStreaming('off', 'not connected'), null)
    expect(center.idleAlerts()).toEqual({ [id]: 'no depth: not connected' })
  })
})

describe('firings no alert makes', () => {
  it('are logged unread and notified as an alert’s are; none is nothing', async () => {
    const { center, fired, unreadChanges } = await centerWith(SPLIT_START, {
      symbol: LLY,
      condition: { kind: 'asset-pause' },
    })
    const balance: AlertFiring = {
      alertId: 'wallet-balance',
      symbol: LLY,
      kind: 'wallet-balance',
      message: 'Wallet "Trading": LLYon on Ethereum -1.25 (3.5 → 2.25)',
      value: '-1.25',
      at: SPLIT_START,
      sound: true,
    }
    await center.announce([])
    expect(center.log.entries()).toEqual([])
    await center.announce([balance])
    expect(fired).toEqual([{ entry: { ...balance, read: false }, unread: 1 }])
    expect(unreadChanges).toEqual([1])
    expect(center.log.entries()).toEqual([{ ...balance, read: false }])
  })
})
