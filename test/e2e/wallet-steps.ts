import type { Locator, Page } from 'playwright-core'
import { DEMO_WALLETS } from '../../src/main/sim/market/wallet-holdings'

/** Steps the wallets' test and screenshots share (issue 48). */

/** A checksum typo: the first hex letter's case flipped, the rest as checksummed. */
export function withOneCaseFlipped(address: string): string {
  const at = [...address].findIndex((character, index) => index > 1 && /[a-fA-F]/.test(character))
  const letter = address[at] as string
  const flipped = letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()
  return `${address.slice(0, at)}${flipped}${address.slice(at + 1)}`
}

/** Opens Settings and answers its Wallets section once main's list has arrived. */
export async function openWallets(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const section = page.getByRole('form', { name: 'Wallets' })
  await section.locator('.wallet-list, p.muted:not(:text("Loading wallets"))').first().waitFor()
  return section
}

/** Types an address (and a label) and asks to watch it. */
export async function watchWallet(section: Locator, address: string, label = ''): Promise<void> {
  await section.getByLabel('Address').fill(address)
  await section.getByLabel('Label (optional)').fill(label)
  await section.getByRole('button', { name: 'Watch wallet' }).click()
}

/** The demo wallets' purchases with NVDAon's sale of 4.75 never entered: the reconciliation shows it. */
export const RECONCILED_LEDGER = [
  { time: '2026-11-16T10:00:00-05:00', symbol: 'AAPLon', side: 'buy', quantity: '12.5', price: '100.10' },
  { time: '2026-11-16T10:05:00-05:00', symbol: 'NVDAon', side: 'buy', quantity: '20.25', price: '120.20' },
] as const
/** Two EVM wallets between which the demo moved 3.5 AAPLon. */
export const RECONCILED_WALLETS = [
  { address: DEMO_WALLETS.cold, label: 'Cold' },
  { address: DEMO_WALLETS.hot, label: 'Hot' },
]

/** Shows the Holdings tab and answers its reconciliation once the wallets' first reading is in. */
export async function showReconciliation(page: Page) {
  await page.getByRole('tab', { name: /Holdings/ }).click()
  const section = page.getByRole('region', { name: 'Ledger against wallets' })
  await section.getByRole('table', { name: 'Ledger against wallets' }).waitFor({ timeout: 20_000 })
  return section
}
