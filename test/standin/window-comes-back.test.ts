import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SETTINGS_FILE_NAME } from '../../src/main/core/storage/settings-file'
import { SNAPSHOT_CACHE_FILE_NAME } from '../../src/main/core/storage/snapshot-cache'
import { alertAtPostmarketOpen, BEFORE_POSTMARKET, loadThenCloseToTray } from './app-steps'
import { standinFixture } from './standin-app'

/**
 * The built app on the stand-in Electron: the ways a hidden window comes back (a click on an
 * alert's notification, macOS's 'activate'), and closing the window when the app is set not to
 * keep running in the tray.
 */

const fixture = standinFixture()

describe('the window comes back on the stand-in', { timeout: 180_000 }, () => {
  it('a click on an alert notification shows the window on that symbol', async () => {
    // A minute before the post-market session opens: its session alert fires at 16:01:00.
    const app = await fixture.start({ marketTime: BEFORE_POSTMARKET })
    await loadThenCloseToTray(app)

    const shown = await alertAtPostmarketOpen(app)
    expect(shown.title).toBe('Tokenwatch · AAPLon')
    expect((await app.mainWindow()).visible).toBe(false)

    await app.clickNotification(Number(shown.id))
    const window = await app.waitUntil(
      () => app.mainWindow(),
      (state) => state.visible,
      'the window to come back',
    )
    expect(window.focused).toBe(true)
    // The detail panel opens on the alerted symbol, not whatever row was selected before.
    await app.waitFor({ css: 'aside.detail' })
    expect(await app.text({ css: '#detail-title' })).toContain('AAPLon')
  })

  it(
    'a click on an alert notification after the window was destroyed ' + 'opens a new one on that symbol',
    async () => {
      const app = await fixture.start({ marketTime: BEFORE_POSTMARKET })
      await app.pageLoaded()
      await app.waitFor({ css: '[role="row"][data-symbol="AAPLon"] .cell-price .num' })
      const shown = await alertAtPostmarketOpen(app)

      await app.request('destroyWindow')
      await app.waitForEvent((event) => event.event === 'window-closed', 'the window to be gone')
      // The click makes a new window and asks it, while it loads, to show the symbol.
      await app.clickNotification(Number(shown.id))
      await app.waitUntil(
        () => app.windows(),
        (windows) => windows.some((window) => !window.destroyed && window.visible),
        'a new window',
      )
      await app.waitFor({ css: 'aside.detail' })
      expect(await app.text({ css: '#detail-title' })).toContain('AAPLon')
    },
  )

  it("shows the hidden window on macOS's activate (a Dock click, or opening the app again)", async () => {
    const app = await fixture.start()
    await loadThenCloseToTray(app)

    await app.request('osEvent', { name: 'activate' })
    const window = await app.waitUntil(
      () => app.mainWindow(),
      (state) => state.visible,
      'the window to come back',
    )
    expect(window.focused).toBe(true)
  })

  it(
    'quits on close, saving settings and prices, when it is set not ' + 'to keep running in the tray',
    async () => {
      const app = await fixture.start({ settings: { closeToTray: false } })
      await app.pageLoaded()
      await app.waitFor({ css: '[role="row"][data-symbol="AAPLon"] .cell-price .num' })
      await app.click({ role: 'button', name: 'Keep on top', exact: true })
      await app.waitUntil(
        () => app.mainWindow(),
        (state) => state.alwaysOnTop,
        'the window to be pinned',
      )

      await app.request('closeWindow')
      await app.waitForEvent((event) => event.event === 'exit', 'the app to quit')
      expect(await app.exited).toBe(0)
      // No "still running" notice: it is not running.
      expect(app.events.some((event) => event.event === 'notification')).toBe(false)
      const settings = JSON.parse(await readFile(join(app.userDataDir, SETTINGS_FILE_NAME), 'utf8'))
      expect(settings.pinned).toBe(true)
      expect(settings.closeToTray).toBe(false)
      const cache = JSON.parse(await readFile(join(app.userDataDir, SNAPSHOT_CACHE_FILE_NAME), 'utf8'))
      const aapl = cache.assets.find((asset: { symbol: string }) => asset.symbol === 'AAPLon')
      expect(aapl?.price).toMatch(/^\d+\.\d+$/)
    },
  )
})
