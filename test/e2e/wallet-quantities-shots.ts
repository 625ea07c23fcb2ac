import { shootEachDayAndWidth } from './day-width-shots'
import { COSTED_LEDGER, COSTED_WALLETS, showWalletQuantities } from './wallet-quantity-steps'

/**
 * The Holdings tab with Settings' "Quantities: wallets, cost from ledger" (issue 48, item 4): AAPLon
 * with 4 tokens beyond the ledger's (no cost basis), NVDAon's missing sale costed at the ledger's
 * average, TSLAon held only in a wallet. On a fixed Tuesday late morning and a fixed Saturday, at
 * 360 and 1280 px, and the choice in Settings > Holdings. `npx tsx test/e2e/wallet-quantities-shots.ts`
 * writes docs/screenshots/holdings-wallet-quantities-*.png and settings-quantities-*.png.
 */
void shootEachDayAndWidth(
  [360, 1280],
  (width) => ({
    viewport: { width, height: 860 },
    transactions: COSTED_LEDGER,
    wallets: COSTED_WALLETS,
    settings: { quantitySource: 'wallets-ledger-cost' },
  }),
  async ({ page, day, width, save }) => {
    await showWalletQuantities(page)
    await save(`holdings-wallet-quantities-${day}-${width}.png`)
    // The choice itself, in Settings > Holdings, with its line of help.
    // At 360 px Settings sits in a menu: opened wide, then the window narrowed again.
    await page.setViewportSize({ width: 1280, height: 860 })
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('dialog').waitFor()
    await page.setViewportSize({ width, height: 860 })
    await page.getByRole('group', { name: 'Quantities of the positions' }).scrollIntoViewIfNeeded()
    await save(`settings-quantities-${day}-${width}.png`)
  },
)
