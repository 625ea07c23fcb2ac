import type { Page } from 'playwright-core'
import { DEMO_WALLETS } from '../../src/main/sim/market/wallet-holdings'
import { RECONCILED_WALLETS } from './wallet-steps'

/**
 * The Holdings tab with its quantities from the wallets at the ledger's cost (issue 48, item 4),
 * shared by its test and its screenshots. The demo wallets hold 12.5 AAPLon (Cold and Hot), 15.5
 * NVDAon (Hot) and 7.123456789 TSLAon (Phantom); the ledger bought 8.5 AAPLon (4 fewer than the
 * wallets hold), 20.25 NVDAon (a sale of 4.75 missing) and no TSLAon.
 */
export const COSTED_LEDGER = [
  { time: '2026-11-16T10:00:00-05:00', symbol: 'AAPLon', side: 'buy', quantity: '5', price: '100.10' },
  { time: '2026-11-16T10:02:00-05:00', symbol: 'AAPLon', side: 'buy', quantity: '3.5', price: '120.20' },
  { time: '2026-11-16T10:05:00-05:00', symbol: 'NVDAon', side: 'buy', quantity: '20.25', price: '130.15' },
] as const
export const COSTED_WALLETS = [...RECONCILED_WALLETS, { address: DEMO_WALLETS.phantom, label: 'Phantom' }]

/** Shows the Holdings tab once the positions come from the wallets (their first reading is in). */
export async function showWalletQuantities(page: Page): Promise<void> {
  await page.getByRole('tab', { name: /Holdings/ }).click()
  await page
    .locator('.portfolio-source', { hasText: 'Quantities: wallets, cost from ledger' })
    .waitFor({ timeout: 30_000 })
  await page.locator('[role="row"][data-symbol="TSLAon"]').waitFor({ timeout: 30_000 })
}
