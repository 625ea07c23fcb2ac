import { describe, expect, it } from 'vitest'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'
import { COSTED_LEDGER, COSTED_WALLETS, showWalletQuantities } from './wallet-quantity-steps'

/**
 * The quantity source beside the figures (issue 48, item 4), in the built renderer on the
 * simulator at a fixed Tuesday (11:32 ET, 17 November 2026), with Settings' choice "wallets, cost
 * from ledger".
 */

const harnesses = harnessPerTest<LiveHarness>()

describe('quantities from the wallets, beside the figures', () => {
  it('says the source on the portfolio line, in each wallet row, and the tokens without cost', async () => {
    const { page } = await harnesses.open((browser) =>
      startLiveHarness({
        browser,
        viewport: { width: 1280, height: 800 },
        transactions: COSTED_LEDGER,
        wallets: COSTED_WALLETS,
        settings: { quantitySource: 'wallets-ledger-cost' },
      }),
    )
    await showWalletQuantities(page)
    const line = page.getByRole('region', { name: 'Portfolio', exact: true })
    expect(await line.locator('.portfolio-source').textContent()).toBe(
      'Quantities: wallets, cost from ledger',
    )
    const cell = (symbol: string, column: string) =>
      page.locator(`[role="row"][data-symbol="${symbol}"] [role="gridcell"].cell-${column}`)
    // AAPLon: 12.5 from the wallets, 4 beyond the ledger's 8.5 with no cost basis, said with it.
    const aapl = cell('AAPLon', 'quantity')
    expect(await aapl.locator('[title]').first().getAttribute('title')).toBe(
      'Quantity from the wallets (the ledger holds 8.5); ' +
        '4 of them have no cost basis (the ledger holds fewer)',
    )
    expect(await aapl.locator('.uncosted-tag').textContent()).toBe('4 no cost basis')
    expect(await cell('NVDAon', 'quantity').locator('[title]').first().getAttribute('title')).toBe(
      'Quantity from the wallets (the ledger holds 20.25)',
    )
    // TSLAon: the ledger never held it: no P&L at cost, said in place, never against a zero cost.
    expect(await cell('TSLAon', 'unrealized').textContent()).toBe('no cost basis')
    expect(
      await cell('TSLAon', 'unrealizedPct')
        .getByLabel(/^No cost basis/)
        .count(),
    ).toBe(1)
  })

  it('falls back to the ledger with no wallet watched, saying why on the line and in Settings', async () => {
    const { page } = await harnesses.open((browser) =>
      startLiveHarness({
        browser,
        viewport: { width: 1280, height: 800 },
        transactions: COSTED_LEDGER,
        settings: { quantitySource: 'wallets' },
      }),
    )
    await page.getByRole('tab', { name: /Holdings/ }).click()
    const source = page.locator('.portfolio-source')
    await source.filter({ hasText: 'No wallet is watched' }).waitFor({ timeout: 30_000 })
    expect(await source.textContent()).toBe('No wallet is watched: quantities from the ledger')
    // The ledger's 20.25 NVDAon stands in, with its cost: a P&L, not "no cost basis".
    const cell = (symbol: string, column: string) =>
      page.locator(`[role="row"][data-symbol="${symbol}"] [role="gridcell"].cell-${column}`)
    expect(await cell('NVDAon', 'unrealized').textContent()).not.toBe('no cost basis')
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const settings = page.getByRole('dialog', { name: 'Settings' })
    await expect
      .poll(() => settings.locator('.warning').allTextContents())
      .toEqual([
        "No wallet is watched: the Wallets choices use the ledger's quantities " +
          'until the wallets can be read.',
      ])
  })
})
