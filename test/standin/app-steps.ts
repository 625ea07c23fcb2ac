import { expect } from 'vitest'
import type { AlertInput } from '../../src/shared/alerts'
import type { AppEvent, StandinApp } from './standin-app'

/** Steps several stand-in suites take with the app. */

/** Waits for the page and its prices, then closes the window to the tray (hidden, not gone). */
export async function loadThenCloseToTray(app: StandinApp): Promise<void> {
  await app.pageLoaded()
  await app.waitFor({ css: '[role="row"][data-symbol="AAPLon"] .cell-price .num' })
  await app.request('closeWindow')
  expect((await app.mainWindow()).visible).toBe(false)
}

/**
 * 16:00:00 ET on Tuesday 17 November 2026, in the pause between the regular and post-market
 * sessions: the post-market opens a minute later, time enough to start and set the alert on a
 * busy machine (a start slower than that would miss the opening, and fail the wait below).
 */
export const BEFORE_POSTMARKET = Date.UTC(2026, 10, 17, 21, 0, 0)

/**
 * Sets a session alert on AAPLon for the post-market opening (a minute after BEFORE_POSTMARKET),
 * with `note` if given, and waits for its notification to be shown.
 */
export async function alertAtPostmarketOpen(app: StandinApp, note?: string): Promise<AppEvent> {
  const input: AlertInput = {
    symbol: 'AAPLon',
    condition: { kind: 'session', session: 'postmarket', event: 'open' },
    ...(note ? { note } : {}),
  }
  const created = await app.evaluate(
    (alert) =>
      (
        window as unknown as { tokenwatch: { createAlert(args: unknown): Promise<{ ok: boolean }> } }
      ).tokenwatch.createAlert({ input: alert }),
    input,
  )
  expect(created.ok).toBe(true)
  return app.waitForEvent(
    (event) => event.event === 'notification' && String(event.title).includes('AAPLon'),
    'the alert notification',
    // Up to the opening a minute away, and then some on a busy machine.
    120_000,
  )
}
