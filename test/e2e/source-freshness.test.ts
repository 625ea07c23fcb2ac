import { describe, expect, it } from 'vitest'
import { rowOf } from './harness'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'

/**
 * Freshness per source: the market-data endpoint fails while prices keep arriving, at a fixed
 * market time (Tuesday 11:32 ET, the regular session). The market figures are marked old with
 * their age, the price stays live, and the banner says which is which.
 */

const harnesses = harnessPerTest<LiveHarness>()

describe('market data failing while prices stay live', () => {
  it('marks the market cells old with their age, keeps the price live, and the banner says so', async () => {
    const harness = await harnesses.open((browser) =>
      startLiveHarness({
        browser,
        settings: { cadences: { pricesMs: 1000, marketMs: 15_000, limitsMs: 15_000 } },
      }),
    )
    const { page, sim } = harness
    const row = rowOf(page, 'AAPLon')
    const changePct = row.locator('.cell-changePct24h')
    await expect.poll(() => changePct.textContent(), { timeout: 15_000 }).toMatch(/\d/)
    expect(await row.locator('.cell-stale').count()).toBe(0)

    sim.setFaults({ market: { serverError: 1 } })
    // Ten minutes pass: prices answer at every poll, market data fails at each of its own. Limits
    // too went unasked through the jump, so they read old until their next poll (within 15 s).
    await harness.advanceMarket(10 * 60_000)
    const banner = page.locator('.banner-error .banner-text')
    await expect
      .poll(() => banner.textContent(), { timeout: 30_000 })
      .toMatch(/had a problem on its side\. Market data 10m old; prices live\./)
    expect(await banner.textContent()).not.toContain('last good prices')

    // Every market-data cell is marked, with its age; the price is not.
    await expect.poll(() => changePct.getAttribute('class')).toContain('cell-stale')
    expect(await changePct.getAttribute('title')).toBe('Market data 10m old')
    for (const column of [
      'change24h',
      'sparkline',
      'volume',
      'range52w',
      'marketCap',
      'holders',
      'premiumPct',
    ])
      expect(await row.locator(`.cell-${column}`).getAttribute('class')).toContain('cell-stale')
    expect(await row.locator('.cell-price').getAttribute('class')).not.toContain('cell-stale')
    // The kept figure is still shown (nothing lost), and the symbol's marker names the old part.
    expect(await changePct.textContent()).toMatch(/\d/)
    expect(await row.locator('.stale-source').textContent()).toBe('mkt 10m')
    expect(await row.locator('.stale').count()).toBe(1)

    // The ticker strip follows the same rule: its change % is old, its price live.
    const tickerItem = page.locator('.ticker-copy').first().locator('.ticker-item[data-symbol="AAPLon"]')
    expect(await tickerItem.getAttribute('class')).not.toContain('is-stale')
    expect(await tickerItem.locator('.ticker-change').getAttribute('title')).toBe(
      'Market data 10m old; price live',
    )

    // Market data answers again: the marks go.
    sim.setFaults({})
    await expect.poll(() => row.locator('.cell-stale').count(), { timeout: 30_000 }).toBe(0)
    expect(await page.locator('.ticker-change-stale').count()).toBe(0)
  })
})
