import { describe, expect, it } from 'vitest'
import { standinFixture } from './standin-app'

/**
 * The built app on the stand-in Electron, first start (demo mode): its poll worker streams prices
 * from the demo simulator's gRPC port, and the status bar says so. The stand-in is not Electron;
 * see test/standin/README.md for what this does and does not show.
 */

const fixture = standinFixture()

describe('demo mode streams on the stand-in', { timeout: 120_000 }, () => {
  it('says "Live: streaming since" and the prices move', async () => {
    const app = await fixture.start()
    await app.pageLoaded()
    const line = await app.waitUntil(
      () => app.text({ css: '.status-cadence' }),
      (text) => text?.startsWith('Live: streaming since') ?? false,
      'the status bar to say prices stream',
      60_000,
    )
    expect(line).toMatch(/^Live: streaming since \d{1,2}:\d{2}:\d{2}/)
    const price = () => app.text({ css: '[role="row"][data-symbol] .cell-price .num' })
    const before = await price()
    await app.waitUntil(price, (now) => now !== before, 'a streamed price to move', 30_000)
    expect((await app.mainWindow()).pageErrors.filter((e) => !e.includes("'frame-ancestors'"))).toEqual([])
  })
})
