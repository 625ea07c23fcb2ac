import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AppCore } from '../../../../src/main/core/app/app-core'
import { MemorySecretStore } from '../../../../src/main/core/secrets/secret-store'
import { WorkerPollFeed } from '../../../../src/main/core/feed/worker/worker-poll-feed'
import type { DayCandlesView } from '../../../../src/shared/day-candles'
import { isNonNegativeDecimalString } from '../../../../src/shared/decimal'
import { simDemoMarket } from '../../../../src/main/sim/server/demo-market'
import { cleanupAfterEach } from '../../../support/cleanups'

/**
 * The 1D chart's minutes in the app: the window's setChartSymbol (checked in main) crosses to the
 * poll worker, whose CandleStream streams from the demo simulator's gRPC, and the minutes come back
 * as `dayCandles` events; null stops them. The demo market runs on the real clock, so only what
 * holds at any hour is checked: the symbol asked, streamed, its minutes decimal strings in order.
 */

const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-worker-day-candles-')

describe('the 1D chart’s minutes in the app', () => {
  it('stream in the poll worker for the symbol the chart shows', { timeout: 60_000 }, async () => {
    const core = new AppCore({
      userDataDir: tempDir(),
      keychain: new MemorySecretStore(),
      demo: simDemoMarket({ assets: 60, seed: 7 }),
      pollFeed: (events) =>
        new WorkerPollFeed(events, {
          script: join(__dirname, '../../../../src/main/poll-worker.ts'),
          execArgv: ['--import', 'tsx'],
        }),
    })
    const views: DayCandlesView[] = []
    let filled: () => void = () => {}
    const streamedWithDay = new Promise<void>((resolve) => (filled = resolve))
    core.on('dayCandles', (view) => {
      views.push(view)
      if (
        view.state === 'streaming' &&
        view.live !== null &&
        views.some((one) => (one.closed?.length ?? 0) > 1)
      )
        filled()
    })
    cleanups.push(() => core.stop())
    await core.start()
    expect(await core.invoke('setChartSymbol', { symbol: 'AAPLon?' })).toMatchObject({ ok: false })
    expect(await core.invoke('setChartSymbol', { symbol: 'AAPLon' })).toEqual({ ok: true, value: null })
    await streamedWithDay
    expect(views.every((view) => view.symbol === 'AAPLon')).toBe(true)
    const closed = views.findLast((view) => view.closed !== null)?.closed ?? []
    for (const [i, minute] of closed.entries()) {
      expect([minute.open, minute.high, minute.low, minute.close].every(isNonNegativeDecimalString)).toBe(
        true,
      )
      if (i > 0) expect(minute.t).toBeGreaterThan((closed[i - 1] as (typeof closed)[number]).t)
    }
  })
})
