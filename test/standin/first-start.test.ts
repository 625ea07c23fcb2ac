import { describe, expect, it } from 'vitest'
import { type StandinApp, standinFixture } from './standin-app'

/**
 * The built app on the stand-in Electron: its first start (no key, so demo mode). The stand-in is
 * not Electron; see test/standin/README.md for what this does and does not show.
 */

const fixture = standinFixture()

async function startApp(): Promise<StandinApp> {
  const app = await fixture.start()
  await app.pageLoaded()
  return app
}

/** The first row's price text. */
function firstPrice(app: StandinApp): Promise<string | null> {
  return app.text({ css: '[role="row"][data-symbol] .cell-price .num' })
}

describe('first start on the stand-in', { timeout: 120_000 }, () => {
  it('opens a visible window in demo mode whose prices move', async () => {
    const app = await startApp()
    await app.waitFor({ text: 'DEMO', exact: true })
    const window = await app.mainWindow()
    expect(window.visible).toBe(true)
    // Served by main (app-protocol.ts), not read from file://.
    expect(window.url).toBe('app://tokenwatch/index.html')

    const before = await firstPrice(app)
    expect(before).toMatch(/\d+\.\d{2}/)
    // The demo simulator walks prices on the app's (fixed, Tuesday late morning) clock.
    const after = await app.waitUntil(
      () => firstPrice(app),
      (price) => price !== before,
      'the price to move',
      30_000,
    )
    expect(after).toMatch(/\d+\.\d{2}/)
    expect((await app.mainWindow()).pageErrors.filter((e) => !e.includes("'frame-ancestors'"))).toEqual([])
  })
})
