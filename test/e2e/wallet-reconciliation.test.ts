import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { DEMO_WALLETS, UNLISTED_DEMO_TOKEN } from '../../src/main/sim/market/wallet-holdings'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'
import { RECONCILED_LEDGER, RECONCILED_WALLETS, showReconciliation } from './wallet-steps'

/**
 * The Holdings tab against the watched wallets (issue 48, item 4), on the simulator at a fixed
 * Tuesday (11:32 ET, 17 November 2026). The demo wallets bought 12.5 AAPLon into Cold and moved 3.5
 * of it to Hot (a transfer between two own wallets: the sum stays 12.5), and Hot sold 4.75 of its
 * 20.25 NVDAon, a sale the ledger below lacks.
 */

const harnesses = harnessPerTest<LiveHarness>()
const SOON = { timeout: 20_000 }

function openReconciled(wallets = RECONCILED_WALLETS): Promise<LiveHarness> {
  return harnesses.open((browser) =>
    startLiveHarness({
      browser,
      viewport: { width: 1280, height: 800 },
      transactions: RECONCILED_LEDGER,
      wallets,
    }),
  )
}

describe('the Holdings tab reconciled with the wallets', () => {
  it('matches across two own wallets, says a missing sale by how much, records it as offered', async () => {
    const harness = await openReconciled()
    const { page, core } = harness
    const section = await showReconciliation(page)
    const rows = () =>
      section
        .getByRole('table', { name: 'Ledger against wallets' })
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [
            ...[...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent),
            tr.querySelector('.reconcile-difference')?.textContent,
          ]),
        )
    const missingSale = new Decimal('20.25').minus('4.75').minus('20.25').toFixed()
    expect(await rows()).toEqual([
      // Cold's 9 and Hot's 3.5: the 3.5 moved between them counted once.
      ['AAPLon', '12.5', new Decimal('12.5').minus('3.5').plus('3.5').toFixed(), 'matches'],
      ['NVDAon', '20.25', new Decimal('20.25').minus('4.75').toFixed(), `${missingSale} in the wallets`],
    ])
    await expect(section.getByRole('status').textContent()).resolves.toMatch(
      /^Read Nov 17, 11:3\d:\d\d ET from the service$/,
    )
    expect(await section.getByRole('list', { name: 'Tokens the service does not list' }).textContent()).toBe(
      `Cold (Ethereum) holds 42.1 of unlisted token ${UNLISTED_DEMO_TOKEN.slice(0, 6)}…`,
    )
    // A matching row offers nothing; the differing one a sell or a transfer out of 4.75.
    expect(await section.getByRole('button', { name: /^Record a/ }).count()).toBe(2)
    await section.getByRole('button', { name: 'Record a sell of 4.75 NVDAon' }).click()
    const form = section.locator('form.transaction-form')
    expect(await form.getByRole('radio', { name: 'Sell' }).isChecked()).toBe(true)
    expect(await form.getByLabel('Quantity', { exact: true }).inputValue()).toBe('4.75')
    // The price is the trader's to type: the focus waits in its field.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.field')?.textContent ?? ''), SOON)
      .toContain('Price (USD)')
    await form.getByLabel('Price (USD)', { exact: true }).fill('131.35')
    await form.getByRole('button', { name: 'Record transaction' }).click()
    await expect
      .poll(() => core.holdings.transactions().map((t) => [t.side, t.symbol, t.quantity, t.price]), SOON)
      .toContainEqual(['sell', 'NVDAon', '4.75', '131.35'])
    // Read again at once: the ledger now matches the wallets.
    await expect.poll(async () => (await rows())[1], SOON).toEqual(['NVDAon', '15.5', '15.5', 'matches'])
  })

  it('offers a transfer out instead, with no price to type', async () => {
    const harness = await openReconciled()
    const section = await showReconciliation(harness.page)
    await section.getByRole('button', { name: 'Record a transfer out of 4.75 NVDAon' }).click()
    const form = section.locator('form.transaction-form')
    expect(await form.getByLabel('Price (USD)', { exact: true }).count()).toBe(0)
    await form.getByRole('button', { name: 'Record transaction' }).click()
    await expect
      .poll(() => harness.core.holdings.transactions().map((t) => [t.side, t.quantity, t.price]), SOON)
      .toContainEqual(['transfer-out', '4.75', '0'])
  })

  it('offers a transfer in of what the ledger lacks, at a cost basis the trader gives', async () => {
    // Phantom holds 7.123456789 TSLAon on Solana, which the ledger has never recorded.
    const harness = await openReconciled([
      ...RECONCILED_WALLETS,
      { address: DEMO_WALLETS.phantom, label: 'Phantom' },
    ])
    const section = await showReconciliation(harness.page)
    await section.getByRole('button', { name: 'Record a transfer in of 7.123456789 TSLAon' }).click()
    const form = section.locator('form.transaction-form')
    expect(await form.getByLabel('Quantity', { exact: true }).inputValue()).toBe('7.123456789')
    expect(await form.getByLabel('Price (USD)', { exact: true }).count()).toBe(0)
    await form.getByLabel('Cost basis (USD)', { exact: true }).fill('250.25')
    await form.getByRole('button', { name: 'Record transaction' }).click()
    await expect
      .poll(
        () => harness.core.holdings.transactions().map((t) => [t.side, t.symbol, t.quantity, t.price]),
        SOON,
      )
      .toContainEqual(['transfer-in', 'TSLAon', '7.123456789', '250.25'])
    const tsla = section
      .getByRole('table', { name: 'Ledger against wallets' })
      .locator('tbody tr', { hasText: 'TSLAon' })
    await expect.poll(() => tsla.locator('.reconcile-difference').textContent(), SOON).toBe('matches')
  })
})
