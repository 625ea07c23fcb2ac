import { join } from 'node:path'
import { launchBrowser } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'
import { COSTED_LEDGER, COSTED_WALLETS, showWalletQuantities } from './wallet-quantity-steps'

/**
 * The Holdings tab with Settings' "Quantities: wallets, cost from ledger" (issue 48, item 4): AAPLon
 * with 4 tokens beyond the ledger's (no cost basis), NVDAon's missing sale costed at the ledger's
 * average, TSLAon held only in a wallet. On a fixed Tuesday late morning and a fixed Saturday, at
 * 360 and 1280 px, and the choice in Settings > Holdings. `npx tsx test/e2e/wallet-quantities-shots.ts`
 * writes docs/screenshots/holdings-wallet-quantities-*.png and settings-quantities-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')
const DAYS = { tuesday: TUESDAY_LATE_MORNING, saturday: SATURDAY }

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime] of Object.entries(DAYS))
      for (const width of [360, 1280]) {
        const harness = await startLiveHarness({
          browser,
          marketTime,
          viewport: { width, height: 860 },
          transactions: COSTED_LEDGER,
          wallets: COSTED_WALLETS,
          settings: { quantitySource: 'wallets-ledger-cost' },
        })
        try {
          const { page } = harness
          await showWalletQuantities(page)
          await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
          const name = `holdings-wallet-quantities-${day}-${width}.png`
          await page.screenshot({ path: join(OUT, name) })
          console.log(`wrote ${name}`)
          // The choice itself, in Settings > Holdings, with its line of help.
          // At 360 px Settings sits in a menu: opened wide, then the window narrowed again.
          await page.setViewportSize({ width: 1280, height: 860 })
          await page.getByRole('button', { name: 'Settings', exact: true }).click()
          await page.getByRole('dialog').waitFor()
          await page.setViewportSize({ width, height: 860 })
          const choice = page.getByRole('group', { name: 'Quantities of the positions' })
          await choice.scrollIntoViewIfNeeded()
          const settingsName = `settings-quantities-${day}-${width}.png`
          await page.screenshot({ path: join(OUT, settingsName) })
          console.log(`wrote ${settingsName}`)
        } finally {
          await harness.close()
        }
      }
  } finally {
    await browser.close()
  }
}

void main()
