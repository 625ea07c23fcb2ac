import { describe, expect, it } from 'vitest'
import { alertAtPostmarketOpen, BEFORE_POSTMARKET, loadThenCloseToTray } from './app-steps'
import { standinFixture } from './standin-app'

/**
 * The built app on the stand-in playing Windows, macOS and Linux (TOKENWATCH_STANDIN_PLATFORM):
 * each platform's notification rules and the Windows tray tooltip's 127 characters, as
 * test/standin/electron/desktop.cjs models them from Electron's source and documents.
 */

const fixture = standinFixture()

/** 12:00 ET on Saturday 21 November 2026: every token is in its off-hours. */
const SATURDAY_NOON = Date.UTC(2026, 10, 21, 17, 0, 0)

describe("Electron's per-platform rules on the stand-in", { timeout: 180_000 }, () => {
  it(
    'Windows: a toast clicked in the Action Center after it timed ' +
      'out and was collected brings the window back',
    async () => {
      const app = await fixture.start({ platform: 'win32' })
      await loadThenCloseToTray(app)
      const notice = await app.waitForEvent(
        (event) => event.event === 'notification',
        'the "still running" toast',
      )

      // Timed out into the Action Center: Electron emits 'close', and an object nobody holds goes.
      await app.timeOutNotification(Number(notice.id))
      await app.collectGarbage()
      expect((await app.notifications())[0]).toMatchObject({ state: 'action-center', collected: true })

      await app.clickNotification(Number(notice.id))
      const window = await app.waitUntil(
        () => app.mainWindow(),
        (state) => state.visible,
        'the window to come back from the Action Center click',
      )
      expect(window.focused).toBe(true)
    },
  )

  it('macOS: an unsigned build whose notification failed says it in the window and logs it', async () => {
    const app = await fixture.start({ platform: 'darwin' })
    await loadThenCloseToTray(app)
    await app.waitForEvent((event) => event.event === 'notification-failed', 'the refused notification')
    expect(app.events.some((event) => event.event === 'notification')).toBe(false)

    await app.waitFor({ within: { css: '.toast' }, text: 'Tokenwatch is still running' }, 'attached')
    expect(app.output).toContain('A desktop notification could not be shown')
  })

  it("Linux: an alert's note reaches a markup-reading notification server as it was typed", async () => {
    const note = 'Sell <b>half</b> if A & B < 3'
    const app = await fixture.start({ marketTime: BEFORE_POSTMARKET })
    await app.pageLoaded()
    const shown = await alertAtPostmarketOpen(app, note)

    const [notification] = (await app.notifications()).filter((candidate) => candidate.id === shown.id)
    expect(notification?.shownBody).toContain(note)
  })

  it('Windows: the tray tooltip fits the 127 characters Windows keeps, so nothing of it is cut', async () => {
    const app = await fixture.start({ platform: 'win32', marketTime: SATURDAY_NOON })
    await app.pageLoaded()
    const tray = await app.waitUntil(
      () => app.tray(),
      (shown) => /Last data/.test(shown?.tooltipSet ?? ''),
      'a tooltip with data',
    )
    expect(tray?.tooltip).toBe(tray?.tooltipSet)
    expect(tray?.tooltip.length).toBeLessThanOrEqual(127)
    // At least one whole quote, each with its price as main holds it.
    const quotes = tray?.tooltip.split('\n').at(-1)?.split('  ·  ') ?? []
    expect(quotes.length).toBeGreaterThan(0)
    for (const quote of quotes) expect(quote).toMatch(/^[A-Za-z0-9.]+ \d+(\.\d+)?( \(stale\))?$/)
  })
})
