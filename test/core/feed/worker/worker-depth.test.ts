import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AppCore } from '../../../../src/main/core/app/app-core'
import { MemorySecretStore } from '../../../../src/main/core/secrets/secret-store'
import { WorkerPollFeed } from '../../../../src/main/core/feed/worker/worker-poll-feed'
import type { DepthView } from '../../../../src/shared/depth'
import type { AtBidsView } from '../../../../src/shared/at-bids'
import { simDemoMarket } from '../../../../src/main/sim/server/demo-market'
import { cleanupAfterEach } from '../../../support/cleanups'

/**
 * The open symbol's depth in the app: the window's setDepthSymbol (checked in main) reaches the poll
 * worker, whose DepthStream streams from the demo simulator's gRPC, and the ladder comes back as a
 * `depth` event. The demo market runs on the real clock, so only what holds at any hour is checked:
 * a streamed view of the symbol asked, with a ladder (levels, or the market's error).
 */

const TSX = ['--import', 'tsx']
const APP_WORKER = join(__dirname, '../../../../src/main/poll-worker.ts')

const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-worker-depth-')

describe('depth in the app', () => {
  it(
    'streams in the poll worker for the symbol the window asks, and ' + 'refuses a bad symbol',
    { timeout: 60_000 },
    async () => {
      const core = new AppCore({
        userDataDir: tempDir(),
        keychain: new MemorySecretStore(),
        demo: simDemoMarket({ assets: 60, seed: 7 }),
        requestTimeoutMs: 3_000,
        pollFeed: (events) => new WorkerPollFeed(events, { script: APP_WORKER, execArgv: TSX }),
      })
      const views: DepthView[] = []
      let streamed: () => void = () => {}
      const firstLadder = new Promise<void>((resolve) => (streamed = resolve))
      core.on('depth', (view) => {
        views.push(view)
        if (view.state === 'streaming') streamed()
      })
      cleanups.push(() => core.stop())
      await core.start()
      expect(await core.invoke('setDepthSymbol', { symbol: '../etc' })).toMatchObject({ ok: false })
      expect(await core.invoke('setDepthSymbol', { symbol: 'AAPLon', extra: 1 })).toMatchObject({ ok: false })
      expect(await core.invoke('setDepthSymbol', { symbol: 'AAPLon' })).toEqual({ ok: true, value: null })
      await firstLadder
      const view = views.find((candidate) => candidate.state === 'streaming')!
      expect(view.symbol).toBe('AAPLon')
      expect(view.ladder?.symbol).toBe('AAPLon')
      expect(view.ladder!.error !== null || view.ladder!.asks.length > 0).toBe(true)
      expect(views.every((candidate) => candidate.symbol === 'AAPLon')).toBe(true)
    },
  )

  it(
    'values a held position at its bids: its ladder streams in the poll worker, the view reaches main',
    { timeout: 60_000 },
    async () => {
      const core = new AppCore({
        userDataDir: tempDir(),
        keychain: new MemorySecretStore(),
        demo: simDemoMarket({ assets: 60, seed: 7 }),
        requestTimeoutMs: 3_000,
        pollFeed: (events) => new WorkerPollFeed(events, { script: APP_WORKER, execArgv: TSX }),
      })
      let laddered: (view: AtBidsView) => void = () => {}
      const firstLadder = new Promise<AtBidsView>((resolve) => (laddered = resolve))
      core.on('atBids', (view) => {
        if (view.state === 'streaming' && view.positions[0]?.receivedAt !== null) laddered(view)
      })
      cleanups.push(() => core.stop())
      await core.start()
      expect(await core.invoke('getAtBids', undefined)).toMatchObject({ ok: true, value: { positions: [] } })
      const bought = await core.invoke('addTransaction', {
        symbol: 'AAPLon',
        time: '2025-11-18T10:30:00-05:00',
        side: 'buy',
        quantity: '3.5',
        price: '120.20',
        fee: '0.10',
      })
      expect(bought.ok).toBe(true)
      const view = await firstLadder
      // At any hour: a value, more than the ladder holds, or the market's word for why not.
      expect(view.positions).toEqual([expect.objectContaining({ symbol: 'AAPLon' })])
      expect(['value', 'short', 'none']).toContain(view.positions[0]!.kind)
      expect(await core.invoke('getAtBids', undefined)).toEqual({ ok: true, value: core.atBids.current() })
    },
  )
})
