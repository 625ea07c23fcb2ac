import { expect } from 'vitest'
import { startSimServer, type SimServer } from '../../src/main/sim/server/server'
import type { AlertInput } from '../../src/shared/alerts'
import { TUESDAY_LATE_MORNING, type AppEvent, type StandinApp } from './standin-app'

/** Steps several stand-in suites take with the app. */

/**
 * The simulator on 127.0.0.1 standing in for the real service (60 assets, `key` its API key), its
 * clock started where the stand-in app's is (Tuesday late morning).
 */
export function startServiceAtAppTime(key: string): Promise<SimServer> {
  const offset = Date.now() - TUESDAY_LATE_MORNING
  return startSimServer({ apiKey: key, port: 0, assets: 60, seed: 11, clock: () => Date.now() - offset })
}

/** Stores `key` as a user does: Settings, the key field, Save key. */
export async function saveKeyInSettings(app: StandinApp, key: string): Promise<void> {
  await app.click({ role: 'button', name: 'Settings', exact: true })
  await app.fill({ label: 'Key', exact: true }, key)
  await app.click({ role: 'button', name: 'Save key' })
}

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
