import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SETTINGS_FILE_NAME } from '../../src/main/core/storage/settings-file'
import { SNAPSHOT_CACHE_FILE_NAME } from '../../src/main/core/storage/snapshot-cache'
import { type StandinApp, standinFixture } from './standin-app'

/**
 * The built app on the stand-in Electron: closing to the tray, the tray menu, quitting, and a
 * second start. The tray is the stand-in's; a test clicks its menu items as a person would.
 */

const fixture = standinFixture()

/** Every cadence long, so only a refresh asks for new data while a test watches. */
// Polled only: a streamed demo market would bring new prices between refreshes.
const QUIET_CADENCES = {
  cadences: { pricesMs: 300_000, marketMs: 3_600_000, limitsMs: 3_600_000 },
  streamAddress: 'off',
}

async function trayLabels(app: StandinApp): Promise<(string | null)[]> {
  return (await app.tray())?.menu?.map((item) => item.label) ?? []
}

/** The status bar's "Updated hh:mm:ss": when the last data arrived. */
function updatedText(app: StandinApp): Promise<string | null> {
  return app.evaluate(
    () =>
      [...document.querySelectorAll('span')].find((span) => span.textContent?.startsWith('Updated '))
        ?.textContent ?? null,
  )
}

describe('tray and quit on the stand-in', { timeout: 180_000 }, () => {
  it(
    'closes to the tray, and the tray shows, pins, pauses, refreshes ' +
      'and quits, saving settings and prices',
    async () => {
      const app = await fixture.start({ settings: QUIET_CADENCES })
      await app.pageLoaded()
      await app.waitFor({ css: '[role="row"][data-symbol] .cell-price .num' })

      // Close: the window hides, the process lives on, and the first time it says where it went.
      await app.request('closeWindow')
      expect((await app.mainWindow()).visible).toBe(false)
      await app.waitForEvent((event) => event.event === 'notification', 'the "still running" notice')
      expect((await app.notifications())[0]?.title).toBe('Tokenwatch is still running')
      await app.waitUntil(
        () => trayLabels(app),
        (labels) => labels[0] === 'Show Tokenwatch',
        'the tray to offer Show',
      )

      await app.clickTrayItem('Show Tokenwatch')
      const shown = await app.mainWindow()
      expect(shown.visible && shown.focused).toBe(true)

      await app.clickTrayItem('Pin on top')
      await app.waitUntil(
        () => app.mainWindow(),
        (window) => window.alwaysOnTop,
        'the window to be pinned',
      )
      const pinItem = (await app.tray())?.menu?.find((item) => item.label === 'Pin on top')
      expect(pinItem?.checked).toBe(true)

      await app.clickTrayItem('Pause updates')
      await app.waitUntil(
        () => trayLabels(app),
        (labels) => labels.includes('Resume updates'),
        'the tray to offer Resume',
      )
      await app.waitFor({ css: 'button[aria-label="Pause updates"][aria-pressed="true"]' })
      await app.clickTrayItem('Resume updates')
      await app.waitUntil(
        () => trayLabels(app),
        (labels) => labels.includes('Pause updates'),
        'the tray to offer Pause',
      )

      // With every cadence at minutes, only the tray's refresh brings new data in this time.
      const before = await updatedText(app)
      expect(before).toMatch(/^Updated /)
      await app.clickTrayItem('Refresh now')
      await app.waitUntil(
        () => updatedText(app),
        (text) => text !== before,
        'the refresh to bring new data',
      )

      await app.clickTrayItem('Quit Tokenwatch')
      expect(await app.exited).toBe(0)
      const settings = JSON.parse(await readFile(join(app.userDataDir, SETTINGS_FILE_NAME), 'utf8'))
      expect(settings.pinned).toBe(true)
      const cache = JSON.parse(await readFile(join(app.userDataDir, SNAPSHOT_CACHE_FILE_NAME), 'utf8'))
      const symbols = cache.assets.map((asset: { symbol: string }) => asset.symbol)
      expect(symbols).toContain('AAPLon')
      expect(cache.assets.find((asset: { symbol: string }) => asset.symbol === 'AAPLon').price).toMatch(
        /^\d+\.\d+$/,
      )
    },
  )

  it('saves prices when Windows ends the session, where before-quit and will-quit never come', async () => {
    const app = await fixture.start({ settings: QUIET_CADENCES })
    await app.pageLoaded()
    await app.waitFor({ css: '[role="row"][data-symbol] .cell-price .num' })
    await rm(join(app.userDataDir, SNAPSHOT_CACHE_FILE_NAME), { force: true })

    await app.request('osEvent', { name: 'session-end' })
    // Done within the OS's grace: the app exits by itself (the OS would end it with 1).
    expect(await app.exited).toBe(0)
    const cache = JSON.parse(await readFile(join(app.userDataDir, SNAPSHOT_CACHE_FILE_NAME), 'utf8'))
    const aapl = cache.assets.find((asset: { symbol: string }) => asset.symbol === 'AAPLon')
    expect(aapl?.price).toMatch(/^\d+\.\d+$/)
  })

  it('a second start focuses the first and exits', async () => {
    const first = await fixture.start()
    await first.pageLoaded()
    await first.request('closeWindow')
    expect((await first.mainWindow()).visible).toBe(false)

    const second = await fixture.start({ userDataDir: first.userDataDir })
    expect(await second.exited).toBe(0)
    expect(second.events.some((event) => event.event === 'window-created')).toBe(false)
    await first.waitForEvent(
      (event) => event.event === 'second-instance',
      'the first instance to hear of the second',
    )
    const window = await first.waitUntil(
      () => first.mainWindow(),
      (shown) => shown.visible,
      'the window to come back',
    )
    expect(window.focused).toBe(true)
  })
})
