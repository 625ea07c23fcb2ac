import { describe, expect, it } from 'vitest'
import { AppCore } from '../../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../../src/main/core/app/poll-on-this-thread'
import { realClock } from '../../../src/main/core/clock'
import { MemorySecretStore } from '../../../src/main/core/secrets/secret-store'
import { simDemoMarket } from '../../../src/main/sim/server/demo-market'
import type { PortfolioUpdate } from '../../../src/shared/holdings'
import { activeList } from '../../../src/shared/watchlists'
import { cleanupAfterEach } from '../../support/cleanups'
import { until } from '../../support/polls'

/**
 * What AppCore pushes to the window about positions, over the demo simulator: after a ledger
 * change, after a new cost method, and when a held symbol's quote moves. The ledger's clock is
 * fixed (a Friday, 2026-01-09 10:00 ET), so nothing depends on today's date.
 */
const NOW = Date.parse('2026-01-09T15:00:00Z')
const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-portfolio-')

async function startCore() {
  const core = new AppCore({
    pollFeed: pollOnThisThread,
    userDataDir: tempDir(),
    keychain: new MemorySecretStore(),
    demo: simDemoMarket({ assets: 30, seed: 7 }),
    requestTimeoutMs: 3_000,
    clock: { ...realClock, now: () => NOW },
  })
  cleanups.push(() => core.stop())
  const pushes: PortfolioUpdate[] = []
  core.on('portfolio', (update) => pushes.push(update))
  await core.start()
  return { core, pushes }
}

describe('AppCore portfolio pushes', () => {
  it('pushes positions after a ledger change and a new method, valued at the feed quotes', async () => {
    const { core, pushes } = await startCore()
    const symbol = activeList(core.settings.get()).symbols[0] as string
    const buy = {
      time: '2026-01-05T10:00:00-05:00',
      symbol,
      side: 'buy',
      quantity: '2',
      price: '100',
      fee: '0',
    }
    await core.invoke('addTransaction', buy)
    await core.invoke('addTransaction', { ...buy, price: '200' })
    await core.invoke('addTransaction', {
      ...buy,
      side: 'sell',
      quantity: '2',
      price: '150',
      time: '2026-01-06T10:00:00-05:00',
    })
    const last = pushes.at(-1) as PortfolioUpdate
    expect(last.positions.map((p) => [p.symbol, p.quantity, p.cost])).toEqual([[symbol, '2', '300']])
    await until(() => core.positions.current().positions[0]?.price !== null, 'the held symbol priced')
    const valued = core.positions.current().positions[0]
    const price = core.currentSnapshot().assets.find((asset) => asset.symbol === symbol)?.price
    expect(valued?.price).toBe(price)
    // The answer the window starts from is what was pushed.
    const answer = await core.invoke('getPortfolio', undefined as never)
    expect(answer.ok && answer.value.positions).toEqual(core.positions.current().positions)
    // FIFO sells the first lot (at 100): realized 100 instead of average's 0.
    expect(last.totals.realized).toBe('0')
    await core.invoke('updateSettings', { costMethod: 'fifo' })
    expect(pushes.at(-1)?.method).toBe('fifo')
    expect(pushes.at(-1)?.totals.realized).toBe('100')
  })
})
