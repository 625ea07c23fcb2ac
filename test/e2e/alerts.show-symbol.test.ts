import { describe, expect, it } from 'vitest'
import { reloadLive, rowOf, shownOrder } from './harness'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'

/**
 * "Show SYMBOL" on an alert (its toast, its log entry, its desktop notification) reaches the
 * symbol even once it left every watchlist with its alerts kept: main still polls it for them, so
 * its details open, saying it is in no watchlist and offering to add it back.
 */

const harnesses = harnessPerTest<LiveHarness>()
const SOON = { timeout: 15_000 }

describe('an alert on a symbol in no watchlist', () => {
  it('shows its details, "in no watchlist", with an Add button', async () => {
    const { page, core } = await harnesses.open((browser) =>
      startLiveHarness({ browser, settings: { cadences: { pricesMs: 1000 } } }),
    )
    await core.invoke('createAlert', {
      input: { symbol: 'NVDAon', condition: { kind: 'price-above', level: '100000' } },
    })
    await reloadLive(page)
    await rowOf(page, 'NVDAon').click()
    await page.keyboard.press('Delete')
    await page
      .getByRole('dialog', { name: 'Remove NVDAon from Watchlist?' })
      .getByRole('button', { name: 'Remove, keep watching its alerts' })
      .click()
    await expect.poll(() => shownOrder(page), SOON).not.toContain('NVDAon')
    // A window opened since (the first snapshot, not a delta) reaches it too.
    await reloadLive(page)
    await rowOf(page, 'AAPLon').waitFor()

    // What a click on the alert's desktop notification, toast or log entry does.
    await page.evaluate(() => window.__twEmit?.('focusSymbol', { symbol: 'NVDAon' }))
    const detail = page.getByRole('complementary', { name: 'NVDAon' })
    await detail.waitFor(SOON)
    expect(await detail.textContent()).toContain('In no watchlist; polled for its alerts.')
    await detail.getByRole('button', { name: 'Add NVDAon to Watchlist' }).click()
    await expect.poll(() => shownOrder(page), SOON).toContain('NVDAon')
    await expect
      .poll(() => detail.textContent(), SOON)
      .not.toContain('In no watchlist; polled for its alerts.')
  }, 120_000)
})
