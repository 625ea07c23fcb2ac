import { join } from 'node:path'
import { DEMO_WALLETS } from '../../src/main/sim/market/wallet-holdings'
import { launchBrowser } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'
import { RECONCILED_LEDGER, RECONCILED_WALLETS, showReconciliation } from './wallet-steps'

/**
 * The Holdings tab reconciled with three watched wallets (issue 48, item 4): AAPLon matching across
 * two own wallets, NVDAon's sale missing from the ledger with its offers, TSLAon held in Phantom
 * and never entered, an unlisted token. On a fixed
 * Tuesday late morning and a fixed Saturday, at 360 and 1280 px.
 * `npx tsx test/e2e/holdings-reconciled-shots.ts` writes docs/screenshots/holdings-reconciled-*.png.
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
          transactions: RECONCILED_LEDGER,
          wallets: [...RECONCILED_WALLETS, { address: DEMO_WALLETS.phantom, label: 'Phantom' }],
        })
        try {
          const { page } = harness
          await showReconciliation(page)
          await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
          const name = `holdings-reconciled-${day}-${width}.png`
          await page.screenshot({ path: join(OUT, name) })
          console.log(`wrote ${name}`)
        } finally {
          await harness.close()
        }
      }
  } finally {
    await browser.close()
  }
}

void main()
