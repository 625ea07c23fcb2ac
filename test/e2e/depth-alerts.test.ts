import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { AlertInput } from '../../src/shared/alerts'
import { reloadLive, rowOf } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'

/**
 * Depth alerts end to end: a real AppCore streaming the simulator's depth (gRPC) at fixed market
 * times (live-sim.ts). The symbol is neither held nor open, so only the alert puts it in the held
 * depth stream; the simulator's ladder widens from post-market into the night and the firing
 * reaches the window's alert log. On a Saturday a conventional token's ladder carries "market
 * closed" and the list says why the alert is idle.
 */

/** 19:30:00 ET on Tuesday 17 November 2026: post-market, half an hour before the overnight session. */
const TUESDAY_BEFORE_OVERNIGHT = Date.UTC(2026, 10, 18, 0, 30, 0)
const SPREAD_ALERT: AlertInput = {
  symbol: 'AAPLon',
  condition: { kind: 'spread-bp', thresholdBp: '30' },
  cooldownMs: 0,
}

const harnesses = harnessPerTest<LiveHarness>()

function open(marketTime: number) {
  return harnesses.open((browser) =>
    startLiveHarness({ browser, marketTime, viewport: { width: 1280, height: 700 }, stream: true }),
  )
}

async function showAlerts(page: Page) {
  await page.getByRole('grid', { name: 'Watchlist' }).focus()
  await page.keyboard.press('a')
  return page.getByRole('complementary', { name: 'Alerts' })
}

describe('depth alerts in the window', () => {
  it('overnight: the simulator’s widening ladder fires a spread alert, into the log', async () => {
    const { page, core, advanceMarket } = await open(TUESDAY_BEFORE_OVERNIGHT)
    await rowOf(page, 'AAPLon').locator('.cell-price .num').waitFor()
    const created = await core.invoke('createAlert', { input: SPREAD_ALERT })
    expect(created.ok, JSON.stringify(created)).toBe(true)
    // Made in main, not through the window: the window reads the alerts afresh.
    await reloadLive(page)
    await rowOf(page, 'AAPLon').locator('.cell-price .num').waitFor()
    // A readable post-market ladder came and was judged: the alert is no longer idle.
    await expect.poll(() => JSON.stringify(core.alerts.idleAlerts()), { timeout: 30_000 }).toBe('{}')
    expect(core.alerts.log.entries()).toEqual([])
    // 20:10 ET: the overnight session, its ladder twice as wide.
    await advanceMarket(40 * 60_000)
    const panel = await showAlerts(page)
    const log = panel.getByRole('list', { name: 'Fired alerts, newest first' })
    await expect
      .poll(() => log.getByRole('listitem').allTextContents(), { timeout: 30_000 })
      .toEqual([
        expect.stringMatching(
          /AAPLon depth spread [\d.]+ bp of the mid \(bid [\d.]+, ask [\d.]+\), alert above 30 bp/,
        ),
      ])
    const [entry] = core.alerts.log.entries()
    expect(entry?.kind).toBe('spread-bp')
    expect(Number(entry?.value)).toBeGreaterThan(30)
    expect(await panel.locator('.alert-item').textContent()).toContain('AAPLon depth spread wider than 30 bp')
  }, 180_000)

  it('a Saturday: the conventional token’s market closed: the list says the alert is idle', async () => {
    const { page, core } = await open(SATURDAY)
    await rowOf(page, 'AAPLon').locator('.cell-price .num').waitFor()
    expect((await core.invoke('createAlert', { input: SPREAD_ALERT })).ok).toBe(true)
    // Made in main, not through the window: the window reads the alerts afresh.
    await reloadLive(page)
    await rowOf(page, 'AAPLon').locator('.cell-price .num').waitFor()
    const panel = await showAlerts(page)
    await expect
      .poll(() => panel.locator('.alert-idle').textContent(), { timeout: 30_000 })
      .toBe('Idle: no depth: market closed')
    expect(core.alerts.log.entries()).toEqual([])
  })

  it('the editor: a liquidity alert’s inline messages, then saved and said in words', async () => {
    const { page, core } = await open(SATURDAY)
    await rowOf(page, 'AAPLon').locator('.cell-price .num').waitFor()
    const panel = await showAlerts(page)
    await panel.getByRole('button', { name: 'New alert' }).click()
    const editor = page.getByRole('dialog', { name: /alert/ })
    await editor.getByLabel('Alert when').selectOption('depth-below')
    await editor.getByLabel('Best levels').fill('0')
    await editor.getByRole('button', { name: 'Create alert' }).click()
    await expect
      .poll(() => editor.locator('.field-error').allTextContents())
      .toEqual(['The size is required', 'At least 1 level'])
    expect(core.alerts.file.list()).toEqual([])
    await editor.getByLabel('Below (tokens)').fill('3.5')
    await editor.getByLabel('Best levels').fill('5')
    await editor.getByRole('button', { name: 'Create alert' }).click()
    await editor.waitFor({ state: 'detached' })
    expect(core.alerts.file.list().map((alert) => alert.condition)).toEqual([
      { kind: 'depth-below', side: 'bids', levels: 5, size: '3.5', unit: 'tokens' },
    ])
    await expect
      .poll(() => panel.locator('.alert-condition').textContent())
      .toContain('depth under 3.5 tokens on the best 5 bid levels')
  })
})
