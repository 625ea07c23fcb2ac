import type { Locator, Page } from 'playwright-core'

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
